// Webhook endpoints, their deliveries and each delivery's attempts; the fan-out cursor in kv.
import { and, asc, count, desc, eq, gt, inArray, lt, lte, ne, sql } from "drizzle-orm";
import type { DeliveryStatus } from "../../server/domain/webhooks.ts";
import type { Executor } from "../client.ts";
import { toEvent, type StoredEvent } from "./events.ts";
import { events, kv, webhookAttempts, webhookDeliveries, webhookEndpoints } from "../schema/index.ts";

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;

export async function insertEndpoint(db: Executor, row: EndpointRow): Promise<void> {
  await db.insert(webhookEndpoints).values(row);
}

export async function findEndpoint(db: Executor, id: string): Promise<{ accountId: string; record: EndpointRow } | undefined> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row ? { accountId: row.accountId, record: row } : undefined;
}

export async function countEndpoints(db: Executor, accountId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.accountId, accountId));
  return row?.n ?? 0;
}

/** An account's endpoints, oldest first, with the total. */
export async function listEndpoints(db: Executor, accountId: string, page: { limit: number; offset: number }): Promise<{ rows: EndpointRow[]; total: number }> {
  const where = eq(webhookEndpoints.accountId, accountId);
  const [rows, [total]] = await Promise.all([
    db.select().from(webhookEndpoints).where(where).orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(webhookEndpoints).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function updateEndpoint(db: Executor, id: string, changes: Partial<Omit<EndpointRow, "id" | "accountId" | "createdAt">>): Promise<void> {
  await db.update(webhookEndpoints).set(changes).where(eq(webhookEndpoints.id, id));
}

/** Deletes an endpoint with its deliveries and their attempts: nothing is owed to an endpoint that is gone. */
export async function deleteEndpoint(db: Executor, id: string): Promise<void> {
  const deliveries = db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id));
  await db.delete(webhookAttempts).where(inArray(webhookAttempts.deliveryId, deliveries));
  await db.delete(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id));
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

/** The enabled endpoints of these accounts: where fan-out may send their events. */
export async function enabledEndpointsOf(db: Executor, accountIds: readonly string[]): Promise<EndpointRow[]> {
  if (accountIds.length === 0) return [];
  return db
    .select()
    .from(webhookEndpoints)
    .where(and(inArray(webhookEndpoints.accountId, [...accountIds]), eq(webhookEndpoints.enabled, true)));
}

const FANOUT_CURSOR = "webhooks.fanout_seq";

/** The seq of the last event fan-out has handed to endpoints (0 before the first). */
export async function fanoutCursor(db: Executor): Promise<number> {
  const [row] = await db.select({ value: kv.value }).from(kv).where(eq(kv.key, FANOUT_CURSOR));
  return row ? Number(row.value) : 0;
}

export async function saveFanoutCursor(db: Executor, seq: number): Promise<void> {
  await db.insert(kv).values({ key: FANOUT_CURSOR, value: String(seq) }).onConflictDoUpdate({ target: kv.key, set: { value: String(seq) } });
}

/** Events committed after `seq`, oldest first, with their account: what fan-out has not handed out yet. */
export async function eventsToFanOut(db: Executor, seq: number, limit: number): Promise<Array<{ accountId: string; event: StoredEvent }>> {
  const rows = await db.select().from(events).where(gt(events.seq, seq)).orderBy(asc(events.seq)).limit(limit);
  return rows.map((row) => ({ accountId: row.accountId, event: toEvent(row) }));
}

/** New deliveries; one that already exists for its endpoint and event (a fan-out run repeated after a crash) is kept as it is. */
export async function insertDeliveries(db: Executor, rows: readonly DeliveryRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(webhookDeliveries).values([...rows]).onConflictDoNothing();
}

/** A due delivery with what its attempt needs: where to, the sealed secrets, and the event (null once purged). */
export type DueDelivery = {
  delivery: DeliveryRow;
  url: string;
  sealedSecret: string;
  event: StoredEvent | null;
};

/**
 * Pending deliveries due by `now` to enabled endpoints, oldest event first, each the earliest pending
 * one of its endpoint and resource: a later event of the same invoice waits until the earlier one is
 * delivered or has failed for good (order per resource).
 */
export async function dueDeliveries(db: Executor, now: string, limit: number): Promise<DueDelivery[]> {
  const earlier = sql`exists (select 1 from ${webhookDeliveries} as earlier where earlier.endpoint_id = ${webhookDeliveries.endpointId}
    and earlier.resource_key = ${webhookDeliveries.resourceKey} and earlier.status = 'pending' and earlier.event_seq < ${webhookDeliveries.eventSeq})`;
  const rows = await db
    .select({ delivery: webhookDeliveries, url: webhookEndpoints.url, sealedSecret: webhookEndpoints.secret, event: events })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .leftJoin(events, eq(events.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.status, "pending"), lte(webhookDeliveries.nextAttemptAt, now), eq(webhookEndpoints.enabled, true), sql`not ${earlier}`))
    .orderBy(asc(webhookDeliveries.eventSeq))
    .limit(limit);
  return rows.map((row) => ({ ...row, event: row.event ? toEvent(row.event) : null }));
}

export async function insertAttempts(db: Executor, rows: readonly AttemptRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(webhookAttempts).values([...rows]);
}

export async function updateDelivery(db: Executor, id: string, changes: Partial<Omit<DeliveryRow, "id" | "accountId" | "endpointId" | "eventId">>): Promise<void> {
  await db.update(webhookDeliveries).set(changes).where(eq(webhookDeliveries.id, id));
}

/** Ends an endpoint's pending deliveries (it was disabled): failed, with why. */
export async function failPendingDeliveries(db: Executor, endpointId: string, reason: string): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ status: "failed", nextAttemptAt: null, lastError: reason })
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, "pending")));
}

export async function findDelivery(db: Executor, id: string): Promise<{ accountId: string; record: DeliveryRow } | undefined> {
  const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  return row ? { accountId: row.accountId, record: row } : undefined;
}

export async function attemptsOf(db: Executor, deliveryId: string): Promise<AttemptRow[]> {
  return db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, deliveryId)).orderBy(asc(webhookAttempts.at), asc(webhookAttempts.id));
}

export async function eventExists(db: Executor, id: string): Promise<boolean> {
  const [row] = await db.select({ id: events.id }).from(events).where(eq(events.id, id));
  return row !== undefined;
}

/** An endpoint's deliveries, newest first, with the total and each one's attempts (oldest first). */
export async function listDeliveries(
  db: Executor,
  endpointId: string,
  filter: { status?: DeliveryStatus | undefined },
  page: { limit: number; offset: number },
): Promise<{ rows: Array<DeliveryRow & { attemptLog: AttemptRow[] }>; total: number }> {
  const where = and(eq(webhookDeliveries.endpointId, endpointId), filter.status ? eq(webhookDeliveries.status, filter.status) : undefined);
  const [rows, [total]] = await Promise.all([
    db.select().from(webhookDeliveries).where(where).orderBy(desc(webhookDeliveries.eventSeq), desc(webhookDeliveries.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(webhookDeliveries).where(where),
  ]);
  const attempts = rows.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(inArray(webhookAttempts.deliveryId, rows.map((row) => row.id)))
        .orderBy(asc(webhookAttempts.at), asc(webhookAttempts.id))
    : [];
  return { rows: rows.map((row) => ({ ...row, attemptLog: attempts.filter((attempt) => attempt.deliveryId === row.id) })), total: total?.n ?? 0 };
}


/**
 * Forgets settled deliveries made before `before` and their attempts: their events are gone too
 * (ADR 0016: 30 days), so they could not be redelivered. Pending ones stay until they settle.
 */
export async function purgeSettledDeliveries(db: Executor, before: string): Promise<void> {
  const settled = and(lt(webhookDeliveries.createdAt, before), ne(webhookDeliveries.status, "pending"));
  await db.delete(webhookAttempts).where(inArray(webhookAttempts.deliveryId, db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(settled)));
  await db.delete(webhookDeliveries).where(settled);
}
