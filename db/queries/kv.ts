import { lt } from "drizzle-orm";
import type { Executor } from "../client.ts";
import { kv } from "../schema/index.ts";

export async function purgeExpiredKv(db: Executor, now: Date): Promise<number> {
  const result = await db.delete(kv).where(lt(kv.expiresAt, now.toISOString()));
  return result.rowsAffected;
}
