import { and, asc, eq } from "drizzle-orm";
import type { Executor } from "../client.ts";
import { payments } from "../schema/index.ts";

export type PaymentRecord = { id: string; invoice_id: string; amount: number; date: string; method: string | null; reference: string | null; created_at: string };

function toRow(accountId: string, payment: PaymentRecord): typeof payments.$inferInsert {
  return {
    id: payment.id,
    accountId,
    invoiceId: payment.invoice_id,
    amount: payment.amount,
    date: payment.date,
    method: payment.method,
    reference: payment.reference,
    createdAt: payment.created_at,
  };
}

export async function insertPayment(db: Executor, accountId: string, payment: PaymentRecord): Promise<void> {
  await db.insert(payments).values(toRow(accountId, payment));
}

/** Many payments at once (seeding): 8 columns a row, so 1,000 rows stay under SQLite's bind limit. */
export async function insertPayments(db: Executor, accountId: string, records: readonly PaymentRecord[]): Promise<void> {
  for (let start = 0; start < records.length; start += 1000) {
    await db.insert(payments).values(records.slice(start, start + 1000).map((payment) => toRow(accountId, payment)));
  }
}

/**
 * An invoice's payments by their date, then in the order they were recorded: by the time recorded
 * before the id, since ids are ordered only within the process that made them.
 */
export async function listPayments(db: Executor, accountId: string, invoiceId: string): Promise<PaymentRecord[]> {
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.accountId, accountId), eq(payments.invoiceId, invoiceId)))
    .orderBy(asc(payments.date), asc(payments.createdAt), asc(payments.id));
  return rows.map((row) => ({
    id: row.id,
    invoice_id: row.invoiceId,
    amount: row.amount,
    date: row.date,
    method: row.method,
    reference: row.reference,
    created_at: row.createdAt,
  }));
}

export async function deletePayments(db: Executor, accountId: string, invoiceId: string): Promise<void> {
  await db.delete(payments).where(and(eq(payments.accountId, accountId), eq(payments.invoiceId, invoiceId)));
}

/** Deletes one payment of the invoice and returns it; undefined when the invoice has none of that id. */
export async function deletePayment(db: Executor, accountId: string, invoiceId: string, paymentId: string): Promise<PaymentRecord | undefined> {
  const [row] = await db
    .delete(payments)
    .where(and(eq(payments.accountId, accountId), eq(payments.invoiceId, invoiceId), eq(payments.id, paymentId)))
    .returning();
  return row ? { id: row.id, invoice_id: row.invoiceId, amount: row.amount, date: row.date, method: row.method, reference: row.reference, created_at: row.createdAt } : undefined;
}
