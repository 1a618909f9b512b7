// invoices.summarize of a filtered set of stored invoices: one grouped read, then words
// (render/summary/set.ts) as of today in the account's time zone. One invoice is summarized by
// render/summary/invoice.ts directly. No language model: the same figures, day and language always
// give the same text.
import type { Executor } from "../../db/client.ts";
import { selectionFigures, type InvoiceSelection } from "../../db/queries/invoices.ts";
import { summarizeSet, type SetFigures } from "../../render/summary/set.ts";
import { daysBetween } from "../domain/clock.ts";
import type { InvoiceStatus } from "../domain/lifecycle.ts";
import { ownedClient } from "./ownership.ts";
import { loadProfile, todayFor } from "../accounts/profile.ts";

export type SetSummaryResult = { text: string; language: string; figures: SetFigures };

/** A set of the account's invoices in words, in `language` (else the account's locale, else English). */
export async function summarizeSelection(db: Executor, accountId: string, selection: InvoiceSelection, options: { now: Date; language: string | undefined }): Promise<SetSummaryResult> {
  const profile = await loadProfile(db, accountId);
  const today = todayFor(profile, options.now);
  const [rows, client] = await Promise.all([
    selectionFigures(db, accountId, selection, today),
    selection.client_id ? ownedClient(db, accountId, selection.client_id, "client_id") : Promise.resolve(null),
  ]);
  const byStatus: Partial<Record<InvoiceStatus, number>> = {};
  const currencies = new Map<string, SetFigures["currencies"][number]>();
  for (const row of rows) {
    byStatus[row.status] = (byStatus[row.status] ?? 0) + row.count;
    const entry = currencies.get(row.currency) ?? { currency: row.currency, count: 0, total: 0, amount_due: 0, overdue_count: 0, overdue_amount: 0, oldest_overdue_days: null };
    entry.count += row.count;
    entry.total += row.total;
    entry.amount_due += row.amount_due;
    entry.overdue_count += row.overdue_count;
    entry.overdue_amount += row.overdue_amount;
    const late = row.oldest_due_date ? daysBetween(row.oldest_due_date, today) : null;
    if (late !== null && (entry.oldest_overdue_days === null || late > entry.oldest_overdue_days)) entry.oldest_overdue_days = late;
    currencies.set(row.currency, entry);
  }
  const figures: SetFigures = {
    count: rows.reduce((sum, row) => sum + row.count, 0),
    client: client?.name ?? null,
    by_status: byStatus,
    currencies: [...currencies.values()].sort((a, b) => b.count - a.count || a.currency.localeCompare(b.currency)),
  };
  const locale = profile.locale ?? "en-US";
  const summary = summarizeSet(figures, { language: options.language ?? locale, locale });
  return { ...summary, figures };
}
