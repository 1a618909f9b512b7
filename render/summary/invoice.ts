// A short, deterministic summary of one invoice in its reader's language, the way a bookkeeper
// would say it: what it is, between whom, for what and how much, where it stands, what to do next.
// The sentences live in phrases/<language>.ts; this file works out the facts and lays out the words.
import { daysBetween } from "../../server/domain/clock.ts";
import type { InvoiceRecord } from "../../server/domain/invoice.ts";
import { isPayable, type InvoiceStatus, type InvoiceType } from "../../server/domain/lifecycle.ts";
import { formatDate, formatMoney, formatQuantity } from "../format.ts";
import { SUMMARY_PHRASES, type Count, type Standing, type SummaryLanguage, type SummaryPhrases } from "./phrases/index.ts";

export type NextAction = "finalize" | "approve" | "send" | "await_payment" | "remind" | "await_response" | "none";

export type InvoiceFacts = {
  type: InvoiceType;
  status: InvoiceStatus;
  number: string | null;
  from: string;
  to: string;
  currency: string;
  subtotal: number;
  tax: number;
  total: number;
  amount_paid: number;
  amount_due: number;
  issue_date: string;
  due_date: string | null;
  /** > 0 when an open invoice or credit note is past its due date on `today`; quotes and purchase orders are never overdue. */
  days_overdue: number | null;
  /** >= 0 when an open document has a due date not yet passed. */
  days_until_due: number | null;
  /** How many lines. */
  items: number;
  next_action: NextAction;
};

export type InvoiceSummary = { text: string; language: string; facts: InvoiceFacts };

/**
 * Where a summary's numbers and dates come from when the invoice's locale speaks another language.
 * English follows the API's own American English (finalize) and what Intl gives an invoice whose
 * locale is a bare `en`; Portuguese is Portugal's because its phrases, like its labels, are European
 * Portuguese (fatura, IVA); every other language is its home country's, Intl's default for the code.
 */
const DEFAULT_LOCALES: Record<SummaryLanguage, string> = {
  en: "en-US",
  de: "de-DE",
  fr: "fr-FR",
  es: "es-ES",
  it: "it-IT",
  nl: "nl-NL",
  pt: "pt-PT",
  ja: "ja-JP",
};

/** Whoever reads a summary: their language, the locale its numbers and dates follow, and its phrases. */
export type Reader = {
  language: SummaryLanguage;
  locale: string;
  phrases: SummaryPhrases;
  money(minor: number, currency: string): string;
  date(date: string): string;
  count(value: number): Count;
};

/** The primary language subtag, lower-cased; read by hand so a malformed tag falls back instead of throwing. */
function languageOf(tag: string): string {
  return /^[a-z]{2,3}(?=$|[-_])/i.exec(tag)?.[0].toLowerCase() ?? "";
}

/**
 * The reader of a summary asked for in `tag` (a BCP 47 tag or bare code; English when it has no
 * phrases) about a document written for `locale`: its locale lays out the numbers when it speaks the
 * summary's language (de-AT stays Austrian), else the language's default does.
 */
export function readerFor(tag: string, locale: string): Reader {
  const wanted = languageOf(tag);
  const language: SummaryLanguage = Object.hasOwn(SUMMARY_PHRASES, wanted) ? (wanted as SummaryLanguage) : "en";
  const layout = languageOf(locale) === language ? locale : DEFAULT_LOCALES[language];
  const rules = new Intl.PluralRules(layout);
  return {
    language,
    locale: layout,
    phrases: SUMMARY_PHRASES[language],
    money: (minor, currency) => formatMoney(minor, currency, layout),
    date: (date) => formatDate(date, layout, "long"),
    count: (value) => ({ value, text: formatQuantity(value, layout), plural: rules.select(value) }),
  };
}

const OPEN_STATUSES: ReadonlySet<InvoiceStatus> = new Set(["sent", "viewed", "overdue"]);

/** Longest first-line description a summary quotes; invoices carry whole paragraphs there. */
const ITEM_LENGTH = 80;

/** The description on one line, cut at a word (or anywhere, for scripts without spaces) when long. */
function shortItem(description: string): string {
  const flat = description.replace(/\s+/g, " ").trim();
  const characters = Array.from(flat);
  if (characters.length <= ITEM_LENGTH) return flat;
  const cut = characters.slice(0, ITEM_LENGTH).join("");
  const space = cut.lastIndexOf(" ");
  // No comma or stop left dangling before the ellipsis.
  return `${(space > ITEM_LENGTH / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/u, "")}…`;
}

function nextAction(record: InvoiceRecord, pastDue: boolean): NextAction {
  switch (record.status) {
    // A finalized draft refuses another finalize (INVOICE_LOCKED); sending is what it waits for.
    case "draft":
      return record.locked ? "send" : "finalize";
    case "review":
      return "approve";
    case "approved":
      return "send";
    case "sent":
    case "viewed":
      if (pastDue) return "remind";
      return isPayable(record.type) ? "await_payment" : "await_response";
    case "overdue":
      return "remind";
    case "paid":
    case "void":
      return "none";
  }
}

/** The figures a summary states, as of `today` (YYYY-MM-DD in the account's time zone). */
function invoiceFacts(record: InvoiceRecord, today: string): InvoiceFacts {
  const open = OPEN_STATUSES.has(record.status);
  const late = open && record.due_date !== null ? daysBetween(record.due_date, today) : null;
  const pastDue = late !== null && late > 0;
  const ahead = late !== null && late <= 0 && record.status !== "overdue";
  return {
    type: record.type,
    status: record.status,
    number: record.number,
    from: record.from_name,
    to: record.bill_to_name,
    currency: record.currency,
    subtotal: record.subtotal,
    tax: record.tax,
    total: record.total,
    amount_paid: record.amount_paid,
    amount_due: record.amount_due,
    issue_date: record.issue_date,
    due_date: record.due_date,
    days_overdue: pastDue && isPayable(record.type) ? late : null,
    days_until_due: ahead && record.due_date ? daysBetween(today, record.due_date) : null,
    items: record.items.length,
    next_action: nextAction(record, pastDue),
  };
}

function standingOf(facts: InvoiceFacts, locked: boolean, reader: Reader): Standing {
  const due = facts.due_date === null ? null : reader.date(facts.due_date);
  switch (facts.status) {
    case "draft":
      return { kind: "draft", finalized: locked };
    case "review":
    case "approved":
    case "paid":
    case "void":
      return { kind: facts.status };
    case "sent":
    case "viewed":
    case "overdue":
      if (facts.days_overdue !== null || facts.status === "overdue") {
        return { kind: "overdue", due, days: facts.days_overdue === null ? null : reader.count(facts.days_overdue) };
      }
      if (due !== null && facts.days_until_due === null) return { kind: "lapsed", due };
      return {
        kind: "open",
        viewed: facts.status === "viewed",
        due: due === null ? null : { date: due, days: facts.days_until_due ? reader.count(facts.days_until_due) : null },
      };
  }
}

/**
 * The summary of `record` in `options.language` (else the invoice's own), as of `options.today`.
 * Pure: the same record, day and language always give the same text.
 */
export function summarizeInvoice(record: InvoiceRecord, options: { today: string; language?: string }): InvoiceSummary {
  const reader = readerFor(options.language ?? record.locale, record.locale);
  const { phrases } = reader;
  const facts = invoiceFacts(record, options.today);
  const money = (minor: number): string => reader.money(minor, record.currency);
  const [first] = record.items;
  const sentences = [
    phrases.identity({
      type: record.type,
      number: record.number,
      from: record.from_name,
      to: record.bill_to_name,
      item: first ? shortItem(first.description) : null,
      more: record.items.length > 1 ? reader.count(record.items.length - 1) : null,
    }),
    phrases.total({ total: money(record.total), tax: record.tax === 0 ? null : money(record.tax) }),
  ];
  // An unnumbered draft was already called a draft by its identity.
  if (!(record.status === "draft" && record.number === null)) {
    sentences.push(phrases.standing({ type: record.type, standing: standingOf(facts, record.locked, reader) }));
  }
  if (OPEN_STATUSES.has(record.status) && record.amount_paid > 0 && record.amount_due > 0) {
    sentences.push(phrases.partlyPaid({ paid: money(record.amount_paid), due: money(record.amount_due) }));
  }
  sentences.push(phrases.next({ type: record.type, to: record.bill_to_name, action: facts.next_action }));
  return { text: sentences.join(phrases.gap), language: reader.language, facts };
}
