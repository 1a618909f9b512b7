import { z } from "zod";
import { addressSubject } from "../../server/access/rate-limit.ts";
import { inlineInvoice } from "../../server/invoices/inline.ts";
import { exportFile, exportReply } from "../../server/documents/exports.ts";
import { builtInRecord, DEFAULT_DESIGN } from "../../server/documents/templates.ts";
import type { BaseDesign } from "../../server/domain/templates.ts";
import type { ExportFormat } from "../../server/domain/formats.ts";
import { pricedProcedure } from "../builders.ts";
import type { Context } from "../context.ts";
import { exportOptions, exportOutput, inlineTemplateId } from "./export.schema.ts";
import { inlineInvoiceInput } from "./invoice.schema.ts";
import { INVOICES_EXPORT_TOOL } from "../tools.ts";

/** The formats whose server-side rendering is the paid "PDF render" (README "Payments"); text formats stay free. */
export const RENDERED_FORMATS: readonly ExportFormat[] = ["pdf", "png"];

/**
 * Exports an invoice given in the call: nothing is stored but the file behind its link, within the
 * caller's storage quota (its account's; a keyless caller's address's, kept an hour: ADR 0037); the seller
 * is who the invoice says (from_name, from_address, from_tax_id, from_email), as there is no account
 * profile to read. Shared by the open export and POST /api/render.
 */
export async function exportGivenInvoice(
  ctx: Pick<Context, "services" | "clientIp"> & { accountId: string | null },
  input: { invoice: z.infer<typeof inlineInvoiceInput>; format: ExportFormat; template_id?: BaseDesign | undefined; syntax: "ubl" | "cii" },
  signal?: AbortSignal,
): Promise<z.infer<typeof exportOutput>> {
  const templateId = input.template_id ?? DEFAULT_DESIGN;
  const { record, profile } = inlineInvoice(input.invoice, ctx.services.clock.now());
  const caller = ctx.accountId ? { accountId: ctx.accountId } : { subject: addressSubject(ctx.clientIp) };
  const exported = await exportFile(ctx.services, { accountId: null, caller, record, profile, template: builtInRecord(templateId), format: input.format, syntax: input.syntax, signal });
  return exportReply(ctx.services, exported);
}

/**
 * Open (ADR 0010 "Inline export without credentials"): exports an invoice given in the call, for anyone, under the caller's rate
 * limit. A PDF or PNG is the paid server-side render: a credential covers it, others pay (x402).
 */
export const exportInlineInvoice = pricedProcedure("pdf_render", z.strictObject({ invoice: inlineInvoiceInput, ...exportOptions, template_id: inlineTemplateId }), {
  appliesTo: (input) => RENDERED_FORMATS.includes(input.format),
  when: "format pdf or png",
})
  .meta({
    openapi: {
      method: "POST",
      path: "/export",
      tags: ["invoices"],
      operationId: "exportInlineInvoice",
      summary: "Export an invoice given inline, without storing it (PDF and PNG are paid without a credential)",
    },
    tool: { ...INVOICES_EXPORT_TOOL, action: "inline", selectWhen: "invoice", example: { invoice: { from_name: "Acme GmbH", bill_to_name: "Globex Corporation", currency: "EUR", locale: "en-IE", issue_date: "2026-11-21", items: [{ description: "Consulting", quantity: 2, rate: 12_000 }] }, format: "md" } },
  })
  .output(exportOutput)
  .mutation(({ ctx, input, signal }) => exportGivenInvoice(ctx, input, signal));
