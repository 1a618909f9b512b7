import { and, asc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { EventRecord, EventResourceType, EventType } from "../../server/domain/events.ts";
import type { Executor } from "../client.ts";
import { events } from "../schema/index.ts";
import { placeholdersOf, prepared } from "./prepared.ts";

export type StoredEvent = EventRecord & { seq: number };

/** Writes the event; returns its seq, the place in commit order it was given. */
export async function insertEvent(db: Executor, accountId: string, event: EventRecord): Promise<number> {
  const row: Omit<typeof events.$inferInsert, "seq"> = {
    id: event.id,
    accountId,
    type: event.type,
    resourceType: event.resource.type,
    resourceId: event.resource.id,
    data: event.data,
    createdAt: event.created_at,
  };
  const result = await prepared(db, "insertEvent", () => db.insert(events).values(placeholdersOf(row)).prepare()).run(row);
  return Number(result.lastInsertRowid);
}

/** A stored row as the event it records (also for webhook deliveries, db/queries/webhooks.ts). */
export function toEvent(row: typeof events.$inferSelect): StoredEvent {
  return {
    seq: row.seq,
    id: row.id,
    type: row.type as EventType,
    resource: { type: row.resourceType as EventResourceType, id: row.resourceId },
    data: row.data,
    created_at: row.createdAt,
  };
}

export type EventFilter = { type?: string; resourceId?: string; since?: string };

/**
 * A page of an account's events, newest first, with the total matching; `before` (a seq) continues
 * after the last one a page showed.
 */
export async function listEvents(db: Executor, accountId: string, filter: EventFilter, page: { limit: number; offset: number }): Promise<{ rows: StoredEvent[]; total: number }> {
  const where: SQL[] = [eq(events.accountId, accountId)];
  if (filter.type) where.push(eq(events.type, filter.type));
  if (filter.resourceId) where.push(eq(events.resourceId, filter.resourceId));
  if (filter.since) where.push(sql`${events.createdAt} >= ${filter.since}`);
  const condition = and(...where);
  const [rows, [count]] = await Promise.all([
    db.select().from(events).where(condition).orderBy(sql`${events.seq} desc`).limit(page.limit).offset(page.offset),
    db.select({ total: sql<number>`count(*)` }).from(events).where(condition),
  ]);
  return { rows: rows.map(toEvent), total: count?.total ?? 0 };
}

/** An event by id, with its account for the tenancy check (`assertOwned`). */
export async function findEvent(db: Executor, id: string): Promise<{ accountId: string; record: StoredEvent } | undefined> {
  const [row] = await db.select().from(events).where(eq(events.id, id));
  return row ? { accountId: row.accountId, record: toEvent(row) } : undefined;
}

/** The newest seq, 0 when there is none: a new webhook endpoint hears of what comes after it. */
export async function lastEventSeq(db: Executor): Promise<number> {
  const [row] = await db.select({ seq: sql<number | null>`max(${events.seq})` }).from(events);
  return row?.seq ?? 0;
}

/** The created_at of the first event at or after `seq`; undefined when there is none. */
async function timeAtOrAfter(db: Executor, seq: number): Promise<{ seq: number; createdAt: string } | undefined> {
  const [row] = await db.select({ seq: events.seq, createdAt: events.createdAt }).from(events).where(gte(events.seq, seq)).orderBy(asc(events.seq)).limit(1);
  return row;
}

/**
 * Deletes the events made before `before`. seq grows with time, so the boundary is found by a binary
 * search over seq (a few lookups by primary key), not through an index on created_at that every
 * insert would pay for. The newest event always stays, so its seq is never handed out again.
 */
export async function purgeEvents(db: Executor, before: string): Promise<void> {
  const [bounds] = await db.select({ first: sql<number | null>`min(${events.seq})`, last: sql<number | null>`max(${events.seq})` }).from(events);
  if (bounds?.first == null || bounds.last == null) return;
  // Invariant: every event below `low` is older than `before`; the one at `high` is not (or is the newest).
  let low = bounds.first;
  let high = bounds.last;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    const found = await timeAtOrAfter(db, middle);
    if (found && found.createdAt < before && found.seq < high) low = found.seq + 1;
    else high = middle;
  }
  await db.delete(events).where(lt(events.seq, low));
}
