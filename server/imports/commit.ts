// Writes a plan in one transaction: the new clients, products and invoices (with their history
// entries and events, as a create writes them; an invoice keeping its file's status moved there as
// its next revision), and what each record became, so the same record is never made twice. A
// cancel or a failure anywhere rolls the whole transaction back: nothing is half-written.
import type { Executor } from "../../db/client.ts";
import { saveImportedRecords, type ImportRecordKind } from "../../db/queries/imports.ts";
import { AppError } from "../domain/errors.ts";
import type { InvoiceRecord } from "../domain/invoice.ts";
import type { ProgressReporter } from "../domain/progress.ts";
import { insertNewClient } from "../entities/clients.ts";
import { insertNewProduct } from "../entities/products.ts";
import { insertCheckedInvoices, insertNewInvoice, transitioned, type Change, type Writer } from "../invoices/writes.ts";
import type { Services } from "../services.ts";
import { breather } from "./breather.ts";
import type { InvoicePlan, Plan } from "./plan.ts";

/** `lastLook`: a last look for a cancel that may have come from another process, before the commit. */
export type CommitRun = { importId: string; progress: ProgressReporter; signal: AbortSignal | undefined; lastLook: () => Promise<void> };

/** A cancel, or a stop of the service (its own error, server/http/shutdown.ts), ends the import before its writes. */
export function checkCancelled(signal: AbortSignal | undefined): void {
  if (!signal?.aborted) return;
  if (signal.reason instanceof AppError && signal.reason.code !== "CANCELLED") throw signal.reason;
  throw new AppError("CANCELLED", "The import was cancelled; nothing was stored");
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

/** New drafts go in by this many at a time: few statements each, and a breather between them. */
const CHUNK = 25;

/** Writes every record the plan creates (a refused one is not in it). Returns the invoices as stored. */
export async function commitPlan(services: Services, tx: Executor, writer: Writer, plan: Plan, run: CommitRun): Promise<Map<InvoicePlan, InvoiceRecord>> {
  const now = services.clock.now();
  const at = now.toISOString();
  const made: Array<{ kind: ImportRecordKind; hash: string | null; entityId: string }> = [];
  const invoices = plan.invoices.filter((invoice) => invoice.action === "create");
  const total = plan.clients.filter((client) => client.create).length + plan.products.filter((product) => product.create).length + invoices.length;
  let done = 0;
  const pause = breather();
  const step = async (count: number, message: string) => {
    done += count;
    run.progress(done, total, message);
    await pause();
    checkCancelled(run.signal);
  };
  checkCancelled(run.signal);
  for (const client of plan.clients) {
    if (!client.create) continue;
    await insertNewClient(services, tx, writer.accountId, client.create, now);
    made.push({ kind: "client", hash: client.hash, entityId: client.create.id });
    await step(1, `client ${client.name}`);
  }
  for (const product of plan.products) {
    if (!product.create) continue;
    await insertNewProduct(tx, writer.accountId, product.create);
    made.push({ kind: "product", hash: product.hash, entityId: product.create.id });
    await step(1, `product ${product.name}`);
  }
  const stored = new Map<InvoicePlan, InvoiceRecord>();
  // Drafts were checked by the plan under this lock: they go in by the chunk. An invoice moving on
  // to the status its file states takes the create path, its moves as the next revision.
  const drafts = invoices.filter((invoice) => invoice.moves.length === 0);
  for (let start = 0; start < drafts.length; start += CHUNK) {
    const chunk = drafts.slice(start, start + CHUNK);
    const records = chunk.map((invoice) => invoice.record as InvoiceRecord);
    await insertCheckedInvoices(services, tx, writer, records);
    chunk.forEach((invoice, index) => {
      const record = records[index] as InvoiceRecord;
      stored.set(invoice, record);
      made.push({ kind: "invoice", hash: invoice.hash, entityId: record.id });
    });
    await step(chunk.length, `invoices ${records[0]?.number ?? records[0]?.id} to ${records.at(-1)?.number ?? records.at(-1)?.id}`);
  }
  for (const invoice of invoices.filter((each) => each.moves.length > 0)) {
    const saved = await insertNewInvoice(services, tx, writer, invoice.record as InvoiceRecord, statedStatus(writer, invoice, now));
    stored.set(invoice, saved);
    made.push({ kind: "invoice", hash: invoice.hash, entityId: saved.id });
    await step(1, `invoice ${saved.number ?? saved.id}`);
  }
  await saveImportedRecords(
    tx,
    made.flatMap(({ kind, hash, entityId }) => (hash ? [{ accountId: writer.accountId, kind, recordSha256: hash, entityId, importId: run.importId, createdAt: at }] : [])),
  );
  await run.lastLook();
  checkCancelled(run.signal);
  return stored;
}
