// kill -9 of a service process in the middle of bursts of creates, updates, finalizes, sends and
// imports, on the embedded file and on sqld (issue 12). After a restart: every acknowledged write is
// there, nothing is half-written (each invoice's history has exactly its revisions), numbers are
// gapless and unique, and each acknowledged send has its one queued e-mail (delivered at least once,
// never queued twice).
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../db/client.ts";
import { invoiceInput, operation } from "../helpers/factories.ts";
import { api, type Api } from "../helpers/http.ts";
import { sqldAvailable, startSqld, type Sqld } from "../../scripts/sqld.ts";
import { startServiceProcess, type ServiceProcess } from "../../scripts/service-process.ts";

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

type Acknowledged = {
  created: Map<string, string>;
  updated: Map<string, { revision: number; notes: string }>;
  numbers: Map<string, string>;
  sent: Set<string>;
  imported: Map<string, string>;
};

const UNLIMITED = { RATE_LIMIT_PRO: "1000000,1000000,1000000" };

/** Every page of the account's invoices. */
async function allInvoices(client: Api): Promise<Array<Record<string, any>>> {
  const invoices: Array<Record<string, any>> = [];
  for (let offset = 0; ; offset += 100) {
    const page = await client.get(`/api/invoices?limit=100&offset=${offset}`);
    expect(page.status).toBe(200);
    invoices.push(...page.body.data);
    if (offset + 100 >= page.body.total) return invoices;
  }
}

/** One worker's loop: a create, an update, a finalize or a send, and now and then an import, until stopped. */
async function burst(client: Api, worker: number, acknowledged: Acknowledged, stop: { now: boolean }): Promise<void> {
  for (let round = 0; !stop.now; round++) {
    const tag = `w${worker}-r${round}`;
    try {
      const created = await client.post("/api/invoices", invoiceInput({ notes: `created ${tag}` }));
      if (created.status !== 201) continue;
      acknowledged.created.set(created.body.id, `created ${tag}`);
      const updated = await client.put(`/api/invoices/${created.body.id}`, { ...operation(created.body.revision), notes: `updated ${tag}` });
      if (updated.status !== 200) continue;
      acknowledged.updated.set(created.body.id, { revision: updated.body.revision, notes: `updated ${tag}` });
      const moved =
        round % 3 === 0
          ? await client.post(`/api/invoices/${created.body.id}/send`, { ...operation(updated.body.revision), attach: [] })
          : await client.post(`/api/invoices/${created.body.id}/finalize`, operation(updated.body.revision));
      if (moved.status !== 200) continue;
      const invoice = round % 3 === 0 ? moved.body.invoice : moved.body;
      acknowledged.numbers.set(created.body.id, invoice.number);
      if (round % 3 === 0) acknowledged.sent.add(created.body.id);
      if (round % 4 === 1) {
        const imported = await client.post("/api/import", { format: "json", content: JSON.stringify({ invoices: [invoiceInput({ notes: `imported ${tag}` })] }), encoding: "text", options: { dry_run: false } });
        if (imported.status === 201) acknowledged.imported.set(tag, `imported ${tag}`);
      }
    } catch {
      return; // the process died under this request: what it did is either whole or not there
    }
  }
}

async function checkAfterRestart(client: Api, acknowledged: Acknowledged, databaseUrl: string): Promise<void> {
  const invoices = await allInvoices(client);
  const byId = new Map(invoices.map((invoice) => [invoice.id, invoice]));
  // An acknowledged create is there, as created or as its update left it: the update may have been
  // committed by the process killed before it could answer (stored, never acknowledged).
  for (const [id, notes] of acknowledged.created) {
    expect(byId.has(id)).toBe(true);
    expect([notes, notes.replace("created", "updated")]).toContain(byId.get(id)?.notes);
  }
  for (const [id, { revision, notes }] of acknowledged.updated) {
    const invoice = byId.get(id);
    expect(invoice).toBeDefined();
    expect(invoice!.revision).toBeGreaterThanOrEqual(revision);
    if (invoice!.revision === revision) expect(invoice!.notes).toBe(notes);
  }
  for (const [id, number] of acknowledged.numbers) expect(byId.get(id)?.number).toBe(number);
  const notes = new Set(invoices.map((invoice) => invoice.notes));
  for (const importedNotes of acknowledged.imported.values()) expect(notes.has(importedNotes)).toBe(true);
  // Gapless and unique: the finalized invoices' numbers are 1..n of one sequence.
  const sequence = invoices.filter((invoice) => invoice.number).map((invoice) => Number(/(\d+)$/.exec(invoice.number)?.[1])).sort((a, b) => a - b);
  expect(sequence).toEqual(Array.from({ length: sequence.length }, (_, index) => index + 1));

  const database = await openDatabase({ url: databaseUrl });
  try {
    // Nothing half-written: every invoice's history holds exactly one entry per revision it has.
    const histories = await database.client.execute("select i.id, json_extract(i.doc, '$.revision') as revision, count(h.id) as entries from invoices i left join invoice_history h on h.invoice_id = i.id group by i.id");
    const torn = histories.rows.filter((row) => Number(row.revision) !== Number(row.entries));
    expect(torn).toEqual([]);
    // Each acknowledged send has exactly one queued e-mail.
    const outbox = await database.client.execute("select invoice_id, count(*) as queued from mail_outbox where kind = 'send' group by invoice_id");
    const queued = new Map(outbox.rows.map((row) => [String(row.invoice_id), Number(row.queued)]));
    for (const id of acknowledged.sent) expect(queued.get(id)).toBe(1);
    expect([...queued.values()].every((count) => count === 1)).toBe(true);
    // Webhooks are fed from the event log each change writes in its own transaction: one
    // invoice.created per invoice, acknowledged or not, never lost and never doubled.
    const created = await database.client.execute("select resource_id, count(*) as events from events where type = 'invoice.created' group by resource_id");
    const createdEvents = new Map(created.rows.map((row) => [String(row.resource_id), Number(row.events)]));
    for (const id of acknowledged.created.keys()) expect(createdEvents.get(id)).toBe(1);
    expect(createdEvents.size).toBe(invoices.length);
    expect([...createdEvents.values()].every((count) => count === 1)).toBe(true);
  } finally {
    await database.close();
  }
}

async function crashAndRestart(dataDir: string, env: Record<string, string>, databaseUrl: string): Promise<void> {
  const first = await startServiceProcess(dataDir, { ...UNLIMITED, ...env });
  let restarted: ServiceProcess | null = null;
  cleanups.push(() => (restarted ?? first).stop("SIGKILL"));
  const key = first.defaultKey!;
  const client = api(first.url, key);
  expect((await client.put("/api/account", { legal_name: "Crash GmbH", currency: "EUR" })).status).toBe(200);
  const acknowledged: Acknowledged = { created: new Map(), updated: new Map(), numbers: new Map(), sent: new Set(), imported: new Map() };
  const stop = { now: false };
  const workers = Array.from({ length: 8 }, (_, worker) => burst(client, worker, acknowledged, stop));
  // Killed once a good number of writes are acknowledged, with the workers' requests in flight.
  while (acknowledged.numbers.size < 60 || acknowledged.imported.size < 3) await new Promise((resolve) => setTimeout(resolve, 5));
  await first.stop("SIGKILL");
  stop.now = true;
  await Promise.all(workers);
  // The burst did each kind of write before the crash, so the checks below have something to hold.
  expect(Math.min(acknowledged.created.size, acknowledged.sent.size, acknowledged.imported.size)).toBeGreaterThan(0);
  restarted = await startServiceProcess(dataDir, { ...UNLIMITED, ...env });
  await checkAfterRestart(api(restarted.url, key), acknowledged, databaseUrl);
}

test("kill -9 mid-burst on the embedded file: acknowledged writes kept, none torn, numbers gapless, one e-mail per send", async () => {
  const dataDir = await mkdtemp(join(tmpdir(), "crash-embedded-"));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  await crashAndRestart(dataDir, {}, `file:${join(dataDir, "invoices.db")}`);
}, 120_000);

describe.skipIf(!sqldAvailable)("on sqld", () => {
  test("kill -9 mid-burst: the same holds", async () => {
    const sqld: Sqld = await startSqld();
    cleanups.push(() => sqld.stop());
    const dataDir = await mkdtemp(join(tmpdir(), "crash-sqld-"));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const url = sqld.url.replace(/^http:/, "ws:");
    await crashAndRestart(dataDir, { DATABASE_URL: url, SECRET_KEY: "sk_crash-test" }, url);
  }, 120_000);
});
