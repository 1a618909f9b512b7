import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ownedBy } from "./columns.ts";

/**
 * Invoices per account, currency, issue date, type and status with their summed totals, kept by
 * triggers on `invoices` (migration 0004) in the same transaction as every write. Analytics read a
 * range of days from here instead of the invoices themselves: a year is at most a few thousand rows
 * whatever the number of invoices (ADR 0013). The key leads with the date, so a range of days is
 * one range of the index whichever currencies it holds.
 */
export const invoiceDays = sqliteTable(
  "invoice_days",
  {
    ...ownedBy,
    currency: text("currency").notNull(),
    issueDate: text("issue_date").notNull(),
    type: text("type").notNull(),
    status: text("status").notNull(),
    count: integer("count").notNull(),
    total: integer("total").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.issueDate, table.currency, table.type, table.status] }),
    // Every read of this table answered from the index alone: where a deep list page starts
    // (ADR 0031), the dashboard and analytics (ADR 0013).
    index("invoice_days_cover").on(table.accountId, table.issueDate, table.type, table.status, table.currency, table.count, table.total),
  ],
);
