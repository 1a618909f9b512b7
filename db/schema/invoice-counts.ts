import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ownedBy } from "./columns.ts";

/**
 * Invoices per account, status and type, kept by triggers on `invoices` (migration 0001), so a list
 * filtered by status or type knows its total without counting rows.
 */
export const invoiceCounts = sqliteTable(
  "invoice_counts",
  {
    ...ownedBy,
    status: text("status").notNull(),
    type: text("type").notNull(),
    count: integer("count").notNull(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.status, table.type] })],
);
