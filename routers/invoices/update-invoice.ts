import { z } from "zod";
import { approvalAfterEdit } from "../../server/domain/approved-content.ts";
import { editedInvoice } from "../../server/domain/invoice.ts";
import { assertNumberFree, resolveReferences, saveRevision, transitioned } from "../../server/invoices/writes.ts";
import { loadProfile } from "../../server/accounts/profile.ts";
import { resourceId } from "../shared/schemas.ts";
import { invoiceOutput, invoiceStatus, revisionFields, updateFields } from "./invoice.schema.ts";
import { invoiceWriteProcedure } from "./invoice-write-procedure.ts";
import { INVOICES_MUTATE_TOOL } from "../tools.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";

export const updateInvoice = invoiceWriteProcedure
  .meta({
    openapi: {
      method: "PUT",
      path: "/invoices/{id}",
      tags: ["invoices"],
      operationId: "updateInvoice",
      summary: "Update an invoice: fields merge, items replace the list, null clears; totals are recalculated",
    },
    tool: { ...INVOICES_MUTATE_TOOL, action: "update", example: { id: EXAMPLE_IDS.invoice, base_revision: 3, operation_id: EXAMPLE_IDS.operation, due_date: "2026-12-31", notes: "Thank you for your business." } },
  })
  .input(z.strictObject({ id: resourceId("inv"), ...revisionFields, ...updateFields, status: invoiceStatus.optional().describe("moves through the same rules as transition") }))
  .output(invoiceOutput)
  .mutation(({ ctx, input, path }) => {
    const { id, base_revision, operation_id, status, ...fields } = input;
    const { writer } = ctx;
    return saveRevision(ctx.services, writer, {
      invoiceId: id,
      baseRevision: base_revision,
      operationId: operation_id,
      payload: { procedure: path, id, base_revision, status, fields },
      async change(current, tx) {
        const now = ctx.services.clock.now();
        const profile = await loadProfile(tx, writer.accountId);
        const resolved = await resolveReferences(tx, writer.accountId, fields);
        const edited = approvalAfterEdit(current, editedInvoice(current, fields, profile, resolved, now), writer.mover);
        if (fields.number !== undefined) await assertNumberFree(tx, writer.accountId, edited);
        const withdrawn = edited.status !== current.status ? ["status"] : [];
        if (status === undefined || status === current.status) return { record: edited, action: "updated", changes: [...Object.keys(fields), ...withdrawn] };
        const moved = await transitioned(tx, writer.accountId, edited, status, writer.mover, now);
        return { record: moved.record, action: "updated", changes: [...Object.keys(fields), ...moved.changes] };
      },
    });
  });
