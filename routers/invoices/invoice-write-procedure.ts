// The builders every invoice write starts from: they put who writes into the context, and a write to a
// stored invoice checks its tenancy before anything else.
import { findInvoiceOwner } from "../../db/queries/invoices.ts";
import { findOperation } from "../../db/queries/operations.ts";
import { assertOwned } from "../../server/invoices/ownership.ts";
import { scopedProcedure } from "../builders.ts";
import { writerOf } from "./writer.ts";

/**
 * Creates invoices (create, duplicate, from DSL): `ctx.writer` is who writes, as for every invoice
 * write; the procedure's `path` names the operation in an idempotency fingerprint.
 */
export const invoiceCreateProcedure = scopedProcedure("invoices:write").use(({ ctx, next }) => next({ ctx: { writer: writerOf(ctx) } }));

/**
 * Writes to one stored invoice. The invoice's tenancy is checked on the raw `id` before the input is
 * validated, so the precedence is 401 → 403 scope → 403/404 tenancy → 428 → 422 (ADR 0005).
 * A retry of a delete that already happened finds no invoice but its operation: it passes through
 * to be answered from the operation record. `ctx.writer` is who writes; the procedure's `path`
 * names the operation in its fingerprint.
 */
export const invoiceWriteProcedure = scopedProcedure("invoices:write").use(async ({ ctx, path, getRawInput, next }) => {
  const admitted = () => next({ ctx: { writer: writerOf(ctx) } });
  const raw = (await getRawInput()) as { id?: unknown; operation_id?: unknown } | undefined;
  if (typeof raw?.id !== "string") return admitted();
  const { db } = ctx.services.database;
  const owner = await findInvoiceOwner(db, raw.id);
  const retriedDelete =
    owner === undefined && path === "invoices.delete" && typeof raw.operation_id === "string" && (await findOperation(db, ctx.accountId, `op:${raw.operation_id}`)) !== undefined;
  if (!retriedDelete) assertOwned(owner === undefined ? undefined : { accountId: owner, record: null }, ctx.accountId, "invoice", raw.id);
  return admitted();
});
