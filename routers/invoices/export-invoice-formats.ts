import { z } from "zod";
import { EXPORT_FORMATS } from "../../server/domain/formats.ts";
import { exportFormats } from "../../server/documents/bulk-export.ts";
import { storedDocument } from "../../server/documents/stored-document.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";
import { resourceId } from "../shared/schemas.ts";
import { scopedProcedure } from "../builders.ts";
import { exportOptions, exportOutput } from "./export.schema.ts";
import { INVOICES_EXPORT_TOOL } from "../tools.ts";

const { format: _one, ...options } = exportOptions;

export const exportInvoiceFormats = scopedProcedure("invoices:read")
  .meta({
    openapi: {
      method: "POST",
      path: "/invoices/{id}/exports",
      tags: ["invoices"],
      operationId: "exportInvoiceFormats",
      summary: "Export one invoice to several formats at once (each behind its own signed link); on /api/mcp/stream each finished format is reported as progress",
    },
    tool: { ...INVOICES_EXPORT_TOOL, action: "formats", selectWhen: "formats", example: { id: EXAMPLE_IDS.invoice, formats: ["pdf", "ubl", "xlsx"] } },
  })
  .input(
    z.strictObject({
      id: resourceId("inv"),
      formats: z
        .array(z.enum(EXPORT_FORMATS))
        .min(1)
        .max(EXPORT_FORMATS.length)
        .refine((formats) => new Set(formats).size === formats.length, "each format once")
        .describe("the formats, each once, made in this order"),
      ...options,
    }),
  )
  .output(z.object({ files: z.array(exportOutput) }))
  .mutation(async ({ ctx, input, signal }) => {
    const { record, profile, template } = await storedDocument(ctx.services.database.db, ctx.accountId, input.id, input.template_id);
    const files = await exportFormats(ctx.services, { accountId: ctx.accountId, record, profile, template, formats: input.formats, syntax: input.syntax }, ctx.progress, signal);
    return { files };
  });
