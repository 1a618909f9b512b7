import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ownedBy } from "./columns.ts";

/**
 * client_revenue_months at the grain of a day, kept by the same triggers (migration 0004): top
 * clients read the partial months at a range's ends from here, never the invoices (ADR 0013).
 */
export const clientRevenueDays = sqliteTable(
  "client_revenue_days",
  {
    ...ownedBy,
    issueDate: text("issue_date").notNull(),
    currency: text("currency").notNull(),
    clientKey: text("client_key").notNull(),
    clientId: text("client_id"),
    name: text("name").notNull(),
    revenue: integer("revenue").notNull(),
    count: integer("count").notNull(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.issueDate, table.currency, table.clientKey] })],
);
