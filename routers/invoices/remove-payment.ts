import { z } from "zod";
import * as payments from "../../server/invoices/record-payment.ts";
import { resourceId } from "../shared/schemas.ts";
import { invoiceOutput, revisionFields } from "./invoice.schema.ts";
import { invoiceWriteProcedure } from "./invoice-write-procedure.ts";
import { INVOICES_MUTATE_TOOL } from "../tools.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";

export const removePayment = invoiceWriteProcedure
  .meta({
    openapi: {
      method: "DELETE",
      path: "/invoices/{id}/payments/{payment_id}",
      tags: ["invoices"],
      operationId: "removePayment",
      summary: "Remove a payment recorded by mistake; a paid invoice is owed again",
    },
    tool: { ...INVOICES_MUTATE_TOOL, action: "remove_payment", example: { id: EXAMPLE_IDS.invoice, payment_id: "pay_…", base_revision: 5, operation_id: EXAMPLE_IDS.operation } },
  })
  .input(z.strictObject({ id: resourceId("inv"), payment_id: resourceId("pay").describe("the payment, from invoices.query action payments"), ...revisionFields }))
  .output(invoiceOutput)
  .mutation(({ ctx, input, path }) => {
    const { id, payment_id, base_revision, operation_id } = input;
    return payments.removePayment(ctx.services, ctx.writer, { procedure: path, invoiceId: id, paymentId: payment_id, baseRevision: base_revision, operationId: operation_id });
  });
