import { z } from "zod";
import { deleteInvoiceRow } from "../../db/queries/invoices.ts";
import { deleteHistory } from "../../db/queries/invoice-history.ts";
import { saveOperation } from "../../db/queries/operations.ts";
import { deletePayments } from "../../db/queries/payments.ts";
import { fingerprint } from "../../server/domain/canonical.ts";
import { AppError } from "../../server/domain/errors.ts";
import { earlierResult } from "../../server/invoices/writes.ts";
import { ownedInvoice } from "../../server/invoices/ownership.ts";
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
  .mutation(async ({ ctx, input }) => {
    const { id, base_revision, operation_id } = input;
    const print = await fingerprint({ procedure: "invoices.delete", id, base_revision });
    return ctx.services.database.write(async (tx) => {
      const key = `op:${operation_id}`;
      if (operation_id) {
        const replay = await earlierResult<{ id: string; deleted: true }>(tx, ctx.accountId, key, print, { operation_id });
        if (replay) return replay;
      }
      const current = await ownedInvoice(tx, ctx.accountId, id);
      if (base_revision !== undefined && base_revision !== current.revision) {
        throw new AppError("REVISION_CONFLICT", `The invoice is at revision ${current.revision}`, { current_revision: current.revision });
      }
      if (current.number !== null) {
        throw new AppError("INVOICE_LOCKED", `Invoice ${current.number} has a number: void it instead of deleting it`, { number: current.number });
      }
      await deleteInvoiceRow(tx, ctx.accountId, id);
      await deleteHistory(tx, ctx.accountId, id);
      await deletePayments(tx, ctx.accountId, id);
      const now = ctx.services.clock.now();
      // The event keeps the draft as it was last: what a receiver may still want to know of it.
      await ctx.services.events.record(tx, ctx.accountId, now, [{ type: "invoice.deleted", resource: { type: "invoice", id }, data: current }]);
      const result = { id, deleted: true as const };
      if (operation_id) {
        await saveOperation(tx, { accountId: ctx.accountId, key, operation: { fingerprint: print, status: 200, response: result }, now });
      }
      return result;
    });
  });
