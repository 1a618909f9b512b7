import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ownedBy } from "./columns.ts";

/**
 * Every import run (ADR 0028): what was read, what it planned or did, readable afterwards at
 * GET /api/imports/{id}. The id is derived from the file's SHA-256 and the options, so posting the
 * same file again finds this row (a commit is answered from it, nothing new made).
 */
export const imports = sqliteTable(
  "imports",
  {
    id: text("id").primaryKey(),
    ...ownedBy,
    format: text("format").notNull(),
    fileSha256: text("file_sha256").notNull(),
    dryRun: integer("dry_run", { mode: "boolean" }).notNull(),
    /** running, previewed (a dry run), completed, failed, cancelled. */
    status: text("status").notNull(),
    /** The answer: summary, records with their actions, problems, notices (JSON). */
    result: text("result", { mode: "json" }),
    /** Progress of a running import: done of total records. */
    done: integer("done").notNull(),
    total: integer("total").notNull(),
    createdAt: text("created_at").notNull(),
    finishedAt: text("finished_at"),
  },
  (table) => [index("imports_account_created").on(table.accountId, table.createdAt)],
);

/**
 * What each imported record became: the hash of its content (kind, fields, status) → the invoice,
 * client or product made of it. A record met again (the same file, or another file holding it)
 * makes nothing new: the import answers with the entity already there.
 */
export const importRecords = sqliteTable(
  "import_records",
  {
    ...ownedBy,
    kind: text("kind", { enum: ["invoice", "client", "product"] }).notNull(),
    recordSha256: text("record_sha256").notNull(),
    entityId: text("entity_id").notNull(),
    importId: text("import_id").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.kind, table.recordSha256] })],
);
