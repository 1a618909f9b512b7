import { z } from "zod";
import { loadProfile } from "../../server/accounts/profile.ts";
import { ownedInvoice } from "../../server/invoices/ownership.ts";
import { exportFile, exportReply } from "../../server/documents/exports.ts";
import { DEFAULT_DESIGN, visibleTemplate } from "../../server/documents/templates.ts";
import { resourceId } from "../shared/schemas.ts";
import { scopedProcedure } from "../builders.ts";
import { exportOptions, exportOutput } from "./export.schema.ts";
import { INVOICES_EXPORT_TOOL } from "../tools.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";

export const exportInvoice = scopedProcedure("invoices:read")
  .meta({
    openapi: {
      method: "POST",
      path: "/invoices/{id}/export",
      tags: ["invoices"],
      operationId: "exportInvoice",
      summary: "Export an invoice (PDF by default, or any of the 14 formats) and get a signed download link valid for 24 hours",
    },
    tool: { ...INVOICES_EXPORT_TOOL, action: "stored", isDefault: true, example: { id: EXAMPLE_IDS.invoice, format: "pdf" } },
  })
  .input(z.strictObject({ id: resourceId("inv"), ...exportOptions }))
  .output(exportOutput)
  .mutation(async ({ ctx, input, signal }) => {
    const { db } = ctx.services.database;
    const record = await ownedInvoice(db, ctx.accountId, input.id);
    const [profile, template] = await Promise.all([
      loadProfile(db, ctx.accountId),
      visibleTemplate(db, ctx.accountId, input.template_id ?? record.template_id ?? DEFAULT_DESIGN, "template_id"),
    ]);
    const exported = await exportFile(ctx.services, { accountId: ctx.accountId, record, profile, template, format: input.format, syntax: input.syntax, signal });
    return exportReply(ctx.services, exported);
  });
