import { z } from "zod";
import { saveRevision, transitioned } from "../../server/invoices/writes.ts";
import { resourceId } from "../shared/schemas.ts";
import { invoiceOutput, invoiceStatus, revisionFields } from "./invoice.schema.ts";
import { invoiceWriteProcedure } from "./invoice-write-procedure.ts";
import { INVOICES_MUTATE_TOOL } from "../tools.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";

export const transitionInvoice = invoiceWriteProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/invoices/{id}/transition",
      tags: ["invoices"],
      operationId: "transitionInvoice",
      summary: "Move an invoice to another status (draft → review → approved → sent → viewed → paid; void)",
    },
    tool: { ...INVOICES_MUTATE_TOOL, action: "transition", example: { id: EXAMPLE_IDS.invoice, base_revision: 2, operation_id: EXAMPLE_IDS.operation, status: "review", note: "ready for approval" } },
  })
  .input(z.strictObject({ id: resourceId("inv"), ...revisionFields, status: invoiceStatus, note: z.string().max(1000).optional() }))
  .output(invoiceOutput)
  .mutation(({ ctx, input, path }) => {
    const { id, base_revision, operation_id, status, note } = input;
    const { writer } = ctx;
    return saveRevision(ctx.services, writer, {
      invoiceId: id,
      baseRevision: base_revision,
      operationId: operation_id,
      payload: { procedure: path, id, base_revision, status, note },
      async change(current, tx) {
        const moved = await transitioned(tx, writer.accountId, current, status, writer.mover, ctx.services.clock.now());
        return { ...moved, action: "transitioned", note: note ?? null };
      },
    });
  });
