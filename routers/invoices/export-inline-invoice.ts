import { z } from "zod";
import { AppError } from "../../server/domain/errors.ts";
import { inlineInvoice } from "../../server/invoices/inline.ts";
import { exportFile, exportReply } from "../../server/documents/exports.ts";
import { builtInRecord, DEFAULT_DESIGN, isBuiltIn } from "../../server/documents/templates.ts";
import { publicProcedure } from "../trpc.ts";
import { exportOptions, exportOutput } from "./export.schema.ts";
import { inlineInvoiceInput } from "./invoice.schema.ts";
import { INVOICES_EXPORT_TOOL } from "./tools.ts";

/**
 * Open (DESIGN "Access"): exports an invoice given in the call, for anyone, under the caller's rate
 * limit. Nothing is stored but the file behind its link; the seller is who the invoice says
 * (from_name, from_address, from_tax_id, from_email), as there is no account profile to read.
 */
export const exportInlineInvoice = publicProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/export",
      tags: ["invoices"],
      operationId: "exportInlineInvoice",
      summary: "Export an invoice given inline, without storing it and without credentials",
    },
    tool: { ...INVOICES_EXPORT_TOOL, action: "inline", selectWhen: "invoice", example: { invoice: { from_name: "Acme GmbH", bill_to_name: "Globex Corporation", currency: "EUR", locale: "en-IE", issue_date: "2026-11-21", items: [{ description: "Consulting", quantity: 2, rate: 12_000 }] }, format: "md" } },
  })
  .input(z.strictObject({ invoice: inlineInvoiceInput, ...exportOptions }))
  .output(exportOutput)
  .mutation(async ({ ctx, input }) => {
    const templateId = input.template_id ?? DEFAULT_DESIGN;
    if (!isBuiltIn(templateId)) {
      throw new AppError("VALIDATION_ERROR", "An inline export uses a built-in design: classic, modern, minimal or bold", { field: "template_id", issue: "not a built-in design" });
    }
    const { record, profile } = inlineInvoice(input.invoice, ctx.services.clock.now());
    const exported = await exportFile(ctx.services, { accountId: null, record, profile, template: builtInRecord(templateId), format: input.format, syntax: input.syntax });
    return exportReply(ctx.services, exported);
  });
