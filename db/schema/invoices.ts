import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { ownedBy, timestamps } from "./columns.ts";

/**
 * An invoice is one row (ADR 0004): the whole record as one JSON document (`doc`), which is all a
 * read fetches, beside copies of the few fields that filters, sorting, the dashboard, the revision
 * check and the unique number need. Every write sets both from the same record.
 */
export const invoices = sqliteTable(
  "invoices",
  {
    id: text("id").primaryKey(),
    ...ownedBy,
    /** The record exactly as every face returns it. */
    doc: text("doc").notNull(),
    type: text("type").notNull(),
    status: text("status").notNull(),
    number: text("number"),
    revision: integer("revision").notNull(),
    clientId: text("client_id"),
    /** Who the invoice is billed to, for analytics' top clients on invoices without a client id. */
    billToName: text("bill_to_name").notNull().default(""),
    currency: text("currency").notNull(),
    issueDate: text("issue_date").notNull(),
    dueDate: text("due_date"),
    total: integer("total").notNull(),
    amountPaid: integer("amount_paid").notNull(),
    /** Number, bill-to name and e-mail, and each line's description, folded for `q` search beyond ASCII. */
    searchText: text("search_text").notNull(),
    /** Which fold wrote search_text: rows of an older one are refolded by the refold-search job. */
    searchVersion: integer("search_version").notNull().default(1),
    ...timestamps,
  },
  (table) => [
    index("invoices_account_issue").on(table.accountId, table.issueDate, table.id),
    index("invoices_account_status_issue").on(table.accountId, table.status, table.issueDate, table.id),
    index("invoices_account_type_issue").on(table.accountId, table.type, table.issueDate, table.id),
    // A client's invoices newest first: the list filter and suggestions from a client's history.
    index("invoices_account_client_issue").on(table.accountId, table.clientId, table.issueDate, table.id),
    index("invoices_open_due").on(table.status, table.dueDate),
    // Only the rows still to refold: empty once the job has caught up.
    index("invoices_search_stale").on(table.id).where(sql`${table.searchVersion} < 2`),
    uniqueIndex("invoices_account_type_number").on(table.accountId, table.type, table.number).where(sql`${table.number} is not null`),
  ],
);
