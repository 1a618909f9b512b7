import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ownedBy } from "./columns.ts";

/** Paid operations an account's credentials ran, per calendar month (UTC) and operation: GET /api/usage. */
export const paidUsage = sqliteTable(
  "paid_usage",
  {
    ...ownedBy,
    /** YYYY-MM. */
    month: text("month").notNull(),
    operation: text("operation").notNull(),
    count: integer("count").notNull(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.month, table.operation] })],
);
