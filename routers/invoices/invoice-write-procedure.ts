import { findInvoiceOwner } from "../../db/queries/invoices.ts";
import { assertOwned } from "../../server/ownership.ts";
import { scopedProcedure } from "../trpc.ts";

/**
 * Writes to one stored invoice. The invoice's tenancy is checked on the raw `id` before the input is
 * validated, so the precedence is 401 → 403 scope → 403/404 tenancy → 428 → 422 (DESIGN "Revisions").
 */
export const invoiceWriteProcedure = scopedProcedure("invoices:write").use(async ({ ctx, getRawInput, next }) => {
  const raw = (await getRawInput()) as { id?: unknown } | undefined;
  if (typeof raw?.id === "string") {
    const owner = await findInvoiceOwner(ctx.services.database.db, raw.id);
    assertOwned(owner === undefined ? undefined : { accountId: owner, record: null }, ctx.accountId, "invoice", raw.id);
  }
  return next();
});
