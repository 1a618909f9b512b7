import { z } from "zod";
import { retryInvoiceMail as retry } from "../../server/invoices/send.ts";
import { resourceId } from "../shared/schemas.ts";
import { scopedProcedure } from "../builders.ts";
import { invoiceMailOutput } from "./list-invoice-mail.ts";
import { INVOICES_MUTATE_TOOL } from "../tools.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";

/** A failed e-mail of the invoice, queued again and built afresh from the invoice as it is now. */
export const retryInvoiceMail = scopedProcedure("invoices:write")
  .meta({
    openapi: { method: "POST", path: "/invoices/{id}/mail/{mail_id}/retry", tags: ["invoices"], operationId: "retryInvoiceMail", summary: "Send a failed e-mail of the invoice again, built from the invoice as it is now" },
    tool: { ...INVOICES_MUTATE_TOOL, action: "retry_mail", example: { id: EXAMPLE_IDS.invoice, mail_id: "mail_…" } },
  })
  .input(z.strictObject({ id: resourceId("inv"), mail_id: z.string().min(1).max(100).describe("the failed e-mail (mail_…), from invoices.query action mail") }))
  .output(invoiceMailOutput)
  .mutation(({ ctx, input }) => retry(ctx.services, ctx.accountId, input.id, input.mail_id));
