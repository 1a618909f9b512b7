import { z } from "zod";
import * as deletion from "../../server/invoices/delete-invoice.ts";
import { deletedOutput, resourceId } from "../shared/schemas.ts";
import { invoiceWriteProcedure } from "./invoice-write-procedure.ts";
import { INVOICES_MUTATE_TOOL } from "../tools.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";

export const deleteInvoice = invoiceWriteProcedure
  .meta({
    openapi: {
      method: "DELETE",
      path: "/invoices/{id}",
      tags: ["invoices"],
      operationId: "deleteInvoice",
      summary: "Delete an invoice that never had a number (numbered ones are voided instead)",
    },
    tool: { ...INVOICES_MUTATE_TOOL, action: "delete", example: { id: EXAMPLE_IDS.invoice, base_revision: 1, operation_id: EXAMPLE_IDS.operation } },
  })
  .input(
    z.strictObject({
      id: resourceId("inv"),
      base_revision: z.int().min(1).optional().describe("when given, must be the current revision"),
      operation_id: z.uuid().optional().describe("when given, a retry with the same id answers as the first call did"),
    }),
  )
  .output(deletedOutput)
  .mutation(({ ctx, input, path }) => {
    const { id, base_revision, operation_id } = input;
    return deletion.deleteInvoice(ctx.services, ctx.writer, { procedure: path, invoiceId: id, baseRevision: base_revision, operationId: operation_id });
  });
