// Who acted on an invoice, by name: history records actors as `key:key_…`, `user:usr_…`,
// `agent:grt_…`, `rule:rec_…` or `system`; a person reads the key's, the person's or the agent's
// name beside each entry, in the history and in the approval inbox alike.
import { actorNames, type ActorIds } from "../../db/queries/approvals.ts";
import type { Executor } from "../../db/client.ts";
import { listHistory, type HistoryEntry } from "../../db/queries/invoice-history.ts";
import { ownedInvoice } from "./ownership.ts";

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

/** Each actor's name, looked up once per kind for all of them. */
export function actorNamesOf(db: Executor, accountId: string, actors: readonly string[]): Promise<ReadonlyMap<string, string>> {
  return actorNames(db, accountId, actorIdsOf(actors));
}

/** A history entry with who acted, by kind, id and name. */
export type NamedEntry = HistoryEntry & { by: Party };

export function namedEntry(entry: HistoryEntry, names: ReadonlyMap<string, string>): NamedEntry {
  return { ...entry, by: partyOf(entry.actor, names) };
}

/** Every entry of the account's invoice, oldest first, each with who acted by name (404/403 as the invoice). */
export async function invoiceHistory(db: Executor, accountId: string, invoiceId: string): Promise<NamedEntry[]> {
  await ownedInvoice(db, accountId, invoiceId);
  const entries = await listHistory(db, accountId, invoiceId);
  const names = await actorNamesOf(db, accountId, entries.map((entry) => entry.actor));
  return entries.map((entry) => namedEntry(entry, names));
}
