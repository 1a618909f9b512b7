// Daily rate-limit counts kept in the kv table as `usage:<subject>:<day>`; each process adds its own.
import { like, sql } from "drizzle-orm";
import type { DailyUsage } from "../../server/rate-limit.ts";
import type { Executor } from "../client.ts";
import { kv } from "../schema/index.ts";

const PREFIX = "usage:";

export async function loadDailyUsage(db: Executor): Promise<DailyUsage[]> {
  const rows = await db.select({ key: kv.key, value: kv.value }).from(kv).where(like(kv.key, `${PREFIX}%`));
  return rows.map(({ key, value }) => {
    const day = Number(key.slice(key.lastIndexOf(":") + 1));
    return { subject: key.slice(PREFIX.length, key.lastIndexOf(":")), day, count: Number(value) };
  });
}

export async function addDailyUsage(db: Executor, usage: readonly DailyUsage[]): Promise<void> {
  for (const { subject, day, count } of usage) {
    const expiresAt = new Date((day + 2 * 86_400) * 1000).toISOString();
    await db
      .insert(kv)
      .values({ key: `${PREFIX}${subject}:${day}`, value: String(count), expiresAt })
      .onConflictDoUpdate({ target: kv.key, set: { value: sql`cast(${kv.value} as integer) + ${count}` } });
  }
}
