import { z } from "zod";
import * as payments from "../../db/queries/payments.ts";
import { ownedInvoice } from "../../server/invoices/ownership.ts";
import { resourceId } from "../shared/schemas.ts";
import { scopedProcedure } from "../builders.ts";
import { INVOICES_QUERY_TOOL } from "../tools.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";

const paymentRecordOutput = z.object({
  id: z.string(),
  invoice_id: z.string(),
  amount: z.int(),
  date: z.string(),
  method: z.string().nullable(),
  reference: z.string().nullable(),
  created_at: z.string(),
});

export const listPayments = scopedProcedure("invoices:read")
  .meta({
    openapi: { method: "GET", path: "/invoices/{id}/payments", tags: ["invoices"], operationId: "listPayments", summary: "Payments recorded on an invoice" },
    tool: { ...INVOICES_QUERY_TOOL, action: "payments", example: { id: EXAMPLE_IDS.invoice } },
  })
  .input(z.strictObject({ id: resourceId("inv") }))
  .output(z.object({ data: z.array(paymentRecordOutput) }))
  .query(async ({ ctx, input }) => {
    const { db } = ctx.services.database;
    await ownedInvoice(db, ctx.accountId, input.id);
    return { data: await payments.listPayments(db, ctx.accountId, input.id) };
  });
