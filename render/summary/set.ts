// A short summary of a filtered set of stored invoices from the figures of one aggregate query: how
// many, to whom, which are not yet open or already settled, and per currency what is overdue and due.
// Amounts in different currencies are never added up: a set in several gets a sentence per currency.
import type { InvoiceStatus } from "../../server/domain/lifecycle.ts";
import type { SetGroup, SetOverdue } from "./phrases/index.ts";
import { readerFor, type Reader } from "./invoice.ts";

export type CurrencyFigures = {
  currency: string;
  count: number;
  total: number;
  amount_due: number;
  overdue_count: number;
  overdue_amount: number;
  oldest_overdue_days: number | null;
};

export type SetFigures = {
  /** Invoices in the set. */
  count: number;
  /** The client's name when the set is filtered to one client. */
  client: string | null;
  by_status: Partial<Record<InvoiceStatus, number>>;
  currencies: CurrencyFigures[];
};

export type SetSummary = { text: string; language: string };

const GROUP_OF: Record<InvoiceStatus, SetGroup> = {
  draft: "draft",
  review: "review",
  approved: "approved",
  sent: "open",
  viewed: "open",
  overdue: "open",
  paid: "paid",
  void: "void",
};
const GROUP_ORDER: readonly SetGroup[] = ["draft", "review", "approved", "open", "paid", "void"];

/**
 * The statuses worth naming, or null. Open documents speak through the overdue and due amounts, so a
 * set of only open ones names nothing; otherwise each group is counted, or one group named whole.
 */
function groupsOf(figures: SetFigures, reader: Reader): string | null {
  const counts = new Map<SetGroup, number>();
  for (const [status, count] of Object.entries(figures.by_status) as Array<[InvoiceStatus, number | undefined]>) {
    if (count) counts.set(GROUP_OF[status], (counts.get(GROUP_OF[status]) ?? 0) + count);
  }
  const present = GROUP_ORDER.filter((group) => counts.has(group));
  const [only] = present;
  if (present.length === 0 || (present.length === 1 && only === "open")) return null;
  const { set } = reader.phrases;
  if (present.length === 1 && only) return set.only(only, reader.count(figures.count));
  const parts = present.map((group) => set.group(group, reader.count(counts.get(group) ?? 0)));
  return new Intl.ListFormat(reader.locale, { type: "conjunction" }).format(parts);
}

function overdueOf(figures: CurrencyFigures, reader: Reader): SetOverdue | null {
  if (figures.overdue_count === 0) return null;
  return {
    count: reader.count(figures.overdue_count),
    amount: reader.money(figures.overdue_amount, figures.currency),
    oldest: figures.oldest_overdue_days === null ? null : reader.count(figures.oldest_overdue_days),
  };
}

function dueOf(figures: CurrencyFigures | undefined, reader: Reader): string | null {
  return figures && figures.amount_due !== 0 ? reader.money(figures.amount_due, figures.currency) : null;
}

/** The summary of a set in `options.language` (English when it has no phrases), numbers laid out for `options.locale`. */
export function summarizeSet(figures: SetFigures, options: { language: string; locale: string }): SetSummary {
  const reader = readerFor(options.language, options.locale);
  const { set, gap } = reader.phrases;
  const language = reader.language;
  if (figures.count === 0) return { text: set.none(figures.client), language };
  const count = reader.count(figures.count);
  const groups = groupsOf(figures, reader);
  const [first, ...others] = figures.currencies;
  if (others.length === 0) {
    const overdue = first ? overdueOf(first, reader) : null;
    return { text: set.single({ count, client: figures.client, groups, overdue, due: dueOf(first, reader) }), language };
  }
  const sentences = [
    set.headline({ count, client: figures.client, groups, currencies: reader.count(figures.currencies.length) }),
    ...figures.currencies.map((currency) =>
      set.currency({ currency: currency.currency, count: reader.count(currency.count), overdue: overdueOf(currency, reader), due: dueOf(currency, reader) }),
    ),
  ];
  return { text: sentences.join(gap), language };
}
