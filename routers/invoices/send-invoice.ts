import { z } from "zod";
import * as sending from "../../server/invoices/send.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";
import { resourceId } from "../shared/schemas.ts";
import { revisionFields } from "./invoice.schema.ts";
import { invoiceWriteProcedure } from "./invoice-write-procedure.ts";
import { sendOptionsShape, sendResultOutput } from "./send.schema.ts";
import { INVOICES_SEND_TOOL } from "../tools.ts";

export const sendInvoice = invoiceWriteProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/invoices/{id}/send",
      tags: ["invoices"],
      operationId: "sendInvoice",
      summary: "Send an invoice by e-mail (PDF attached, share link inside) or by link; finalizes it and moves it to sent",
      description:
        "Finalizes first (assigns the number) and moves the invoice to sent through the lifecycle: from draft or review this approves it, which needs invoices:approve. An invoice already sent, viewed, overdue or paid is e-mailed again without a status change; a void one is 409. Every attachment is checked first, as its export is: one the invoice cannot be made into is that export's 422 (details.format names it) and nothing changes. The e-mail is queued in the same transaction and delivered within seconds, retried on temporary failures; a final failure announces invoice.send_failed.",
    },
    tool: {
      ...INVOICES_SEND_TOOL,
      example: { id: EXAMPLE_IDS.invoice, base_revision: 2, operation_id: EXAMPLE_IDS.operation, via: "email", to: ["ap@globex.example"], attach: ["pdf", "xrechnung"] },
    },
  })
  .input(z.strictObject({ id: resourceId("inv"), ...revisionFields, ...sendOptionsShape }))
  .output(sendResultOutput)
  .mutation(({ ctx, input, path }) => {
    const { id, base_revision, operation_id, ...options } = input;
    return sending.sendInvoice(ctx.services, ctx.writer, { procedure: path, invoiceId: id, baseRevision: base_revision, operationId: operation_id, options });
  });
