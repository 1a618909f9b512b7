import { z } from "zod";
import { assertEditable } from "../../server/domain/invoice.ts";
import { saveRevision } from "../../server/invoices/writes.ts";
import { assertUsableTemplate } from "../../server/documents/templates.ts";
import { invoiceOutput, revisionFields } from "../invoices/invoice.schema.ts";
import { invoiceWriteProcedure } from "../invoices/invoice-write-procedure.ts";
import { resourceId } from "../shared/schemas.ts";
import { templateId } from "./template.schema.ts";
import { TEMPLATES_APPLY_TOOL } from "../tools.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";

/**
 * Sets the template an invoice renders with. Revisioned like every invoice write; the template is a
 * field of the invoice, so a finalized invoice keeps its own (export takes a template_id to render
 * it in another design without changing the record).
 */
export const applyTemplate = invoiceWriteProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/invoices/{id}/template",
      tags: ["templates"],
      operationId: "applyTemplate",
      summary: "Apply a template to an invoice (template_id null: the default design)",
    },
    tool: { ...TEMPLATES_APPLY_TOOL, example: { id: EXAMPLE_IDS.invoice, base_revision: 1, operation_id: EXAMPLE_IDS.operation, template_id: "bold" } },
  })
  .input(z.strictObject({ id: resourceId("inv"), ...revisionFields, template_id: templateId.nullable() }))
  .output(invoiceOutput)
  .mutation(({ ctx, input }) => {
    const { id, base_revision, operation_id, template_id } = input;
    const { writer } = ctx;
    return saveRevision(ctx.services, writer, {
      invoiceId: id,
      baseRevision: base_revision,
      operationId: operation_id,
      // The tool's name, not this procedure's path (templates.applyToInvoice): stored operations carry
      // it in their fingerprint, and a retry of one must still match.
      payload: { procedure: "templates.apply", id, base_revision, template_id },
      async change(current, tx) {
        if (template_id) await assertUsableTemplate(tx, writer.accountId, template_id);
        assertEditable(current, ["template_id"]);
        const record = { ...current, template_id, updated_at: ctx.services.clock.now().toISOString() };
        return { record, action: "template_applied", changes: ["template_id"] };
      },
    });
  });
