import { z } from "zod";
import { exportBulk, bulkInvoices, MAX_BULK_INVOICES } from "../../server/documents/bulk-export.ts";
import { DEFAULT_DESIGN, visibleTemplate, type TemplateRecord } from "../../server/documents/templates.ts";
import { loadProfile } from "../../server/accounts/profile.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";
import { resourceId } from "../shared/schemas.ts";
import { scopedProcedure } from "../builders.ts";
import { exportOptions } from "./export.schema.ts";
import { datesInOrder, invoiceSelection } from "./list-invoices.ts";
import { INVOICES_EXPORT_TOOL } from "../tools.ts";

export const exportInvoicesBulk = scopedProcedure("invoices:read")
  .meta({
    openapi: {
      method: "POST",
      path: "/exports/bulk",
      tags: ["invoices"],
      operationId: "exportInvoicesBulk",
      summary: `Export many invoices (by ids, or every one the list's filters choose, at most ${MAX_BULK_INVOICES}) in one format into one ZIP behind a signed link; on /api/mcp/stream each invoice is reported as progress and the export can be cancelled`,
    },
    tool: { ...INVOICES_EXPORT_TOOL, action: "bulk", selectWhen: "ids", example: { filter: { status: "paid", from_date: "2026-01-01", to_date: "2026-12-31" }, format: "pdf" } },
  })
  .input(
    z
      .strictObject({
        ids: z.array(resourceId("inv")).min(1).max(MAX_BULK_INVOICES).optional().describe("the invoices, by id"),
        filter: datesInOrder(z.strictObject(invoiceSelection)).optional().describe("or every invoice the list's filters choose"),
        ...exportOptions,
      })
      .refine((input) => (input.ids === undefined) !== (input.filter === undefined), { message: "give ids or filter, not both", path: ["ids"] }),
  )
  .output(
    z.object({
      format: z.literal("zip"),
      url: z.string().describe("signed download link of the ZIP, valid until expires_at"),
      expires_at: z.string(),
      size: z.int(),
      sha256: z.string(),
      content_type: z.string(),
      file_name: z.string(),
      count: z.int().describe("invoices in the ZIP"),
      skipped: z.array(z.object({ id: z.string(), number: z.string().nullable(), code: z.string(), error: z.string() })).describe("invoices this format cannot be made of, with why"),
    }),
  )
  .mutation(async ({ ctx, input, signal }) => {
    const { db } = ctx.services.database;
    const [invoices, profile, chosen] = await Promise.all([
      bulkInvoices(db, ctx.accountId, { ids: input.ids, filter: input.filter }),
      loadProfile(db, ctx.accountId),
      input.template_id ? visibleTemplate(db, ctx.accountId, input.template_id, "template_id") : Promise.resolve(null),
    ]);
    const templates = new Map<string, Promise<TemplateRecord>>();
    const templateFor = (record: { template_id: string | null }): Promise<TemplateRecord> => {
      if (chosen) return Promise.resolve(chosen);
      const id = record.template_id ?? DEFAULT_DESIGN;
      let template = templates.get(id);
      if (!template) templates.set(id, (template = visibleTemplate(db, ctx.accountId, id, "template_id")));
      return template;
    };
    return exportBulk(ctx.services, { accountId: ctx.accountId, invoices, profile, templateFor, format: input.format, syntax: input.syntax }, ctx.progress, signal);
  });
