// The shared rate-limit counters (ADR 0029): one atomic upsert per hit, so processes sharing a
// database count together without a lock of their own. Every window whose start has moved on is
// counted from zero; the hit is counted in every window only when none is exhausted.
import { lt, sql, type SQL } from "drizzle-orm";
import { WINDOWS, type TierLimits } from "../../server/domain/tiers.ts";
import type { Executor } from "../client.ts";
import { rateCounters } from "../schema/index.ts";

export type WindowCount = { start: number; count: number };

const COLUMNS = {
  burst: { start: rateCounters.burstStart, count: rateCounters.burstCount },
  hourly: { start: rateCounters.hourlyStart, count: rateCounters.hourlyCount },
  daily: { start: rateCounters.dailyStart, count: rateCounters.dailyCount },
} as const;

/**
 * Counts one hit for `subject` whose windows now start at `starts` (in WINDOWS' order), and answers
 * each window's count after it and whether the hit was allowed. In an upsert's SET every expression
 * reads the row as it was, so `allowed` and the counts agree.
 */
export async function hitSharedCounter(db: Executor, subject: string, starts: readonly number[], limits: TierLimits): Promise<{ windows: WindowCount[]; allowed: boolean }> {
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
  const [row] = await db
    .insert(rateCounters)
    .values({ subject, burstStart: burst, burstCount: 1, hourlyStart: hourly, hourlyCount: 1, dailyStart: daily, dailyCount: 1, allowed: 1 })
    .onConflictDoUpdate({ target: rateCounters.subject, set })
    .returning();
  if (!row) throw new Error("The rate counter upsert returned no row");
  return {
    windows: WINDOWS.map(({ key }) => ({ start: row[`${key}Start`], count: row[`${key}Count`] })),
    allowed: row.allowed === 1,
  };
}

/** Drops counters whose day is over: nothing left in them can refuse a request. */
export async function purgeEndedCounters(db: Executor, today: number): Promise<void> {
  await db.delete(rateCounters).where(lt(rateCounters.dailyStart, today));
}
