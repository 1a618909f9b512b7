import { and, eq, inArray } from "drizzle-orm";
import type { ApprovedContent } from "../../server/domain/approved-content.ts";
import type { Executor } from "../client.ts";
import { approvedContents } from "../schema/index.ts";

/** Keeps `content` as the invoice's last approved content, replacing the one before. */
export async function keepApprovedContent(db: Executor, accountId: string, invoiceId: string, content: ApprovedContent, at: string): Promise<void> {
  const row = { invoiceId, accountId, revision: content.revision, content, approvedAt: at };
  await db.insert(approvedContents).values(row).onConflictDoUpdate({ target: approvedContents.invoiceId, set: { revision: row.revision, content, approvedAt: at } });
}

/** The last approved content of each of `invoiceIds` that has one. */
export async function approvedContentsOf(db: Executor, accountId: string, invoiceIds: readonly string[]): Promise<Map<string, ApprovedContent>> {
  if (invoiceIds.length === 0) return new Map();
  const rows = await db
    .select({ invoiceId: approvedContents.invoiceId, content: approvedContents.content })
    .from(approvedContents)
    .where(and(eq(approvedContents.accountId, accountId), inArray(approvedContents.invoiceId, [...invoiceIds])));
  return new Map(rows.map((row) => [row.invoiceId, row.content]));
}

export async function forgetApprovedContent(db: Executor, accountId: string, invoiceId: string): Promise<void> {
  await db.delete(approvedContents).where(and(eq(approvedContents.invoiceId, invoiceId), eq(approvedContents.accountId, accountId)));
}
