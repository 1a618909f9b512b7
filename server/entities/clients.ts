// Every client change, whoever asks (clients.create/update/delete, the import): the change and its
// client.* event commit in one transaction, so a webhook never hears of a client that is not there.
import type { Executor } from "../../db/client.ts";
import { countInvoicesOfClient, deleteClientRow, insertClient, saveClient } from "../../db/queries/clients.ts";
import { newClient, type ClientInput, type ClientRecord } from "../domain/entities.ts";
import { AppError } from "../domain/errors.ts";
import { newId } from "../domain/ids.ts";
import { toAddress } from "../domain/invoice.ts";
import { ownedClient } from "../invoices/ownership.ts";
import type { Services } from "../services.ts";

/** Stores a new client with its client.created event in the caller's transaction: the one place a client is created. */
export async function insertNewClient(services: Pick<Services, "events">, tx: Executor, accountId: string, record: ClientRecord, now: Date): Promise<void> {
  await insertClient(tx, accountId, record);
  await services.events.record(tx, accountId, now, [{ type: "client.created", resource: { type: "client", id: record.id }, data: record }]);
}

export async function createClient(services: Services, accountId: string, input: ClientInput): Promise<ClientRecord> {
  const now = services.clock.now();
  const record = newClient(newId("cli", now.getTime()), input, now.toISOString());
  await services.database.write((tx) => insertNewClient(services, tx, accountId, record, now));
  return record;
}

/** The fields an update gives, without the ones it leaves as they are (no `undefined`); null clears. */
export type ClientChanges = Partial<ClientInput> & { archived?: boolean };

/** Saves the given fields of an owned client; archived: true hides it from lists and new invoices. */
export function updateClient(services: Services, accountId: string, id: string, changes: ClientChanges): Promise<ClientRecord> {
  return services.database.write(async (tx) => {
    const { address, ...fields } = changes;
    const current = await ownedClient(tx, accountId, id);
    const now = services.clock.now();

    const record: ClientRecord = {
      ...current,
      ...fields,
      ...(address !== undefined ? { address: toAddress(address) } : {}),
      updated_at: now.toISOString(),
    };
    await saveClient(tx, accountId, record);
    await services.events.record(tx, accountId, now, [{ type: "client.updated", resource: { type: "client", id }, data: record }]);
    return record;
  });
}

/** Deletes an owned client no invoice uses; a used one is 409 RESOURCE_IN_USE (it is archived instead). */
export function deleteClient(services: Services, accountId: string, id: string): Promise<{ id: string; deleted: true }> {
  return services.database.write(async (tx) => {
    const client = await ownedClient(tx, accountId, id);
    const used = await countInvoicesOfClient(tx, accountId, id);
    if (used > 0) {
      throw new AppError("RESOURCE_IN_USE", `${used} invoice(s) use this client: archive it instead (archived: true)`, { invoices: used });
    }
    await deleteClientRow(tx, accountId, id);
    await services.events.record(tx, accountId, services.clock.now(), [{ type: "client.deleted", resource: { type: "client", id }, data: client }]);
    return { id, deleted: true as const };
  });
}
