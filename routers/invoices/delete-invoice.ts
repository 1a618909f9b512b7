import { z } from "zod";
import { deleteInvoiceRow } from "../../db/queries/invoices.ts";
import { deleteHistory } from "../../db/queries/invoice-history.ts";
import { deletePayments } from "../../db/queries/payments.ts";
import { AppError } from "../../server/domain/errors.ts";
import { ownedInvoice } from "../../server/ownership.ts";
import { deletedOutput, resourceId } from "../shared/schemas.ts";
import { invoiceWriteProcedure } from "./invoice-write-procedure.ts";
import { INVOICES_MUTATE_TOOL } from "./tools.ts";

export const deleteInvoice = invoiceWriteProcedure
  .meta({
    openapi: {
      method: "DELETE",
      path: "/invoices/{id}",
      tags: ["invoices"],
      operationId: "deleteInvoice",
      summary: "Delete an invoice that never had a number (numbered ones are voided instead)",
    },
    tool: { ...INVOICES_MUTATE_TOOL, action: "delete" },
  })
  .input(z.strictObject({ id: resourceId("inv"), base_revision: z.int().min(1).optional().describe("when given, must be the current revision") }))
  .output(deletedOutput)
  .mutation(({ ctx, input }) =>
    ctx.services.database.write(async (tx) => {
      const current = await ownedInvoice(tx, ctx.accountId, input.id);
      if (input.base_revision !== undefined && input.base_revision !== current.revision) {
        throw new AppError("REVISION_CONFLICT", `The invoice is at revision ${current.revision}`, { current_revision: current.revision });
      }
      if (current.number !== null) {
        throw new AppError("INVOICE_LOCKED", `Invoice ${current.number} has a number: void it instead of deleting it`, { number: current.number });
      }
      await deleteInvoiceRow(tx, ctx.accountId, input.id);
      await deleteHistory(tx, ctx.accountId, input.id);
      await deletePayments(tx, ctx.accountId, input.id);
      return { id: input.id, deleted: true as const };
    }),
  );
