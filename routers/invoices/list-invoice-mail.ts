import { z } from "zod";
import { invoiceMail } from "../../server/invoices/send.ts";
import { isoDateTime, resourceId } from "../shared/schemas.ts";
import { scopedProcedure } from "../builders.ts";
import { sentMailOutput } from "./send.schema.ts";
import { INVOICES_QUERY_TOOL } from "../tools.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";

export const invoiceMailOutput = sentMailOutput
  .extend({
    kind: z.enum(["send", "reminder"]).describe("a send (invoices.send, a DSL SEND, a rule) or a payment reminder"),
    attempts: z.int().describe("delivery attempts so far"),
    last_error: z.string().nullable().describe("why the last attempt failed, as the mail server or the service said; null when none did"),
    queued_at: isoDateTime,
    sent_at: isoDateTime.nullable().describe("when the mail server accepted it"),
  })
  .meta({ id: "InvoiceMail" });

/** What was e-mailed for an invoice and how each delivery went: queued (pending), delivered (sent) or failed with why. */
export const listInvoiceMail = scopedProcedure("invoices:read")
  .meta({
    openapi: { method: "GET", path: "/invoices/{id}/mail", tags: ["invoices"], operationId: "listInvoiceMail", summary: "The e-mails of an invoice and how each delivery went" },
    tool: { ...INVOICES_QUERY_TOOL, action: "mail", example: { id: EXAMPLE_IDS.invoice } },
  })
  .input(z.strictObject({ id: resourceId("inv") }))
  .output(z.object({ data: z.array(invoiceMailOutput) }))
  .query(async ({ ctx, input }) => ({ data: await invoiceMail(ctx.services.database.db, ctx.accountId, input.id) }));
