// The approval inbox (routers/approvals/): every invoice waiting in review, who drafted and who
// submitted it (a person, a key, an agent or the service) by name, and what changed since it was last
// approved or created. Three reads per page, plus one per kind of actor named on it.
import { actorNames, listAwaitingApproval, type ActorIds } from "../../db/queries/approvals.ts";
import type { Executor } from "../../db/client.ts";
import { listHistories, type HistoryEntry } from "../../db/queries/invoice-history.ts";
import type { InvoiceRecord } from "../domain/invoice.ts";

export type PartyKind = "user" | "key" | "agent" | "system";
export type Party = { kind: PartyKind; id: string; name: string | null };

/** How the service names itself in history: `system` (status moves by jobs) and `rule:rec_…` (a recurring rule issuing). */
const SERVICE_NAMES: Record<string, string> = { system: "system", rule: "recurring rule" };

/** A history actor (`key:key_…`, `user:usr_…`, `agent:grt_…`, `rule:rec_…`, `system`) as kind and id. */
export function actorParts(actor: string): { kind: PartyKind; id: string; source: string } {
  const colon = actor.indexOf(":");
  const source = colon > 0 ? actor.slice(0, colon) : actor;
  const id = colon > 0 ? actor.slice(colon + 1) : actor;
  if (source === "key" || source === "user" || source === "agent") return { kind: source, id, source };
  return { kind: "system", id, source };
}

export function partyOf(actor: string, names: ReadonlyMap<string, string>): Party {
  const { kind, id, source } = actorParts(actor);
  // An actor whose row is gone stays unnamed; its id still tells it apart.
  return { kind, id, name: kind === "system" ? (SERVICE_NAMES[source] ?? source) : (names.get(actor) ?? null) };
}

/** The ids to look names up for, by kind, each once. */
export function actorIdsOf(actors: readonly string[]): ActorIds {
  const ids: ActorIds = { key: [], user: [], agent: [] };
  for (const actor of new Set(actors)) {
    const { kind, id } = actorParts(actor);
    if (kind !== "system") ids[kind].push(id);
  }
  return ids;
}

/** The entries after the last approval (a move into approved, not an edit made there), or after the creation. */
export function changesSinceApproval(history: readonly HistoryEntry[]): HistoryEntry[] {
  const start = history.findLastIndex((entry) => entry.action === "created" || (entry.to_status === "approved" && entry.from_status !== "approved"));
  return history.slice(start + 1);
}

export type PendingApproval = { invoice: InvoiceRecord; drafted_by: Party; submitted_at: string; submitted_by: Party; changes: HistoryEntry[] };

export async function approvalInbox(db: Executor, accountId: string, page: { limit: number; offset: number }): Promise<{ data: PendingApproval[]; total: number }> {
  const { rows, total } = await listAwaitingApproval(db, accountId, page);
  const histories = await listHistories(db, accountId, rows.map((row) => row.record.id));
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
  const names = await actorNames(db, accountId, actorIdsOf(pending.flatMap((item) => [item.draftedBy, item.submittedBy])));
  const data = pending.map((item) => ({
    invoice: item.record,
    drafted_by: partyOf(item.draftedBy, names),
    submitted_at: item.submittedAt,
    submitted_by: partyOf(item.submittedBy, names),
    changes: item.changes,
  }));
  return { data, total };
}
