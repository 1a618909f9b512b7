import { z } from "zod";
import * as payments from "../../server/invoices/record-payment.ts";
import { isoDate, amountSchema, resourceId } from "../shared/schemas.ts";
import { invoiceOutput, revisionFields } from "./invoice.schema.ts";
import { invoiceWriteProcedure } from "./invoice-write-procedure.ts";
import { INVOICES_MUTATE_TOOL } from "../tools.ts";
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
  .mutation(({ ctx, input, path }) => {
    const { id, base_revision, operation_id, ...payment } = input;
    return payments.recordPayment(ctx.services, ctx.writer, { procedure: path, invoiceId: id, baseRevision: base_revision, operationId: operation_id, payment });
  });
