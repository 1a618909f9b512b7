// One authorization pays for one call (ADR 0023): claim, then complete or release.
import { and, eq } from "drizzle-orm";
import type { Executor } from "../client.ts";
import { x402Payments } from "../schema/index.ts";

/** Whether this authorization already paid for a call, or pays for one now. */
export async function paymentTaken(db: Executor, nonceKey: string): Promise<boolean> {
  const [row] = await db.select({ key: x402Payments.nonceKey }).from(x402Payments).where(eq(x402Payments.nonceKey, nonceKey)).limit(1);
  return row !== undefined;
}

/** Claims the payment's nonce for this call; false when another call holds or has spent it. */
export async function claimPayment(db: Executor, row: Omit<typeof x402Payments.$inferInsert, "status">): Promise<boolean> {
  const claimed = await db
    .insert(x402Payments)
    .values({ ...row, status: "claimed" })
    .onConflictDoNothing()
    .returning({ key: x402Payments.nonceKey });
  return claimed.length === 1;
}

/** The claim becomes the settled payment, with its transaction and the digest of what it bought. */
export async function completePayment(db: Executor, nonceKey: string, settled: { transaction: string; resultSha256: string; settledAt: string }): Promise<void> {
  await db
    .update(x402Payments)
    .set({ status: "settled", ...settled })
    .where(and(eq(x402Payments.nonceKey, nonceKey), eq(x402Payments.status, "claimed")));
}

/** Releases a claim whose call delivered nothing, so the same authorization may pay for a retry. */
export async function releasePayment(db: Executor, nonceKey: string): Promise<void> {
  await db.delete(x402Payments).where(and(eq(x402Payments.nonceKey, nonceKey), eq(x402Payments.status, "claimed")));
}
