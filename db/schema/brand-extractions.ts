import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Brand extractions kept for a day per normalized URL, shared by every caller (with or without an
 * account): `result` is the extraction without its links, `logo_file_id` the stored logo's row in
 * `files`, which lives exactly as long (both expire at `expires_at`, so the purge of files and the
 * end of the cache agree). A new extraction of the URL replaces the row.
 */
export const brandExtractions = sqliteTable(
  "brand_extractions",
  {
    url: text("url").primaryKey(),
    result: text("result", { mode: "json" }).notNull(),
    logoFileId: text("logo_file_id"),
    fetchedAt: text("fetched_at").notNull(),
    expiresAt: text("expires_at").notNull(),
  },
  (table) => [index("brand_extractions_expires_at").on(table.expiresAt)],
);
