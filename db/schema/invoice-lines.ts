import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ownedBy } from "./columns.ts";

/**
 * Every line of every invoice and quote that is not void, with what suggestions need of its
 * invoice, kept by triggers on `invoices` (migration 0006) from the record's own items. The client
 * is its id, or `name:` + the billed name on invoices without one (as in the analytics aggregates).
 * The client index covers every column, so a client's newest lines are one contiguous read of small
 * entries, not a document fetched per invoice (ADR 0012).
 */
export const invoiceLines = sqliteTable(
  "invoice_lines",
  {
    ...ownedBy,
    clientKey: text("client_key").notNull(),
    issueDate: text("issue_date").notNull(),
    invoiceId: text("invoice_id").notNull(),
    position: integer("position").notNull(),
    currency: text("currency").notNull(),
    description: text("description").notNull(),
    unit: text("unit").notNull(),
    rate: integer("rate").notNull(),
    /** The rate the line is taxed at: its own, else the invoice's, else 0 (the domain's lineTax). */
    taxRate: real("tax_rate").notNull(),
    dueDate: text("due_date"),
    paymentTerms: text("payment_terms"),
  },
  (table) => [
    index("invoice_lines_client").on(
      table.accountId,
      table.clientKey,
      table.issueDate,
      table.invoiceId,
      table.position,
      table.currency,
      table.description,
      table.unit,
      table.rate,
      table.taxRate,
      table.dueDate,
      table.paymentTerms,
    ),
    index("invoice_lines_account").on(table.accountId, table.issueDate),
  ],
);
