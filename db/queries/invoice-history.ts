import { and, asc, eq, inArray } from "drizzle-orm";
import { newId } from "../../server/domain/ids.ts";
import type { InvoiceStatus } from "../../server/domain/lifecycle.ts";
import type { Executor } from "../client.ts";
import { placeholdersOf, prepared } from "./prepared.ts";
import { invoiceHistory } from "../schema/index.ts";

export const HISTORY_ACTIONS = ["created", "updated", "transitioned", "payment_recorded", "payment_removed", "finalized", "finalize_undone", "template_applied", "sent"] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

export type HistoryEntry = {
  id: string;
  revision: number;
  action: HistoryAction;
  from_status: InvoiceStatus | null;
  to_status: InvoiceStatus | null;
  changes: string[];
  note: string | null;
  actor: string;
  at: string;
};

type HistoryParams = { accountId: string; invoiceId: string; entry: Omit<HistoryEntry, "id">; now: Date };

function historyRow(params: HistoryParams): typeof invoiceHistory.$inferInsert {
  const { entry } = params;
  return {
    id: newId("his", params.now.getTime()),
    accountId: params.accountId,
    invoiceId: params.invoiceId,
    revision: entry.revision,
    action: entry.action,
    fromStatus: entry.from_status,
    toStatus: entry.to_status,
    changes: entry.changes,
    note: entry.note,
    actor: entry.actor,
    at: entry.at,
  };
}

export async function addHistory(db: Executor, params: HistoryParams): Promise<void> {
  const row = historyRow(params);
  await prepared(db, "addHistory", () => db.insert(invoiceHistory).values(placeholdersOf(row)).prepare()).run(row);
}

/** Many entries in a few statements (an import's new invoices); 11 columns a row, 500 rows a statement. */
export async function addHistories(db: Executor, entries: readonly HistoryParams[]): Promise<void> {
  for (let start = 0; start < entries.length; start += 500) {
    await db.insert(invoiceHistory).values(entries.slice(start, start + 500).map(historyRow));
  }
}

function toEntry(row: typeof invoiceHistory.$inferSelect): HistoryEntry {
  return {
    id: row.id,
    revision: row.revision,
    action: row.action as HistoryAction,
    from_status: row.fromStatus as InvoiceStatus | null,
    to_status: row.toStatus as InvoiceStatus | null,
    changes: row.changes,
    note: row.note,
    actor: row.actor,
    at: row.at,
  };
}

export async function listHistory(db: Executor, accountId: string, invoiceId: string): Promise<HistoryEntry[]> {
  const rows = await db
    .select()
    .from(invoiceHistory)
    .where(and(eq(invoiceHistory.accountId, accountId), eq(invoiceHistory.invoiceId, invoiceId)))
    .orderBy(asc(invoiceHistory.revision), asc(invoiceHistory.id));
  return rows.map(toEntry);
}

/** The histories of several invoices in one query (a page of the approval inbox), each oldest first. */
export async function listHistories(db: Executor, accountId: string, invoiceIds: readonly string[]): Promise<Map<string, HistoryEntry[]>> {
  const histories = new Map<string, HistoryEntry[]>(invoiceIds.map((id) => [id, []]));
  if (invoiceIds.length === 0) return histories;
  const rows = await db
    .select()
    .from(invoiceHistory)
    .where(and(eq(invoiceHistory.accountId, accountId), inArray(invoiceHistory.invoiceId, [...invoiceIds])))
    .orderBy(asc(invoiceHistory.invoiceId), asc(invoiceHistory.revision), asc(invoiceHistory.id));
  for (const row of rows) histories.get(row.invoiceId)?.push(toEntry(row));
  return histories;
}

export async function deleteHistory(db: Executor, accountId: string, invoiceId: string): Promise<void> {
  await db.delete(invoiceHistory).where(and(eq(invoiceHistory.accountId, accountId), eq(invoiceHistory.invoiceId, invoiceId)));
}
