import { eq, sql } from "drizzle-orm";
import type { InvoiceType } from "../../server/domain/lifecycle.ts";
import type { Executor } from "../client.ts";
import { numberSequences } from "../schema/index.ts";

export type Sequence = { type: InvoiceType; year: number; next: number };

/** Takes the next number of (account, type, year), gapless because it runs in the finalizing transaction. */
export async function takeNextNumber(db: Executor, params: { accountId: string; type: InvoiceType; year: number }): Promise<number> {
  const [row] = await db
    .insert(numberSequences)
    .values({ accountId: params.accountId, type: params.type, year: params.year, next: 2 })
    .onConflictDoUpdate({
      target: [numberSequences.accountId, numberSequences.type, numberSequences.year],
      set: { next: sql`${numberSequences.next} + 1` },
    })
    .returning({ next: numberSequences.next });
  return (row?.next ?? 2) - 1;
}

export async function listSequences(db: Executor, accountId: string): Promise<Sequence[]> {
  const rows = await db
    .select({ type: numberSequences.type, year: numberSequences.year, next: numberSequences.next })
    .from(numberSequences)
    .where(eq(numberSequences.accountId, accountId));
  return rows.map((row) => ({ ...row, type: row.type as InvoiceType })).sort((a, b) => a.year - b.year || a.type.localeCompare(b.type));
}

export async function setSequence(db: Executor, accountId: string, sequence: Sequence): Promise<void> {
  await db
    .insert(numberSequences)
    .values({ accountId, ...sequence })
    .onConflictDoUpdate({ target: [numberSequences.accountId, numberSequences.type, numberSequences.year], set: { next: sequence.next } });
}

