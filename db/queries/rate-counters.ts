// The shared rate-limit counters (ADR 0029): an atomic upsert per hit, so processes sharing a
// database count together without a lock of their own; the hits a process has waiting go as one batch.
import { lt, sql, type SQL } from "drizzle-orm";
import { WINDOWS, type TierLimits } from "../../server/domain/tiers.ts";
import type { Db, Executor } from "../client.ts";
import { rateCounters } from "../schema/index.ts";

export type WindowCount = { start: number; count: number };

const COLUMNS = {
  burst: { start: rateCounters.burstStart, count: rateCounters.burstCount },
  hourly: { start: rateCounters.hourlyStart, count: rateCounters.hourlyCount },
  daily: { start: rateCounters.dailyStart, count: rateCounters.dailyCount },
} as const;

export type CounterHit = { subject: string; starts: readonly number[]; limits: TierLimits };
export type CounterState = { windows: WindowCount[]; allowed: boolean };

/**
 * One hit's upsert: every window whose start has moved on is counted from zero, and the hit is
 * counted in every window only when none is exhausted. In an upsert's SET every expression reads
 * the row as it was, so `allowed` and the counts agree.
 */
function counterUpsert(db: Db, { subject, starts, limits }: CounterHit) {
  const current = WINDOWS.map(({ key }, index) => {
    const { start, count } = COLUMNS[key];
    return sql`(case when ${start} = ${starts[index]} then ${count} else 0 end)`;
  });
  const allowed = sql.join(
    WINDOWS.map(({ key }, index) => sql`${current[index]} < ${limits[key]}`),
    sql` and `,
  );
  const set: Record<string, SQL | number> = { allowed: sql`${allowed}` };
  WINDOWS.forEach(({ key }, index) => {
    set[`${key}Start`] = starts[index] as number;
    set[`${key}Count`] = sql`${current[index]} + (${allowed})`;
  });
  const [burst, hourly, daily] = starts as [number, number, number];
  return db
    .insert(rateCounters)
    .values({ subject, burstStart: burst, burstCount: 1, hourlyStart: hourly, hourlyCount: 1, dailyStart: daily, dailyCount: 1, allowed: 1 })
    .onConflictDoUpdate({ target: rateCounters.subject, set })
    .returning();
}

/**
 * Counts several hits in one batch (one round trip, one transaction): each answers its windows'
 * counts after it and whether it was allowed, in order, as if they had come one by one.
 */
export async function hitSharedCounters(db: Db, hits: readonly CounterHit[]): Promise<CounterState[]> {
  const [first, ...rest] = hits.map((hit) => counterUpsert(db, hit));
  if (!first) return [];
  const results = (await db.batch([first, ...rest])) as Array<Array<typeof rateCounters.$inferSelect>>;
  return results.map(([row]) => {
    if (!row) throw new Error("The rate counter upsert returned no row");
    return { windows: WINDOWS.map(({ key }) => ({ start: row[`${key}Start`], count: row[`${key}Count`] })), allowed: row.allowed === 1 };
  });
}

/** Drops counters whose day is over: nothing left in them can refuse a request. */
export async function purgeEndedCounters(db: Executor, today: number): Promise<void> {
  await db.delete(rateCounters).where(lt(rateCounters.dailyStart, today));
}
