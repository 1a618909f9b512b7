import { eq } from "drizzle-orm";
import type { Executor } from "../client.ts";
import { shares } from "../schema/index.ts";

export type ShareRow = typeof shares.$inferSelect;

export async function findShareOfInvoice(db: Executor, invoiceId: string): Promise<ShareRow | undefined> {
  const [row] = await db.select().from(shares).where(eq(shares.invoiceId, invoiceId));
  return row;
}

export async function findShareByTokenHash(db: Executor, tokenHash: string): Promise<ShareRow | undefined> {
  const [row] = await db.select().from(shares).where(eq(shares.tokenHash, tokenHash));
  return row;
}

/** One link per invoice: a new one replaces an expired predecessor. */
export async function replaceShare(db: Executor, share: ShareRow): Promise<void> {
  await db.delete(shares).where(eq(shares.invoiceId, share.invoiceId));
  await db.insert(shares).values(share);
}

export async function deleteShareOfInvoice(db: Executor, invoiceId: string): Promise<boolean> {
  const deleted = await db.delete(shares).where(eq(shares.invoiceId, invoiceId)).returning({ id: shares.id });
  return deleted.length > 0;
}
