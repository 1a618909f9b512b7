import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ownedBy } from "./columns.ts";

/**
 * Remembered writes: revisioned saves by `operation_id` and idempotent creates by key. A replay with
 * the same fingerprint returns the stored response; kept 30 days.
 */
export const operations = sqliteTable(
  "operations",
  {
    ...ownedBy,
    key: text("key").notNull(),
    fingerprint: text("fingerprint").notNull(),
    status: integer("status").notNull(),
    response: text("response", { mode: "json" }).notNull(),
    createdAt: text("created_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.key] }), index("operations_created").on(table.createdAt)],
);
