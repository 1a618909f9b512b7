// Invoice storage: one row per invoice (ADR 0004). A read is one statement; so is a list page, its
// total counted in the same statement by a window function.
import { and, desc, eq, gte, inArray, lt, lte, sql, type SQL } from "drizzle-orm";
import type { InvoiceRecord } from "../../server/domain/invoice.ts";
import { searchFold } from "../../server/domain/invoice.ts";
import type { InvoiceStatus, InvoiceType } from "../../server/domain/lifecycle.ts";
import type { Executor } from "../client.ts";
import { containsFolded } from "./search.ts";
import { invoices } from "../schema/index.ts";

type Row = typeof invoices.$inferSelect;

export function toRecord(row: Row): InvoiceRecord {
  return {
    id: row.id,
    type: row.type as InvoiceType,
    status: row.status as InvoiceStatus,
    number: row.number,
    locked: row.locked,
    revision: row.revision,
    from_name: row.fromName,
    from_email: row.fromEmail,
    from_address: row.fromAddress as InvoiceRecord["from_address"],
    from_tax_id: row.fromTaxId,
    bill_to_name: row.billToName,
    bill_to_email: row.billToEmail,
    bill_to_address: row.billToAddress as InvoiceRecord["bill_to_address"],
    bill_to_tax_id: row.billToTaxId,
    buyer_reference: row.buyerReference,
    client_id: row.clientId,
    template_id: row.templateId,
    currency: row.currency,
    locale: row.locale,
    issue_date: row.issueDate,
    due_date: row.dueDate,
    delivery_date: row.deliveryDate,
    payment_terms: row.paymentTerms,
    payment: row.payment as InvoiceRecord["payment"],
    notes: row.notes,
    tax_rate: row.taxRate,
    tax_exemption_reason: row.taxExemptionReason,
    preceding_invoice: row.precedingInvoice as InvoiceRecord["preceding_invoice"],
    items: row.items as InvoiceRecord["items"],
    tax_breakdown: row.taxBreakdown as InvoiceRecord["tax_breakdown"],
    subtotal: row.subtotal,
    tax: row.tax,
    total: row.total,
    amount_paid: row.amountPaid,
    amount_due: row.total - row.amountPaid,
    share_url: row.shareUrl,
    finalized_at: row.finalizedAt,
    sent_at: row.sentAt,
    paid_at: row.paidAt,
    voided_at: row.voidedAt,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

function toRow(accountId: string, record: InvoiceRecord): Row {
  return {
    id: record.id,
    accountId,
    type: record.type,
    status: record.status,
    number: record.number,
    locked: record.locked,
    revision: record.revision,
    fromName: record.from_name,
    fromEmail: record.from_email,
    fromAddress: record.from_address,
    fromTaxId: record.from_tax_id,
    billToName: record.bill_to_name,
    billToEmail: record.bill_to_email,
    billToAddress: record.bill_to_address,
    billToTaxId: record.bill_to_tax_id,
    buyerReference: record.buyer_reference,
    clientId: record.client_id,
    templateId: record.template_id,
    currency: record.currency,
    locale: record.locale,
    issueDate: record.issue_date,
    dueDate: record.due_date,
    deliveryDate: record.delivery_date,
    paymentTerms: record.payment_terms,
    payment: record.payment,
    notes: record.notes,
    taxRate: record.tax_rate,
    taxExemptionReason: record.tax_exemption_reason,
    precedingInvoice: record.preceding_invoice,
    items: record.items,
    taxBreakdown: record.tax_breakdown,
    subtotal: record.subtotal,
    tax: record.tax,
    total: record.total,
    amountPaid: record.amount_paid,
    searchText: searchFold(record.number, record.bill_to_name, record.bill_to_email),
    shareUrl: record.share_url,
    finalizedAt: record.finalized_at,
    sentAt: record.sent_at,
    paidAt: record.paid_at,
    voidedAt: record.voided_at,
    createdAt: record.created_at,
    updatedAt: record.updated_at,
  };
}

export type StoredInvoice = { accountId: string; record: InvoiceRecord };

/** The invoice with this id in any account: the caller decides between 403 and 404. */
export async function findInvoice(db: Executor, id: string): Promise<StoredInvoice | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row ? { accountId: row.accountId, record: toRecord(row) } : undefined;
}

/** Only the owner of an invoice, for the tenancy check that precedes input validation. */
export async function findInvoiceOwner(db: Executor, id: string): Promise<string | undefined> {
  const [row] = await db.select({ accountId: invoices.accountId }).from(invoices).where(eq(invoices.id, id));
  return row?.accountId;
}

export async function insertInvoice(db: Executor, accountId: string, record: InvoiceRecord): Promise<void> {
  await db.insert(invoices).values(toRow(accountId, record));
}

/** Writes `record` over the stored row if it is still at `baseRevision`; false when it moved on. */
export async function replaceInvoice(db: Executor, accountId: string, record: InvoiceRecord, baseRevision: number): Promise<boolean> {
  const { id: _id, accountId: _account, createdAt: _created, ...changes } = toRow(accountId, record);
  const result = await db
    .update(invoices)
    .set(changes)
    .where(and(eq(invoices.id, record.id), eq(invoices.accountId, accountId), eq(invoices.revision, baseRevision)));
  return result.rowsAffected === 1;
}

export async function deleteInvoiceRow(db: Executor, accountId: string, id: string): Promise<void> {
  await db.delete(invoices).where(and(eq(invoices.id, id), eq(invoices.accountId, accountId)));
}

export type InvoiceFilters = {
  status?: InvoiceStatus | undefined;
  type?: InvoiceType | undefined;
  client_id?: string | undefined;
  from_date?: string | undefined;
  to_date?: string | undefined;
  q?: string | undefined;
  limit: number;
  offset: number;
};

export async function listInvoices(db: Executor, accountId: string, filters: InvoiceFilters): Promise<{ records: InvoiceRecord[]; total: number }> {
  const conditions: SQL[] = [eq(invoices.accountId, accountId)];
  if (filters.status) conditions.push(eq(invoices.status, filters.status));
  if (filters.type) conditions.push(eq(invoices.type, filters.type));
  if (filters.client_id) conditions.push(eq(invoices.clientId, filters.client_id));
  if (filters.from_date) conditions.push(gte(invoices.issueDate, filters.from_date));
  if (filters.to_date) conditions.push(lte(invoices.issueDate, filters.to_date));
  if (filters.q) conditions.push(containsFolded(invoices.searchText, filters.q));
  const where = and(...conditions);
  const rows = await db
    .select({ row: invoices, total: sql<number>`count(*) over ()` })
    .from(invoices)
    .where(where)
    .orderBy(desc(invoices.issueDate), desc(invoices.id))
    .limit(filters.limit)
    .offset(filters.offset);
  const first = rows[0];
  if (first) return { records: rows.map(({ row }) => toRecord(row)), total: first.total };
  if (filters.offset === 0) return { records: [], total: 0 };
  // A page past the end has no row to carry the window total: count separately.
  const [counted] = await db.select({ total: sql<number>`count(*)` }).from(invoices).where(where);
  return { records: [], total: counted?.total ?? 0 };
}


/** The id of the account's invoice of this type carrying `number`, if any. */
export async function findInvoiceByNumber(db: Executor, accountId: string, type: InvoiceType, number: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.accountId, accountId), eq(invoices.type, type), eq(invoices.number, number)));
  return row?.id;
}

export type DueCursor = { dueDate: string; id: string };

/**
 * Sent or viewed invoices due before `before` (the latest "today" of any time zone), by due date and
 * id, starting after `after` so a caller pages through all of them.
 */
export async function findOverdueCandidates(db: Executor, params: { before: string; after: DueCursor | null; limit: number }): Promise<StoredInvoice[]> {
  const { before, after, limit } = params;
  const page = after ? sql`(${invoices.dueDate}, ${invoices.id}) > (${after.dueDate}, ${after.id})` : undefined;
  const rows = await db
    .select()
    .from(invoices)
    .where(and(inArray(invoices.status, ["sent", "viewed"]), eq(invoices.type, "invoice"), lt(invoices.dueDate, before), page))
    .orderBy(invoices.dueDate, invoices.id)
    .limit(limit);
  return rows.map((row) => ({ accountId: row.accountId, record: toRecord(row) }));
}
