import { z } from "zod";
import { exportFile, exportReply } from "../../server/documents/exports.ts";
import { storedDocument } from "../../server/documents/stored-document.ts";
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
    const { record, profile, template } = await storedDocument(ctx.services.database.db, ctx.accountId, input.id, input.template_id);
    const exported = await exportFile(ctx.services, { accountId: ctx.accountId, record, profile, template, format: input.format, syntax: input.syntax, signal });
    return exportReply(ctx.services, exported);
  });
