import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ownedBy } from "./columns.ts";

/** Every edit and move of an invoice, written in the transaction that makes it. */
export const invoiceHistory = sqliteTable(
  "invoice_history",
  {
    id: text("id").primaryKey(),
    ...ownedBy,
    invoiceId: text("invoice_id").notNull(),
    revision: integer("revision").notNull(),
    action: text("action").notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status"),
    changes: text("changes", { mode: "json" }).$type<string[]>().notNull(),
    note: text("note"),
    actor: text("actor").notNull(),
    at: text("at").notNull(),
  },
  (table) => [index("invoice_history_invoice").on(table.invoiceId, table.revision)],
);
