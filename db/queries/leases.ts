import { eq, sql } from "drizzle-orm";
import type { Executor } from "../client.ts";
import { leases } from "../schema/index.ts";

/** Takes or renews the lease on `name` until `until`; false while another holder's lease is live. */
export async function acquireLease(db: Executor, params: { name: string; holder: string; now: Date; until: Date }): Promise<boolean> {
  const result = await db
    .insert(leases)
    .values({ name: params.name, holder: params.holder, expiresAt: params.until.toISOString() })
    .onConflictDoUpdate({
      target: leases.name,
      set: { holder: params.holder, expiresAt: params.until.toISOString() },
      setWhere: sql`${leases.expiresAt} <= ${params.now.toISOString()} or ${leases.holder} = ${params.holder}`,
    });
  return result.rowsAffected === 1;
}

/** Gives up every lease `holder` has (a clean stop), so another process may take those jobs at once. */
export async function releaseLeases(db: Executor, holder: string): Promise<void> {
  await db.delete(leases).where(eq(leases.holder, holder));
}
