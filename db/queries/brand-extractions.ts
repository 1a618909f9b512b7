import { and, eq, gt, lte } from "drizzle-orm";
import type { Executor } from "../client.ts";
import { brandExtractions } from "../schema/index.ts";

export type BrandExtractionRow = typeof brandExtractions.$inferSelect;

/** The live extraction of a normalized URL, if one was made within its day. */
export async function findBrandExtraction(db: Executor, url: string, now: string): Promise<BrandExtractionRow | undefined> {
  const [row] = await db
    .select()
    .from(brandExtractions)
    .where(and(eq(brandExtractions.url, url), gt(brandExtractions.expiresAt, now)));
  return row;
}

/** Stores an extraction in place of the URL's previous one, and drops every row whose day is over. */
export async function saveBrandExtraction(db: Executor, row: BrandExtractionRow, now: string): Promise<void> {
  await db.delete(brandExtractions).where(lte(brandExtractions.expiresAt, now));
  await db
    .insert(brandExtractions)
    .values(row)
    .onConflictDoUpdate({ target: brandExtractions.url, set: { result: row.result, logoFileId: row.logoFileId, fetchedAt: row.fetchedAt, expiresAt: row.expiresAt } });
}
