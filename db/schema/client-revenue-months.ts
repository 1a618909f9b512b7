import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ownedBy } from "./columns.ts";

/**
 * Revenue per account, currency, month of issue and client (paid invoices minus credit notes sent,
 * viewed or paid, as the dashboard counts it), kept by triggers on `invoices` (migration 0004). The
 * client is its id, or its name on invoices without one (`name:` + bill_to_name), so invoices billed
 * to a name alone still rank. Top clients over whole months read from here (ADR 0013).
 */
export const clientRevenueMonths = sqliteTable(
  "client_revenue_months",
  {
    ...ownedBy,
    currency: text("currency").notNull(),
    month: text("month").notNull(),
    clientKey: text("client_key").notNull(),
    clientId: text("client_id"),
    /** The name on the latest invoice counted here. */
    name: text("name").notNull(),
    revenue: integer("revenue").notNull(),
    count: integer("count").notNull(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.month, table.currency, table.clientKey] })],
);
