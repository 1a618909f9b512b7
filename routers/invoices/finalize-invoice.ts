import { z } from "zod";
import { AppError } from "../../server/domain/errors.ts";
import { assertKeepsNumber } from "../../server/domain/invoice.ts";
import { assertMayFinalize, documentName, transitionRefused } from "../../server/domain/lifecycle.ts";
import { finalized, saveRevision } from "../../server/invoices/writes.ts";
import { resourceId } from "../shared/schemas.ts";
import { invoiceOutput, revisionFields } from "./invoice.schema.ts";
import { invoiceWriteProcedure } from "./invoice-write-procedure.ts";
import { INVOICES_FINALIZE_TOOL } from "../tools.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";

export const finalizeInvoice = invoiceWriteProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/invoices/{id}/finalize",
      tags: ["invoices"],
      operationId: "finalizeInvoice",
      summary: "Lock an invoice and assign the next number (INV-2026-0001), or the number given; one not yet approved needs invoices:approve",
    },
    tool: { ...INVOICES_FINALIZE_TOOL, action: "finalize", isDefault: true, example: { id: EXAMPLE_IDS.invoice, base_revision: 1, operation_id: EXAMPLE_IDS.operation } },
  })
  .input(z.strictObject({ id: resourceId("inv"), ...revisionFields, number: z.string().trim().min(1).max(100).optional() }))
  .output(invoiceOutput)
  .mutation(({ ctx, input, path }) => {
    const { id, base_revision, operation_id, number } = input;
    const { writer } = ctx;
    return saveRevision(ctx.services, writer, {
      invoiceId: id,
      baseRevision: base_revision,
      operationId: operation_id,
      payload: { procedure: path, id, base_revision, number },
      async change(current, tx) {
        if (current.locked) throw new AppError("INVOICE_LOCKED", "The invoice is already finalized", { number: current.number });
        if (current.status === "void") throw transitionRefused(current, writer.mover, `A void ${documentName(current.type)} cannot be finalized`);
        assertMayFinalize(current.status, writer.mover);
        assertKeepsNumber(current, number);
        const record = await finalized(tx, writer.accountId, number ? { ...current, number } : current, ctx.services.clock.now());
        return { record, action: "finalized", changes: ["locked", "number"] };
      },
    });
  });
