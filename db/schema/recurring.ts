import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ownedBy, timestamps } from "./columns.ts";

/** A recurring rule (`rec_`): a copy of an invoice issued on a schedule in the account's time zone. */
export const recurringRules = sqliteTable(
  "recurring_rules",
  {
    id: text("id").primaryKey(),
    ...ownedBy,
    /** The rule as the API shows it (schedule, on-issue action, send options, template invoice). */
    rule: text("rule", { mode: "json" }).notNull(),
    /** active | paused | ended */
    status: text("status").notNull(),
    /** The next period's date (YYYY-MM-DD, account time zone); null once the rule has ended. */
    nextDate: text("next_date"),
    issuedCount: integer("issued_count").notNull(),
    failures: integer("failures").notNull(),
    lastError: text("last_error"),
    ...timestamps,
  },
  // The due scan walks (status, next_date, id) in order: a page of it is a seek, never a sort of every candidate.
  (table) => [index("recurring_rules_due").on(table.status, table.nextDate, table.id), index("recurring_rules_account").on(table.accountId, table.createdAt)],
);

/** One row per rule and period: the key that makes a period issue exactly one invoice. */
export const recurringIssues = sqliteTable(
  "recurring_issues",
  {
    ruleId: text("rule_id").notNull(),
    periodDate: text("period_date").notNull(),
    ...ownedBy,
    /** The invoice issued; null when the period was skipped. */
    invoiceId: text("invoice_id"),
    createdAt: text("created_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.ruleId, table.periodDate] })],
);
