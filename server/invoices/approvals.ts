// The approval inbox (routers/approvals/): every invoice waiting in review, who drafted and who
// submitted it (a person, a key, an agent or the service) by name, the history since it was last
// approved or created, and how its content now differs from the content last approved. Four reads
// per page, plus one per kind of actor named on it.
import { approvedContentsOf } from "../../db/queries/approved-contents.ts";
import { listAwaitingApproval } from "../../db/queries/approvals.ts";
import type { Executor } from "../../db/client.ts";
import { listHistories, type HistoryEntry } from "../../db/queries/invoice-history.ts";
import { changesSinceApproved, type ApprovedContent, type ContentChanges } from "../domain/approved-content.ts";
import type { InvoiceRecord } from "../domain/invoice.ts";
import { actorNamesOf, namedEntry, partyOf, type NamedEntry, type Party } from "./history.ts";

/** The entries after the last approval (a move into approved, not an edit made there), or after the creation. */
export function changesSinceApproval(history: readonly HistoryEntry[]): HistoryEntry[] {
  const start = history.findLastIndex((entry) => entry.action === "created" || (entry.to_status === "approved" && entry.from_status !== "approved"));
  return history.slice(start + 1);
}

export type PendingApproval = { invoice: InvoiceRecord; drafted_by: Party; submitted_at: string; submitted_by: Party; changes: NamedEntry[]; since_approval: ContentChanges | null };

/** What changed since the invoice was last approved; null when it never was. */
function approvedOf(approved: ReadonlyMap<string, ApprovedContent>, record: InvoiceRecord): ContentChanges | null {
  const content = approved.get(record.id);
  return content ? changesSinceApproved(content, record) : null;
}

export async function approvalInbox(db: Executor, accountId: string, page: { limit: number; offset: number }): Promise<{ data: PendingApproval[]; total: number }> {
  const { rows, total } = await listAwaitingApproval(db, accountId, page);
  const ids = rows.map((row) => row.record.id);
  const [histories, approved] = await Promise.all([listHistories(db, accountId, ids), approvedContentsOf(db, accountId, ids)]);
  const pending = rows.map(({ record, submission }) => {
    const history = histories.get(record.id) ?? [];
    // Invoices imported straight into review have no history: the service stands in for who drafted and submitted them.
    return {
      record,
      draftedBy: history.find((entry) => entry.action === "created")?.actor ?? "system",
      submittedBy: submission?.actor ?? "system",
      submittedAt: submission?.at ?? record.updated_at,
      changes: changesSinceApproval(history),
    };
  });
  const names = await actorNamesOf(db, accountId, pending.flatMap((item) => [item.draftedBy, item.submittedBy, ...item.changes.map((entry) => entry.actor)]));
  const data = pending.map((item) => ({
    invoice: item.record,
    drafted_by: partyOf(item.draftedBy, names),
    submitted_at: item.submittedAt,
    submitted_by: partyOf(item.submittedBy, names),
    changes: item.changes.map((entry) => namedEntry(entry, names)),
    since_approval: approvedOf(approved, item.record),
  }));
  return { data, total };
}
