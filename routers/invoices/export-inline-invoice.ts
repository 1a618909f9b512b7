import { z } from "zod";
import { AppError } from "../../server/domain/errors.ts";
import { newId } from "../../server/domain/ids.ts";
import { newInvoice, toAddress } from "../../server/domain/invoice.ts";
import { emptyProfile, type StoredProfile } from "../../server/domain/profile.ts";
import { exportFile, exportReply } from "../../server/documents/exports.ts";
import { builtInRecord, DEFAULT_DESIGN, isBuiltIn } from "../../server/documents/templates.ts";
import { publicProcedure } from "../trpc.ts";
import { exportOptions, exportOutput } from "./export.schema.ts";
import { createFields } from "./invoice.schema.ts";
import { INVOICES_EXPORT_TOOL } from "./tools.ts";

/** An invoice given whole: nothing stored can be named (no client, template or preceding invoice id). */
const { client_id: _client, template_id: _template, ...inlineFields } = createFields;

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
  .input(z.strictObject({ invoice: z.strictObject(inlineFields), ...exportOptions }))
  .output(exportOutput)
  .mutation(async ({ ctx, input }) => {
    const { invoice } = input;
    if (invoice.preceding_invoice?.id) {
      throw new AppError("VALIDATION_ERROR", "An inline invoice names its preceding invoice by number, not id", { field: "invoice.preceding_invoice.id", issue: "use number" });
    }
    const templateId = input.template_id ?? DEFAULT_DESIGN;
    if (!isBuiltIn(templateId)) {
      throw new AppError("VALIDATION_ERROR", "An inline export uses a built-in design: classic, modern, minimal or bold", { field: "template_id", issue: "not a built-in design" });
    }
    const now = ctx.services.clock.now();
    const profile: StoredProfile = {
      ...emptyProfile(),
      legal_name: invoice.from_name ?? null,
      address: toAddress(invoice.from_address),
      tax_id: invoice.from_tax_id ?? null,
      contact: { name: null, phone: null, email: invoice.from_email ?? null },
    };
    const record = newInvoice({ id: newId("inv", now.getTime()), input: invoice, profile, resolved: {}, now });
    const exported = await exportFile(ctx.services, { accountId: null, record, profile, template: builtInRecord(templateId), format: input.format, syntax: input.syntax });
    return exportReply(ctx.services, exported);
  });
