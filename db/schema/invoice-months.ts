import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ownedBy } from "./columns.ts";

/**
 * invoice_days at the grain of a month (YYYY-MM), kept by the same triggers (migration 0004): a year
 * by month is a few hundred rows here, and only the partial months at a range's ends are read from
 * invoice_days (ADR 0013).
 */
export const invoiceMonths = sqliteTable(
  "invoice_months",
  {
    ...ownedBy,
    month: text("month").notNull(),
    currency: text("currency").notNull(),
    type: text("type").notNull(),
    status: text("status").notNull(),
    count: integer("count").notNull(),
    total: integer("total").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.month, table.currency, table.type, table.status] }),
    // Every read of this table answered from the index alone: where a deep list page starts
    // (ADR 0031), the dashboard and analytics (ADR 0013).
    index("invoice_months_cover").on(table.accountId, table.month, table.type, table.status, table.currency, table.count, table.total),
  ],
);
