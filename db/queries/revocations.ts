// The revocation counter (ADR 0006): one kv row every process's credential cache reads before it
// trusts a cached resolution. Each write that ends a credential, or narrows what one may do, adds
// one to it in the same transaction, so the first request after the commit, in any process, sees
// the change and looks its credential up again.
import { eq, sql } from "drizzle-orm";
import type { Executor } from "../client.ts";
import { kv } from "../schema/index.ts";
import { preparedRead } from "./prepared.ts";

const KEY = "credentials:revocations";

/** Counts one revocation (a key, token, grant or session ended, a member removed or narrowed, a session moved). */
export async function noteRevocation(db: Executor): Promise<void> {
  await db
    .insert(kv)
    .values({ key: KEY, value: "1", expiresAt: null })
    .onConflictDoUpdate({ target: kv.key, set: { value: sql`cast(cast(${kv.value} as integer) + 1 as text)` } });
}

/** The counter as stored ("0" before the first revocation): one read by primary key. */
export async function readRevocations(db: Executor): Promise<string> {
  const statement = preparedRead(db, "readRevocations", ["value"], () => db.select({ value: kv.value }).from(kv).where(eq(kv.key, KEY)).prepare());
  const [row] = await statement.all({});
  return row?.value ?? "0";
}
