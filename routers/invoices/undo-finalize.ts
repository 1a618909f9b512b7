import { z } from "zod";
import { documentName, transitionRefused } from "../../server/domain/lifecycle.ts";
import { saveRevision } from "../../server/invoices/writes.ts";
import { resourceId } from "../shared/schemas.ts";
import { invoiceOutput, revisionFields } from "./invoice.schema.ts";
import { invoiceWriteProcedure } from "./invoice-write-procedure.ts";
import { INVOICES_FINALIZE_TOOL } from "../tools.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";

export const undoFinalize = invoiceWriteProcedure
  .meta({
    openapi: {
      method: "DELETE",
      path: "/invoices/{id}/finalize",
      tags: ["invoices"],
      operationId: "undoFinalize",
      summary: "Unlock a finalized invoice that has not been sent; it keeps its number",
    },
    tool: { ...INVOICES_FINALIZE_TOOL, action: "undo", example: { id: EXAMPLE_IDS.invoice, base_revision: 2, operation_id: EXAMPLE_IDS.operation } },
  })
  .input(z.strictObject({ id: resourceId("inv"), ...revisionFields }))
  .output(invoiceOutput)
  .mutation(({ ctx, input, path }) => {
    const { id, base_revision, operation_id } = input;
    const { writer } = ctx;
    return saveRevision(ctx.services, writer, {
      invoiceId: id,
      baseRevision: base_revision,
      operationId: operation_id,
      payload: { procedure: path, id, base_revision },
      async change(current) {
        if (!current.locked) throw transitionRefused(current, writer.mover, `This ${documentName(current.type)} is not finalized`, { locked: false });
        if (current.sent_at !== null) throw transitionRefused(current, writer.mover, `This ${documentName(current.type)} has been sent, so its finalization stays (void it instead)`);
        return { record: { ...current, locked: false, finalized_at: null }, action: "finalize_undone", changes: ["locked"] };
      },
    });
  });
