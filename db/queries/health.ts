import { sql } from "drizzle-orm";
import type { Executor } from "../client.ts";
import { kv } from "../schema/index.ts";

export async function databaseAnswers(db: Executor): Promise<boolean> {
  const row = await db.get<{ one: number }>(sql`select 1 as one`);
  return row?.one === 1;
}

/** Writes and reads back a kv entry. */
export async function kvRoundTrip(db: Executor, now: Date): Promise<boolean> {
  const value = now.toISOString();
  await db.insert(kv).values({ key: "health:probe", value }).onConflictDoUpdate({ target: kv.key, set: { value } });
  const row = await db.get<{ value: string }>(sql`select ${kv.value} as value from ${kv} where ${kv.key} = 'health:probe'`);
  return row?.value === value;
}
