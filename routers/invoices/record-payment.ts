import { z } from "zod";
import { insertPayment } from "../../db/queries/payments.ts";
import { AppError } from "../../server/domain/errors.ts";
import { newId } from "../../server/domain/ids.ts";
import { acceptsPayment, documentName, transitionRefused } from "../../server/domain/lifecycle.ts";
import { saveRevision } from "../../server/invoices/writes.ts";
import { loadProfile, todayFor } from "../../server/accounts/profile.ts";
import { isoDate, amountSchema, resourceId } from "../shared/schemas.ts";
import { invoiceOutput, revisionFields } from "./invoice.schema.ts";
import { invoiceWriteProcedure } from "./invoice-write-procedure.ts";
import { INVOICES_MUTATE_TOOL } from "../tools.ts";
import { writerOf } from "./writer.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";

export const recordPayment = invoiceWriteProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/invoices/{id}/payments",
      tags: ["invoices"],
      operationId: "recordPayment",
      summary: "Record a payment; reaching the total marks the invoice paid",
    },
    tool: { ...INVOICES_MUTATE_TOOL, action: "record_payment", example: { id: EXAMPLE_IDS.invoice, base_revision: 4, operation_id: EXAMPLE_IDS.operation, amount: 50_000, date: "2026-11-25", method: "SEPA transfer" } },
  })
  .input(
    z.strictObject({
      id: resourceId("inv"),
      ...revisionFields,
      amount: amountSchema.min(1).describe("amount received in minor units, at most the amount due"),
      date: isoDate.optional().describe("defaults to today in the account's time zone"),
      method: z.string().max(100).optional(),
      reference: z.string().max(200).optional(),
    }),
  )
  .output(invoiceOutput)
  .mutation(({ ctx, input }) => {
    const { id, base_revision, operation_id, ...payment } = input;
    const writer = writerOf(ctx);
    return saveRevision(ctx.services, writer, {
      invoiceId: id,
      baseRevision: base_revision,
      operationId: operation_id,
      payload: { procedure: "invoices.recordPayment", id, base_revision, payment },
      async change(current, tx) {
        // Whether the invoice takes payments at all comes first: "exceeds the amount due" only means
        // something on one that does.
        if (!acceptsPayment(current.type, current.status)) {
          throw transitionRefused(current, writer.mover, `Payments are recorded on sent invoices and credit notes; the status of this ${documentName(current.type)} is ${current.status}`);
        }
        if (payment.amount > current.amount_due) {
          throw new AppError("INVALID_AMOUNT", `amount exceeds the amount due (${current.amount_due})`, { field: "amount", issue: "exceeds the amount due" });
        }
        const now = ctx.services.clock.now();
        const date = payment.date ?? todayFor(await loadProfile(tx, writer.accountId), now);
        await insertPayment(tx, writer.accountId, {
          id: newId("pay", now.getTime()),
          invoice_id: id,
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
  });
