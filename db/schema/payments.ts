import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ownedBy } from "./columns.ts";

export const payments = sqliteTable(
  "payments",
  {
    id: text("id").primaryKey(),
    ...ownedBy,
    invoiceId: text("invoice_id").notNull(),
    amount: integer("amount").notNull(),
    date: text("date").notNull(),
    method: text("method"),
    reference: text("reference"),
    createdAt: text("created_at").notNull(),
  },
  (table) => [index("payments_invoice").on(table.invoiceId)],
);
