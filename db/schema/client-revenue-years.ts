import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ownedBy } from "./columns.ts";

/**
 * Revenue per account, currency, year of issue and client, as `client_revenue_months` keeps it per
 * month, kept by triggers of its own on `invoices` (migration 0018). A range's top clients read a
 * year here in one row per client where its months would be twelve (ADR 0013).
 */
export const clientRevenueYears = sqliteTable(
  "client_revenue_years",
  {
    ...ownedBy,
    currency: text("currency").notNull(),
    year: text("year").notNull(),
    clientKey: text("client_key").notNull(),
    clientId: text("client_id"),
    /** The name on the latest invoice counted here. */
    name: text("name").notNull(),
    revenue: integer("revenue").notNull(),
    count: integer("count").notNull(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.year, table.currency, table.clientKey] })],
);
