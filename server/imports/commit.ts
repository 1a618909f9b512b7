// Writes a plan in one transaction: the new clients, products and invoices (each invoice through
// the same insert a create uses, with its history and events, then moved to the status the file
// states), and what each record became, so the same record is never made twice. A cancel or a
// failure anywhere rolls the whole transaction back: nothing is half-written.
import type { Executor } from "../../db/client.ts";
import { insertClient } from "../../db/queries/clients.ts";
import { saveImportedRecord, type ImportRecordKind } from "../../db/queries/imports.ts";
import { insertProduct } from "../../db/queries/products.ts";
import { AppError } from "../domain/errors.ts";
import type { InvoiceRecord } from "../domain/invoice.ts";
import type { ProgressReporter } from "../domain/progress.ts";
import { insertNewInvoice, transitioned, type Change, type Writer } from "../invoices/writes.ts";
import type { Services } from "../services.ts";
import type { InvoicePlan, Plan } from "./plan.ts";

export type CommitRun = { importId: string; progress: ProgressReporter; signal: AbortSignal | undefined };

function checkCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new AppError("CANCELLED", "The import was cancelled; nothing was stored");
}

/** The follow-up revision that moves a new draft to the status its file states. */
function statedStatus(writer: Writer, plan: InvoicePlan, now: Date) {
  return async (created: InvoiceRecord, tx: Executor): Promise<Change> => {
    let record = created;
    const changes = new Set<string>();
    for (const to of plan.moves) {
      const moved = await transitioned(tx, writer.accountId, record, to, writer.mover, now);
      record = moved.record;
      for (const change of moved.changes) changes.add(change);
    }
    return { record, action: "transitioned", changes: [...changes], note: "status as the imported file states it" };
  };
}

/** Writes every record the plan creates (a refused one is not in it). Returns the invoices as stored. */
export async function commitPlan(services: Services, tx: Executor, writer: Writer, plan: Plan, run: CommitRun): Promise<Map<InvoicePlan, InvoiceRecord>> {
  const now = services.clock.now();
  const at = now.toISOString();
  const remember = (kind: ImportRecordKind, hash: string | null, entityId: string) =>
    hash ? saveImportedRecord(tx, { accountId: writer.accountId, kind, recordSha256: hash, entityId, importId: run.importId, createdAt: at }) : Promise.resolve();
  const invoices = plan.invoices.filter((invoice) => invoice.action === "create");
  const total = plan.clients.filter((client) => client.create).length + plan.products.filter((product) => product.create).length + invoices.length;
  let done = 0;
  const step = (message: string) => {
    done += 1;
    run.progress(done, total, message);
  };
  for (const client of plan.clients) {
    if (!client.create) continue;
    checkCancelled(run.signal);
    await insertClient(tx, writer.accountId, client.create);
    await services.events.record(tx, writer.accountId, now, [{ type: "client.created", resource: { type: "client", id: client.create.id }, data: client.create }]);
    await remember("client", client.hash, client.create.id);
    step(`client ${client.name}`);
  }
  for (const product of plan.products) {
    if (!product.create) continue;
    checkCancelled(run.signal);
    await insertProduct(tx, writer.accountId, product.create);
    await remember("product", product.hash, product.create.id);
    step(`product ${product.name}`);
  }
  const stored = new Map<InvoicePlan, InvoiceRecord>();
  for (const invoice of invoices) {
    checkCancelled(run.signal);
    const record = invoice.record as InvoiceRecord;
    const saved = await insertNewInvoice(services, tx, writer, record, invoice.moves.length > 0 ? statedStatus(writer, invoice, now) : undefined);
    await remember("invoice", invoice.hash, saved.id);
    stored.set(invoice, saved);
    step(`invoice ${saved.number ?? saved.id}`);
  }
  return stored;
}
