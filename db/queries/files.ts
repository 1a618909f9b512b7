import { and, count, eq, gt, lte, min, sum } from "drizzle-orm";
import type { Executor } from "../client.ts";
import { files } from "../schema/index.ts";

export type StoredFile = typeof files.$inferSelect;

export async function findFile(db: Executor, id: string): Promise<StoredFile | undefined> {
  const [row] = await db.select().from(files).where(eq(files.id, id));
  return row;
}

/** A live file made from the same inputs (the account's cache key), if any. */
export async function findCachedFile(db: Executor, accountId: string, cacheKey: string, now: string): Promise<StoredFile | undefined> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.accountId, accountId), eq(files.cacheKey, cacheKey), gt(files.expiresAt, now)));
  return row;
}

/** Whose stored files count together: an account's, or a keyless caller's address (ADR 0037). */
export type FileOwner = { accountId: string } | { subject: string };

export type LiveFiles = { count: number; bytes: number; soonestExpiry: string | null };

/** The owner's files still live at `now`: how many, their bytes together, and when the first of them expires. */
export async function liveFilesOf(db: Executor, owner: FileOwner, now: string): Promise<LiveFiles> {
  const whose = "accountId" in owner ? eq(files.accountId, owner.accountId) : eq(files.subject, owner.subject);
  const [row] = await db
    .select({ count: count(), bytes: sum(files.size), soonestExpiry: min(files.expiresAt) })
    .from(files)
    .where(and(whose, gt(files.expiresAt, now)));
  return { count: row?.count ?? 0, bytes: Number(row?.bytes ?? 0), soonestExpiry: row?.soonestExpiry ?? null };
}

export async function insertFile(db: Executor, file: StoredFile): Promise<void> {
  await db.insert(files).values(file);
}

/** A reused file lives another full period from its reuse. */
export async function extendFile(db: Executor, id: string, expiresAt: string): Promise<void> {
  await db.update(files).set({ expiresAt }).where(eq(files.id, id));
}

/** Files expired by `now` (oldest first), for the purge job to delete with their blobs. */
export async function findExpiredFiles(db: Executor, now: string, limit: number): Promise<StoredFile[]> {
  return db.select().from(files).where(lte(files.expiresAt, now)).orderBy(files.expiresAt).limit(limit);
}

/** Deletes the row only while it is still expired: a reuse in between extended it and keeps it. */
export async function deleteExpiredFile(db: Executor, id: string, now: string): Promise<boolean> {
  const deleted = await db.delete(files).where(and(eq(files.id, id), lte(files.expiresAt, now))).returning({ id: files.id });
  return deleted.length > 0;
}
