// Daily rate-limit counts kept in the kv table as `usage:<subject>:<day>`; each process adds its own.
import { like, sql } from "drizzle-orm";
import type { DailyUsage } from "../../server/domain/tiers.ts";
import type { Executor } from "../client.ts";
import { kv } from "../schema/index.ts";

const PREFIX = "usage:";
/** Rows per upsert statement (3 values each, well under SQLite's 32,766). */
const ROWS_PER_STATEMENT = 500;

export async function loadDailyUsage(db: Executor): Promise<DailyUsage[]> {
  const rows = await db.select({ key: kv.key, value: kv.value }).from(kv).where(like(kv.key, `${PREFIX}%`));
  return rows.map(({ key, value }) => {
    const day = Number(key.slice(key.lastIndexOf(":") + 1));
    return { subject: key.slice(PREFIX.length, key.lastIndexOf(":")), day, count: Number(value) };
  });
}

export async function addDailyUsage(db: Executor, usage: readonly DailyUsage[]): Promise<void> {
  for (let start = 0; start < usage.length; start += ROWS_PER_STATEMENT) {
    const rows = usage.slice(start, start + ROWS_PER_STATEMENT).map(({ subject, day, count }) => ({
      key: `${PREFIX}${subject}:${day}`,
      value: String(count),
      expiresAt: new Date((day + 2 * 86_400) * 1000).toISOString(),
    }));
    await db
      .insert(kv)
      .values(rows)
      .onConflictDoUpdate({ target: kv.key, set: { value: sql`cast(${kv.value} as integer) + cast(excluded.value as integer)` } });
  }
}
