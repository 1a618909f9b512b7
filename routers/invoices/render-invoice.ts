import { z } from "zod";
import { pricedProcedure } from "../builders.ts";
import { exportGivenInvoice, RENDERED_FORMATS } from "./export-inline-invoice.ts";
import { exportOutput, inlineTemplateId } from "./export.schema.ts";
import { inlineInvoiceInput } from "./invoice.schema.ts";

/**
 * The paid server-side render (README "Payments": 0.005 USD): an invoice given in the call to a PDF or PNG,
 * for a caller who pays per call (x402) or holds a credential. Free with a credential up to its
 * tier's monthly allowance; the REST export of a stored invoice stays free.
 */
export const renderInvoice = pricedProcedure(
  "pdf_render",
  z.strictObject({ invoice: inlineInvoiceInput, format: z.enum(RENDERED_FORMATS as ["pdf", "png"]).default("pdf").describe("pdf or png"), template_id: inlineTemplateId }),
)
  .meta({
    openapi: { method: "POST", path: "/render", tags: ["invoices"], operationId: "renderInvoice", summary: "Render an invoice given inline to PDF or PNG (paid per call without a credential)" },
  })
  .output(exportOutput)
  .mutation(({ ctx, input, signal }) => exportGivenInvoice(ctx, { ...input, syntax: "ubl" }, signal));
