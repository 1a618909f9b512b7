// Every product change, whoever asks (products.create/update/delete, the import), each in one
// transaction. Products announce no event (server/domain/events.ts): a change is only the row.
import type { Executor } from "../../db/client.ts";
import { deleteProductRow, insertProduct, saveProduct } from "../../db/queries/products.ts";
import { newProduct, type ProductInput, type ProductRecord } from "../domain/entities.ts";
import { newId } from "../domain/ids.ts";
import { ownedProduct } from "../invoices/ownership.ts";
import type { Services } from "../services.ts";

/** Stores a new product in the caller's transaction: the one place a product is created, where its event would go. */
export async function insertNewProduct(tx: Executor, accountId: string, record: ProductRecord): Promise<void> {
  await insertProduct(tx, accountId, record);
}

export async function createProduct(services: Services, accountId: string, input: ProductInput): Promise<ProductRecord> {
  const now = services.clock.now();
  const record = newProduct(newId("prd", now.getTime()), input, now.toISOString());
  await services.database.write((tx) => insertNewProduct(tx, accountId, record));
  return record;
}

/** The fields an update gives, without the ones it leaves as they are (no `undefined`); null clears. */
export type ProductChanges = Partial<ProductInput>;

/** Saves the given fields of an owned product; invoices keep the lines they copied from it. */
export function updateProduct(services: Services, accountId: string, id: string, changes: ProductChanges): Promise<ProductRecord> {
  return services.database.write(async (tx) => {
    const current = await ownedProduct(tx, accountId, id);

    const record: ProductRecord = { ...current, ...changes, updated_at: services.clock.now().toISOString() };
    await saveProduct(tx, accountId, record);
    return record;
  });
}

/** Deletes an owned product; invoices keep their lines. */
export function deleteProduct(services: Services, accountId: string, id: string): Promise<{ id: string; deleted: true }> {
  return services.database.write(async (tx) => {
    await ownedProduct(tx, accountId, id);
    await deleteProductRow(tx, accountId, id);
    return { id, deleted: true as const };
  });
}
