import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Exported files behind signed download links (ADR 0010 "Downloads", "Reuse"). `cache_key` names
 * what the file was made from (invoice revision, template and its revision, format, syntax, and the
 * seller profile for e-invoices): a repeat export of the same finds the row and reuses the blob.
 * Inline exports (no account) have a null account and no cache key, and name the keyless caller's
 * address in `subject`, whose storage quota they count against (ADR 0037). Not unique: an expired
 * row the purge has not reached yet may share its key with the live one that replaced it.
 */
export const files = sqliteTable(
  "files",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id"),
    subject: text("subject"),
    invoiceId: text("invoice_id"),
    cacheKey: text("cache_key"),
    format: text("format").notNull(),
    contentType: text("content_type").notNull(),
    fileName: text("file_name").notNull(),
    blobKey: text("blob_key").notNull(),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    createdAt: text("created_at").notNull(),
    expiresAt: text("expires_at").notNull(),
  },
  (table) => [index("files_cache_key").on(table.accountId, table.cacheKey), index("files_expires_at").on(table.expiresAt), index("files_subject").on(table.subject, table.expiresAt)],
);
