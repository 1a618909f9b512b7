import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ownedBy } from "./columns.ts";

/**
 * What open invoices (sent, viewed or overdue) still owe, per account, currency, due date ('' for
 * none) and status, kept by triggers on `invoices` (migration 0004). The aging buckets, the
 * outstanding amount and the dashboard's overdue sum a few hundred rows from here (ADR 0013).
 */
export const openReceivables = sqliteTable(
  "open_receivables",
  {
    ...ownedBy,
    currency: text("currency").notNull(),
    dueDate: text("due_date").notNull(),
    status: text("status").notNull(),
    count: integer("count").notNull(),
    amountDue: integer("amount_due").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.currency, table.dueDate, table.status] }),
    // Aging and the dashboard read every row of an account (paid invoices leave rows at zero behind:
    // thousands at a million invoices); from the index alone, never the table.
    index("open_receivables_cover").on(table.accountId, table.currency, table.dueDate, table.status, table.count, table.amountDue),
  ],
);
