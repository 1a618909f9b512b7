import { sql } from "drizzle-orm";
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { ownedBy, timestamps } from "./columns.ts";

/**
 * An invoice is one row (ADR 0004): the whole record as one JSON document (`doc`), which is all a
 * read fetches, beside the columns that filters, sorting, the dashboard and the unique number need.
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
    locked: integer("locked", { mode: "boolean" }).notNull(),
    revision: integer("revision").notNull(),
    fromName: text("from_name").notNull(),
    fromEmail: text("from_email"),
    fromAddress: text("from_address", { mode: "json" }),
    fromTaxId: text("from_tax_id"),
    billToName: text("bill_to_name").notNull(),
    billToEmail: text("bill_to_email"),
    billToAddress: text("bill_to_address", { mode: "json" }),
    billToTaxId: text("bill_to_tax_id"),
    buyerReference: text("buyer_reference"),
    clientId: text("client_id"),
    templateId: text("template_id"),
    currency: text("currency").notNull(),
    locale: text("locale").notNull(),
    issueDate: text("issue_date").notNull(),
    dueDate: text("due_date"),
    deliveryDate: text("delivery_date"),
    paymentTerms: text("payment_terms"),
    payment: text("payment", { mode: "json" }),
    notes: text("notes"),
    taxRate: real("tax_rate"),
    taxExemptionReason: text("tax_exemption_reason"),
    precedingInvoice: text("preceding_invoice", { mode: "json" }),
    items: text("items", { mode: "json" }).notNull(),
    taxBreakdown: text("tax_breakdown", { mode: "json" }).notNull(),
    subtotal: integer("subtotal").notNull(),
    tax: integer("tax").notNull(),
    total: integer("total").notNull(),
    amountPaid: integer("amount_paid").notNull(),
    /** Number, bill-to name and e-mail folded for `q` search beyond ASCII. */
    searchText: text("search_text").notNull(),
    shareUrl: text("share_url"),
    finalizedAt: text("finalized_at"),
    sentAt: text("sent_at"),
    paidAt: text("paid_at"),
    voidedAt: text("voided_at"),
    ...timestamps,
  },
  (table) => [
    index("invoices_account_issue").on(table.accountId, table.issueDate, table.id),
    index("invoices_account_status_issue").on(table.accountId, table.status, table.issueDate, table.id),
    index("invoices_account_type_issue").on(table.accountId, table.type, table.issueDate, table.id),
    index("invoices_account_client").on(table.accountId, table.clientId),
    index("invoices_open_due").on(table.status, table.dueDate),
    uniqueIndex("invoices_account_type_number").on(table.accountId, table.type, table.number).where(sql`${table.number} is not null`),
  ],
);
