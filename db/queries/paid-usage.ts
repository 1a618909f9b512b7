// Paid operations per account, month and operation (GET /api/usage; the tier's monthly allowance).
import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../client.ts";
import { paidUsage } from "../schema/index.ts";

export async function addPaidUsage(db: Executor, accountId: string, month: string, operation: string): Promise<void> {
  await db
    .insert(paidUsage)
    .values({ accountId, month, operation, count: 1 })
    .onConflictDoUpdate({ target: [paidUsage.accountId, paidUsage.month, paidUsage.operation], set: { count: sql`${paidUsage.count} + 1` } });
}

export async function paidUsageOf(db: Executor, accountId: string, month: string): Promise<{ operation: string; count: number }[]> {
  return db
    .select({ operation: paidUsage.operation, count: paidUsage.count })
    .from(paidUsage)
    .where(and(eq(paidUsage.accountId, accountId), eq(paidUsage.month, month)));
}
