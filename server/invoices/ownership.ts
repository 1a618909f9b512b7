// Tenancy: a row is visible only to its account. Missing → 404, another account's → 403 (ADR 0005), with `details.field` naming where the id came from (path, body or filter).
import type { Executor } from "../../db/client.ts";
import { findClient, type ClientRecord } from "../../db/queries/clients.ts";
import { findInvoice } from "../../db/queries/invoices.ts";
import { findProduct, type ProductRecord } from "../../db/queries/products.ts";
import { AppError } from "../domain/errors.ts";
import type { InvoiceRecord } from "../domain/invoice.ts";

type Found<T> = { accountId: string; record: T } | undefined;

export function assertOwned<T>(found: Found<T>, accountId: string, what: string, id: string, field = "id"): T {
  if (!found) throw new AppError("NOT_FOUND", `No ${what} ${id}`, { field });
  if (found.accountId !== accountId) throw new AppError("FORBIDDEN", `The ${what} ${id} belongs to another account`, { field });
  return found.record;
}

export async function ownedInvoice(db: Executor, accountId: string, id: string, field = "id"): Promise<InvoiceRecord> {
  return assertOwned(await findInvoice(db, id), accountId, "invoice", id, field);
}

export async function ownedClient(db: Executor, accountId: string, id: string, field = "id"): Promise<ClientRecord> {
  return assertOwned(await findClient(db, id), accountId, "client", id, field);
}

export async function ownedProduct(db: Executor, accountId: string, id: string, field = "id"): Promise<ProductRecord> {
  return assertOwned(await findProduct(db, id), accountId, "product", id, field);
}
