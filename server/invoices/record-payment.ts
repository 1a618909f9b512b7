// invoices.recordPayment: the payment row and the invoice's next revision (amount paid, and paid once
// settled) in one revisioned save, so a retry answers from the operation record and pays nothing twice.
// invoices.removePayment undoes one recorded by mistake the same way.
import { deletePayment, insertPayment } from "../../db/queries/payments.ts";
import { loadProfile, todayFor } from "../accounts/profile.ts";
import { AppError } from "../domain/errors.ts";
import { newId } from "../domain/ids.ts";
import type { InvoiceRecord } from "../domain/invoice.ts";
import { acceptsPayment, documentName, transitionRefused } from "../domain/lifecycle.ts";
import type { Services } from "../services.ts";
import { saveRevision, type Writer } from "./writes.ts";

/** A payment as received: `date` defaults to today in the account's time zone. */
export type PaymentInput = { amount: number; date?: string | undefined; method?: string | undefined; reference?: string | undefined };

export type PaymentRequest = {
  /** The procedure's path: it names the operation in the fingerprint a retry is matched by. */
  procedure: string;
  invoiceId: string;
  baseRevision: number;
  operationId: string;
  payment: PaymentInput;
};

/** Records a payment on a sent invoice or credit note, at most its amount due; reaching the total marks it paid. */
export function recordPayment(services: Services, writer: Writer, request: PaymentRequest): Promise<InvoiceRecord> {
  const { procedure, invoiceId, baseRevision, operationId, payment } = request;
  return saveRevision(services, writer, {
    invoiceId,
    baseRevision,
    operationId,
    payload: { procedure, id: invoiceId, base_revision: baseRevision, payment },
    async change(current, tx) {
      // Whether the invoice takes payments at all comes first: "exceeds the amount due" only means
      // something on one that does.
      if (!acceptsPayment(current.type, current.status)) {
        throw transitionRefused(current, writer.mover, `Payments are recorded on sent invoices and credit notes; the status of this ${documentName(current.type)} is ${current.status}`);
      }
      if (payment.amount > current.amount_due) {
        throw new AppError("INVALID_AMOUNT", `amount exceeds the amount due (${current.amount_due})`, { field: "amount", issue: "exceeds the amount due" });
      }
      const now = services.clock.now();
      const date = payment.date ?? todayFor(await loadProfile(tx, writer.accountId), now);
      await insertPayment(tx, writer.accountId, {
        id: newId("pay", now.getTime()),
        invoice_id: invoiceId,
        amount: payment.amount,
        date,
        method: payment.method ?? null,
        reference: payment.reference ?? null,
        created_at: now.toISOString(),
      });
      const amount_paid = current.amount_paid + payment.amount;
      const settled = amount_paid === current.total;
      const record = {
        ...current,
        amount_paid,
        amount_due: current.total - amount_paid,
        status: settled ? ("paid" as const) : current.status,
        paid_at: settled ? now.toISOString() : current.paid_at,
      };
      return { record, action: "payment_recorded", changes: ["amount_paid"].concat(settled ? ["status"] : []) };
    },
  });
}

export type PaymentRemoval = Omit<PaymentRequest, "payment"> & { paymentId: string };

/**
 * Removes a payment recorded by mistake: the row goes and the amount paid falls by it; a paid
 * invoice is sent again (owing), and the scheduler marks it overdue if its due date has passed.
 * A void one keeps its payments: they are its record.
 */
export function removePayment(services: Services, writer: Writer, request: PaymentRemoval): Promise<InvoiceRecord> {
  const { procedure, invoiceId, baseRevision, operationId, paymentId } = request;
  return saveRevision(services, writer, {
    invoiceId,
    baseRevision,
    operationId,
    payload: { procedure, id: invoiceId, base_revision: baseRevision, payment_id: paymentId },
    async change(current, tx) {
      if (current.status === "void") throw transitionRefused(current, writer.mover, `A void ${documentName(current.type)} keeps its payments`);
      const removed = await deletePayment(tx, writer.accountId, invoiceId, paymentId);
      if (!removed) throw new AppError("NOT_FOUND", `The ${documentName(current.type)} has no payment ${paymentId}`, { field: "payment_id" });
      const amount_paid = current.amount_paid - removed.amount;
      const unpaid = current.status === "paid";
      const record = {
        ...current,
        amount_paid,
        amount_due: current.total - amount_paid,
        status: unpaid ? ("sent" as const) : current.status,
        paid_at: unpaid ? null : current.paid_at,
      };
      return { record, action: "payment_removed", changes: ["amount_paid"].concat(unpaid ? ["status"] : []) };
    },
  });
}
