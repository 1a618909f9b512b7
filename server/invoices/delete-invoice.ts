// invoices.delete: a draft that never had a number goes for good, with its history and payments. It is
// one more kind of revisioned write (writes.ts), so it has the same replay, revision check, event
// write and operation record as every save.
import { deleteHistory } from "../../db/queries/invoice-history.ts";
import { forgetApprovedContent } from "../../db/queries/approved-contents.ts";
import { deleteInvoiceRow } from "../../db/queries/invoices.ts";
import { deletePayments } from "../../db/queries/payments.ts";
import { AppError } from "../domain/errors.ts";
import type { Services } from "../services.ts";
import { writeRevisioned, type Writer } from "./writes.ts";

export type DeleteRequest = {
  /** The procedure's path: it names the operation in the fingerprint a retry is matched by. */
  procedure: string;
  invoiceId: string;
  /** When given, it must be the current revision. */
  baseRevision: number | undefined;
  /** When given, a retry with the same id answers as the first call did. */
  operationId: string | undefined;
};

export type Deleted = { id: string; deleted: true };

/** Deletes an invoice that never had a number; a numbered one is 409 INVOICE_LOCKED (it is voided instead). */
export function deleteInvoice(services: Services, writer: Writer, request: DeleteRequest): Promise<Deleted> {
  const { procedure, invoiceId, baseRevision, operationId } = request;
  const payload = { procedure, id: invoiceId, base_revision: baseRevision };
  return writeRevisioned<void, Deleted>(services, writer, { invoiceId, baseRevision, operationId, payload }, {
    async check(current) {
      if (current.number !== null) {
        throw new AppError("INVOICE_LOCKED", `Invoice ${current.number} has a number: void it instead of deleting it`, { number: current.number });
      }
    },
    async store(_checked, current, tx) {
      await deleteInvoiceRow(tx, writer.accountId, invoiceId);
      await deleteHistory(tx, writer.accountId, invoiceId);
      await deletePayments(tx, writer.accountId, invoiceId);
      await forgetApprovedContent(tx, writer.accountId, invoiceId);
      return {
        // The event keeps the draft as it was last: what a receiver may still want to know of it.
        events: [{ type: "invoice.deleted", resource: { type: "invoice", id: invoiceId }, data: current }],
        answer: async () => ({ id: invoiceId, deleted: true }),
      };
    },
  });
}
