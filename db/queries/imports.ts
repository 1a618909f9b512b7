// Import runs and the records they made (ADR 0028).
import { and, count, desc, eq, inArray, ne, notInArray, sql } from "drizzle-orm";
import type { Executor } from "../client.ts";
import { importRecords, imports } from "../schema/index.ts";

export type ImportRow = typeof imports.$inferSelect;
export type ImportRecordKind = (typeof importRecords.$inferSelect)["kind"];

export async function findImport(db: Executor, id: string): Promise<ImportRow | undefined> {
  const [row] = await db.select().from(imports).where(eq(imports.id, id)).limit(1);
  return row;
}

/** Keeps a run's result: a new run, or a dry run, failure or cancel of the same id run again. */
export async function saveImport(db: Executor, row: ImportRow): Promise<void> {
  const { id: _id, accountId: _account, ...changes } = row;
  await db.insert(imports).values(row).onConflictDoUpdate({ target: imports.id, set: changes });
}

/** The entities already made of these record hashes: hash → entity id. */
export async function findImportedRecords(db: Executor, accountId: string, kind: ImportRecordKind, hashes: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  // SQLite binds at most 32,766 parameters; 500 hashes a query stays far below it.
  for (let at = 0; at < hashes.length; at += 500) {
    const rows = await db
      .select({ hash: importRecords.recordSha256, entityId: importRecords.entityId })
      .from(importRecords)
      .where(and(eq(importRecords.accountId, accountId), eq(importRecords.kind, kind), inArray(importRecords.recordSha256, hashes.slice(at, at + 500))));
    for (const row of rows) found.set(row.hash, row.entityId);
  }
  return found;
}

/** Records what records became; a record whose entity was deleted since points at the new one. */
export async function saveImportedRecords(db: Executor, rows: readonly (typeof importRecords.$inferInsert)[]): Promise<void> {
  // 6 columns a row: 1,000 rows a statement stay far below SQLite's bound parameters.
  for (let start = 0; start < rows.length; start += 1000) {
    await db
      .insert(importRecords)
      .values(rows.slice(start, start + 1000))
      .onConflictDoUpdate({
        target: [importRecords.accountId, importRecords.kind, importRecords.recordSha256],
        set: { entityId: sql`excluded.entity_id`, importId: sql`excluded.import_id`, createdAt: sql`excluded.created_at` },
      });
  }
}

/** How many import runs the account keeps. */
export async function countImports(db: Executor, accountId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(imports).where(eq(imports.accountId, accountId));
  return row?.n ?? 0;
}

/**
 * Forgets the account's finished import runs beyond the newest `keep` (ADR 0037): their records stay
 * in import_records, so a record met again still makes nothing new.
 */
export async function forgetImportsBeyond(db: Executor, accountId: string, keep: number): Promise<void> {
  const kept = db.select({ id: imports.id }).from(imports).where(eq(imports.accountId, accountId)).orderBy(desc(imports.createdAt), desc(imports.id)).limit(keep);
  await db.delete(imports).where(and(eq(imports.accountId, accountId), ne(imports.status, "running"), notInArray(imports.id, kept)));
}
