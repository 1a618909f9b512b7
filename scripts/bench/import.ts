// `npm run bench:import` (issue 11): imports into an account that already holds 100,000 invoices
// (scripts/seed/realistic.ts) on the real service (its own process, HTTP on 127.0.0.1, the embedded
// file in a fresh DATA_DIR):
// - a 10,000-row CSV (2,000 invoices of 5 lines, 200 buyers) in one POST /api/import: a dry run and
//   a commit, each `--runs` times with fresh numbers (medians); then the identical file again, and
//   the same rows in another file (CRLF line ends): both must make nothing new;
// - 1,000 UBL files exported by the service's own exporter, 100 files a POST (a folder of
//   e-invoices, as one import), and 1,000 more one POST per file (how e-invoices
//   arrive), `--concurrency` in flight: documents per second;
// - meanwhile, from a third process, reads of the same account (GET /api/invoices/{id} of random
//   seeded invoices and GET /api/invoices?limit=20, `--readers` loops): p50/p99 during each import
//   phase against a baseline of the same reads with no import running, in the same run.
// Then, with the server stopped, the UBL path's parts in-process on a second set of 1,000 files: the
// reader alone, the whole request through the app without a socket (dry run and commit), and the
// time each commit holds the write lock — what bounds documents per second.
// Goals (issue 11): the CSV committed in ≤ 3 s, UBL ≥ 500 documents/s, reads' p99 < 20 ms meanwhile.
// Flags: --invoices N (seeded, default 100,000), --runs N (CSV repeats, 3), --ubl N (files, 1,000),
// --concurrency N (UBL requests in flight, 6), --readers N (read loops, 3), --baseline S (seconds, 10),
// --processes N (the service's processes, WEB_CONCURRENCY's way on one port; 1 by default).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { Database } from "../../db/client.ts";
import { createAccount, createApiKey, saveProfile } from "../../db/queries/accounts.ts";
import { exportInvoice } from "../../render/export.ts";
import { RECORD_KEYS } from "../../routers/imports/record-keys.ts";
import { builtInTemplate } from "../../render/templates/template.ts";
import { createApp } from "../../server/http/app.ts";
import { loadConfig } from "../../server/platform/config.ts";
import { addDays, dateInZone } from "../../server/domain/clock.ts";
import { newId } from "../../server/domain/ids.ts";
import { newInvoice, type InvoiceRecord, type ItemInput } from "../../server/domain/invoice.ts";
import { SCOPES } from "../../server/domain/scopes.ts";
import { detectFormat } from "../../server/imports/detect.ts";
import { readCsv } from "../../server/imports/formats/csv.ts";
import { readUbl } from "../../server/imports/formats/ubl.ts";
import { createServices, type Services } from "../../server/services.ts";
import { pseudoRandom } from "../seed/random.ts";
import { SEED_PROFILE, seedRealisticAccount } from "../seed/realistic.ts";
import { percentile } from "./measure.ts";
import { serveDataDir } from "./serve-data-dir.ts";

const GOAL_CSV_MS = 3000;
const GOAL_UBL_PER_SECOND = 500;
/** UBL files a request in the batched phase. */
const UBL_BATCH = 100;
const GOAL_READ_P99_MS = 20;

const { values } = parseArgs({
  options: {
    invoices: { type: "string", default: "100000" },
    runs: { type: "string", default: "3" },
    ubl: { type: "string", default: "1000" },
    concurrency: { type: "string", default: "6" },
    readers: { type: "string", default: "3" },
    baseline: { type: "string", default: "10" },
    serve: { type: "string" },
    reads: { type: "string" },
    processes: { type: "string", default: "1" },
  },
});

const configFor = (dataDir: string) => loadConfig({ DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent" });
/** Milliseconds since the epoch with sub-millisecond precision, comparable across this bench's processes. */
const epochMs = (): number => performance.timeOrigin + performance.now();

// The server's own process: the app on the seeded DATA_DIR until it is told to stop.
if (values.serve) await serveDataDir(values.serve, { processes: Number(values.processes) });

/** One read: when it started (epoch ms), how long it took, which read, and whether it answered 200. */
type ReadSample = [startedAt: number, ms: number, kind: 0 | 1, ok: 0 | 1];
const READ_KINDS = ["GET /api/invoices/{id}", "GET /api/invoices?limit=20"] as const;

// The readers' own process, so their timing never waits on this process's work: `--readers` loops,
// each alternating a get of a random seeded invoice and the first page of the list, until SIGTERM;
// then every sample as one JSON line. The file named by --reads holds {port, key, ids}.
if (values.reads) {
  const { port, key, ids } = JSON.parse(await Bun.file(values.reads).text()) as { port: number; key: string; ids: string[] };
  const headers = { authorization: `Bearer ${key}` };
  const random = pseudoRandom(20261127);
  const samples: ReadSample[] = [];
  let running = true;
  const loops = Array.from({ length: Number(values.readers) }, async (_, loop) => {
    for (let turn = loop; running; turn++) {
      const kind = (turn % 2) as 0 | 1;
      const path = kind === 0 ? `/api/invoices/${ids[Math.floor(random() * ids.length)]}` : "/api/invoices?limit=20";
      const startedAt = epochMs();
      const status = await fetch(`http://127.0.0.1:${port}${path}`, { headers })
        .then(async (response) => (await response.arrayBuffer(), response.status))
        .catch(() => 0);
      samples.push([startedAt, epochMs() - startedAt, kind, status === 200 ? 1 : 0]);
    }
  });
  process.on("SIGTERM", async () => {
    running = false;
    await Promise.all(loops);
    process.stdout.write(`${JSON.stringify(samples)}\n`, () => process.exit(0));
  });
  // An orphan (the bench died) stops with its parent.
  setInterval(() => process.ppid === 1 && process.exit(1), 1000);
  await new Promise(() => undefined);
}

const count = Number(values.invoices);
const runs = Number(values.runs);
const ublCount = Number(values.ubl);
const concurrency = Number(values.concurrency);
const baselineSeconds = Number(values.baseline);
const load = (): string => loadavg().map((n) => n.toFixed(2)).join(" ");
const seconds = (ms: number): string => (ms / 1000).toFixed(2);

// --- The data: the seeded account, the CSV files, the UBL files ------------------------------------

const PRODUCTS = ["Consulting", "Design", "Development", "Support", "Hosting", "Training", "Travel", "Licence"];
const CSV_HEADER = "number,issue_date,due_date,currency,bill_to_name,bill_to_email,description,quantity,unit_price,tax_rate";
const CSV_INVOICES = 2000;
const CSV_LINES = 5;
const BUYERS = 200;

/** 2,000 invoices of 5 lines as rows, numbered `${prefix}-2026-00001`… (numbers the seed never gives). */
function csvRows(prefix: string): string[] {
  const rows = [CSV_HEADER];
  for (let invoice = 0; invoice < CSV_INVOICES; invoice++) {
    const issue = addDays("2026-10-01", invoice % 30);
    const buyer = invoice % BUYERS;
    const head = `${prefix}-2026-${String(invoice + 1).padStart(5, "0")},${issue},${addDays(issue, 30)},EUR,Import Buyer ${buyer} GmbH,ap@import-buyer-${buyer}.example`;
    for (let line = 0; line < CSV_LINES; line++) {
      const quantity = 1 + ((invoice + line * 3) % 9);
      const price = `${40 + ((invoice * 7 + line * 13) % 160)}.${String((invoice + line) % 100).padStart(2, "0")}`;
      rows.push(`${head},${PRODUCTS[(invoice + line) % PRODUCTS.length]} ${line + 1},${quantity},${price},19`);
    }
  }
  return rows;
}

/** A finalized invoice the EN 16931 rules accept (seller from the profile, buyer with an address and reference). */
function ublRecord(index: number, prefix: string, random: () => number): InvoiceRecord {
  const issue = addDays("2026-09-01", index % 60);
  const buyer = index % 100;
  const now = new Date(`${issue}T09:00:00Z`);
  now.setUTCMilliseconds(index % 1000);
  const items: ItemInput[] = Array.from({ length: 1 + (index % 5) }, (_, line) => ({
    description: `${PRODUCTS[(index + line) % PRODUCTS.length]} ${line + 1}`,
    quantity: 1 + Math.floor(random() * 12),
    unit: "HUR",
    rate: 4_000 + Math.floor(random() * 20_000),
  }));
  const draft = newInvoice({
    id: newId("inv", now.getTime()),
    input: { bill_to_name: `UBL Buyer ${buyer} AG`, bill_to_email: `ap@ubl-buyer-${buyer}.example`, currency: "EUR", locale: "de-DE", issue_date: issue, due_date: addDays(issue, 30), tax_rate: 19, items },
    profile: SEED_PROFILE,
    resolved: {},
    now,
  });
  return {
    ...draft,
    number: `${prefix}-2026-${String(index + 1).padStart(5, "0")}`,
    status: "approved",
    locked: true,
    bill_to_address: { line1: `${buyer + 1} Marktplatz`, line2: null, city: "München", postal_code: String(80_000 + buyer), region: null, country: "DE" },
    buyer_reference: `PO-${buyer}`,
    // Every optional term the reader maps, present, so each file exercises the whole mapping.
    bill_to_tax_id: `DE${String(300_000_000 + buyer)}`,
    delivery_date: issue,
    payment_terms: "Net 30",
    notes: `Order ${index + 1}`,
  };
}

async function ublFiles(prefix: string, total: number): Promise<string[]> {
  const random = pseudoRandom(20261127);
  const template = builtInTemplate("classic");
  const decoder = new TextDecoder();
  const files: string[] = [];
  for (let index = 0; index < total; index++) {
    const file = await exportInvoice({ record: ublRecord(index, prefix, random), profile: SEED_PROFILE, template, format: "ubl", syntax: "ubl", createdAt: "2026-11-27T09:00:00.000Z" });
    files.push(decoder.decode(file.bytes));
  }
  return files;
}

type Seeded = { accountId: string; key: string; sampleIds: string[]; seedMs: number };

async function seed(dataDir: string): Promise<Seeded> {
  const services = await createServices(configFor(dataDir));
  const { database } = services;
  const now = services.clock.now();
  const account = await database.write((tx) => createAccount(tx, { name: "Bench import", tier: "unlimited", now }));
  await database.write((tx) => saveProfile(tx, { accountId: account.id, profile: SEED_PROFILE, now }));
  const started = performance.now();
  const seeded = await seedRealisticAccount(database, { accountId: account.id, invoices: count, today: dateInZone(now, SEED_PROFILE.timezone) });
  const seedMs = performance.now() - started;
  const { token } = await database.write((tx) => createApiKey(tx, { accountId: account.id, name: "bench", scopes: SCOPES, now }));
  const random = pseudoRandom(7);
  const sampleIds = Array.from({ length: 5000 }, () => seeded.invoiceIds[Math.floor(random() * seeded.invoiceIds.length)] as string);
  await services.renderer.close();
  await database.close();
  return { accountId: account.id, key: token, sampleIds, seedMs };
}

// --- Processes -------------------------------------------------------------------------------------

const children = new Set<ChildProcess>();

/** This script in another process with `args`; resolves with its first line of output. */
async function startChild(args: string[]): Promise<{ child: ChildProcess; first: string }> {
  const child = spawn(process.execPath, [import.meta.path, ...args], { stdio: ["ignore", "pipe", "inherit"] });
  children.add(child);
  const first = await new Promise<string>((resolve, reject) => {
    child.stdout?.once("data", (chunk: Buffer) => resolve(chunk.toString()));
    child.once("exit", (code) => reject(new Error(`${args[0]} exited (${code}) before it was ready`)));
  });
  return { child, first };
}

/** Stops a child with SIGTERM; resolves with everything it printed after that. */
function stopChild(child: ChildProcess): Promise<string> {
  let text = "";
  child.stdout?.on("data", (chunk: Buffer) => (text += chunk.toString()));
  return new Promise((resolve) => {
    child.once("exit", () => {
      children.delete(child);
      resolve(text);
    });
    child.kill("SIGTERM");
  });
}

// --- HTTP ------------------------------------------------------------------------------------------

type Posted = { status: number; ms: number; body: ImportAnswer };
type Count = { create: number; match: number; unchanged: number; refused: number };
type ImportAnswer = { id?: string; status?: string; summary?: { rows: number; invoices: Count; clients: Count; problems: number }; problems?: unknown[]; error?: { message?: string } };

function client(base: string, key: string) {
  const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
  return {
    /** One POST /api/import of a file as text; the time until its whole answer is read. */
    async importText(content: string, options: Record<string, unknown> = {}): Promise<Posted> {
      const started = performance.now();
      const response = await fetch(`${base}/api/import`, { method: "POST", headers, body: JSON.stringify({ content, encoding: "text", options }) });
      const body = (await response.json()) as ImportAnswer;
      return { status: response.status, ms: performance.now() - started, body };
    },
    /** Several files as one import (JSON `files`), as a folder of e-invoices arrives. */
    async importFiles(contents: readonly string[], options: Record<string, unknown> = {}): Promise<Posted> {
      const started = performance.now();
      const files = contents.map((content, index) => ({ content, encoding: "text", file_name: `invoice-${index + 1}.xml` }));
      const response = await fetch(`${base}/api/import`, { method: "POST", headers, body: JSON.stringify({ files, options }) });
      const body = (await response.json()) as ImportAnswer;
      return { status: response.status, ms: performance.now() - started, body };
    },
    async invoiceTotal(): Promise<number> {
      const response = await fetch(`${base}/api/invoices?limit=1`, { headers });
      return ((await response.json()) as { total: number }).total;
    },
  };
}
type Client = ReturnType<typeof client>;

function expectStatus(posted: Posted, status: number, what: string): Posted {
  if (posted.status !== status) throw new Error(`${what} answered ${posted.status}: ${JSON.stringify(posted.body).slice(0, 600)}`);
  return posted;
}

const median = (times: readonly number[]): number => percentile([...times].sort((a, b) => a - b), 0.5);

/** `total` jobs run `inFlight` at a time. */
async function pool(total: number, inFlight: number, job: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < total) await job(next++);
    }),
  );
}

// --- The phases ------------------------------------------------------------------------------------

type Window = { name: string; from: number; to: number };
type CsvFigures = { commits: number[]; dryRuns: number[]; identicalMs: number; identicalNew: number; sameRowsMs: number; sameRowsNew: number; sameRowsUnchanged: number; clientsFirst: Count | undefined };
type UblFigures = { ms: number; perSecond: number; latencies: number[]; made: number };

async function csvPhase(api: Client): Promise<CsvFigures> {
  const commits: number[] = [];
  const dryRuns: number[] = [];
  let clientsFirst: Count | undefined;
  let last: string[] = [];
  for (let run = 1; run <= runs; run++) {
    last = csvRows(`IMP${run}`);
    const file = last.join("\n");
    const dry = expectStatus(await api.importText(file, { dry_run: true }), 200, `CSV dry run ${run}`);
    if (dry.body.summary?.invoices.create !== CSV_INVOICES) throw new Error(`the dry run would make ${dry.body.summary?.invoices.create} invoices, not ${CSV_INVOICES}`);
    dryRuns.push(dry.ms);
    const commit = expectStatus(await api.importText(file), 201, `CSV commit ${run}`);
    if (commit.body.summary?.invoices.create !== CSV_INVOICES) throw new Error(`the commit made ${commit.body.summary?.invoices.create} invoices, not ${CSV_INVOICES}`);
    clientsFirst ??= commit.body.summary.clients;
    commits.push(commit.ms);
    console.log(`CSV run ${run}: dry run ${seconds(dry.ms)} s, commit ${seconds(commit.ms)} s (clients: ${JSON.stringify(commit.body.summary.clients)})`);
  }
  // The last file again, byte for byte: answered from the stored import.
  const before = await api.invoiceTotal();
  const identical = await api.importText(last.join("\n"));
  const afterIdentical = await api.invoiceTotal();
  // The same rows in another file (a new file hash): every record is found by its content hash.
  const sameRows = await api.importText(last.join("\r\n"));
  const afterSameRows = await api.invoiceTotal();
  if (identical.status >= 300 || sameRows.status >= 300) throw new Error(`a re-import answered ${identical.status} / ${sameRows.status}: ${JSON.stringify(sameRows.body).slice(0, 600)}`);
  return {
    commits,
    dryRuns,
    identicalMs: identical.ms,
    identicalNew: afterIdentical - before,
    sameRowsMs: sameRows.ms,
    sameRowsNew: afterSameRows - afterIdentical,
    sameRowsUnchanged: sameRows.body.summary?.invoices.unchanged ?? 0,
    clientsFirst,
  };
}

async function ublPhase(api: Client, files: readonly string[]): Promise<UblFigures> {
  const latencies: number[] = [];
  const before = await api.invoiceTotal();
  const started = performance.now();
  await pool(files.length, concurrency, async (index) => {
    const posted = expectStatus(await api.importText(files[index] as string), 201, `UBL file ${index + 1}`);
    latencies.push(posted.ms);
  });
  const ms = performance.now() - started;
  const made = (await api.invoiceTotal()) - before;
  return { ms, perSecond: (files.length * 1000) / ms, latencies, made };
}

/** The same number of files, UBL_BATCH to a request (a folder of e-invoices), two requests in flight. */
async function ublBatchPhase(api: Client, files: readonly string[]): Promise<UblFigures> {
  const latencies: number[] = [];
  const before = await api.invoiceTotal();
  const started = performance.now();
  const batches = Math.ceil(files.length / UBL_BATCH);
  await pool(batches, 2, async (index) => {
    const posted = expectStatus(await api.importFiles(files.slice(index * UBL_BATCH, (index + 1) * UBL_BATCH)), 201, `UBL batch ${index + 1}`);
    latencies.push(posted.ms);
  });
  const ms = performance.now() - started;
  const made = (await api.invoiceTotal()) - before;
  return { ms, perSecond: (files.length * 1000) / ms, latencies, made };
}

type ReadFigures = { name: string; kind: string; count: number; failed: number; p50: number; p99: number };

function readFigures(samples: readonly ReadSample[], windows: readonly Window[]): ReadFigures[] {
  return windows.flatMap((window) => {
    const inside = samples.filter(([startedAt]) => startedAt >= window.from && startedAt < window.to);
    return [...READ_KINDS.map((kind, index) => ({ kind, samples: inside.filter((sample) => sample[2] === index) })), { kind: "both", samples: inside }].map(({ kind, samples: chosen }) => {
      const times = chosen.map(([, ms]) => ms).sort((a, b) => a - b);
      return { name: window.name, kind, count: times.length, failed: chosen.filter(([, , , ok]) => ok === 0).length, p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
    });
  });
}

// --- The UBL path's parts, in-process ----------------------------------------------------------------

type Parts = {
  readerMs: number[];
  detectMs: number[];
  dryRunMs: number[];
  commitMs: number[];
  lockMs: number[];
  concurrentPerSecond: number;
  concurrentFiles: number;
  csv: { readerMs: number; dryRunMs: number; commitMs: number; commitLockMs: number[]; longestStallMs: number };
  /** The longest the event loop went without running a timer during the UBL commits in flight. */
  ublLongestStallMs: number;
};

/** Runs `work` while a 1 ms timer watches the event loop: the longest gap between its runs, i.e. how long nothing else (an incoming request) could run. */
async function watchingStalls<T>(work: () => Promise<T>): Promise<{ result: T; longestStallMs: number }> {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  try {
    const result = await work();
    longest = Math.max(longest, performance.now() - last);
    return { result, longestStallMs: longest };
  } finally {
    clearInterval(timer);
  }
}

/** The database with its write() timed: how long each write transaction holds the one write lock. */
function timedWrites(database: Database, held: number[]): Database {
  return {
    ...database,
    write: async (work) => {
      let entered = 0;
      try {
        return await database.write((tx) => {
          entered = performance.now();
          return work(tx);
        });
      } finally {
        if (entered) held.push(performance.now() - entered);
      }
    },
  };
}

async function partsInProcess(dataDir: string, key: string, files: readonly string[], csvFile: string): Promise<Parts> {
  const opened = await createServices(configFor(dataDir));
  const lockMs: number[] = [];
  const services: Services = { ...opened, database: timedWrites(opened.database, lockMs) };
  const app = createApp(services);
  const post = async (content: string, options: Record<string, unknown>, status: number): Promise<number> => {
    const started = performance.now();
    const response = await app.fetch(
      new Request("http://127.0.0.1/api/import", { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify({ content, encoding: "text", options }) }),
    );
    await response.arrayBuffer();
    if (response.status !== status) throw new Error(`in-process import answered ${response.status}`);
    return performance.now() - started;
  };
  const utf8 = new TextEncoder();
  const bytes = files.map((file) => utf8.encode(file));
  const timeEach = async (job: (index: number) => Promise<unknown>, upTo = files.length): Promise<number[]> => {
    const times: number[] = [];
    for (let index = 0; index < upTo; index++) {
      const started = performance.now();
      await job(index);
      times.push(performance.now() - started);
    }
    return times;
  };
  try {
    const readerMs = await timeEach((index) => readUbl(bytes[index] as Uint8Array, { currency: "EUR", today: "2026-11-27", recordKeys: RECORD_KEYS }));
    const detectMs = await timeEach((index) => detectFormat(bytes[index] as Uint8Array));
    const half = Math.floor(files.length / 2);
    const dryRunMs = await timeEach((index) => post(files[index] as string, { dry_run: true }, 200), half);
    lockMs.length = 0;
    const commitMs = await timeEach((index) => post(files[index] as string, {}, 201), half);
    const commitLocks = [...lockMs];
    const started = performance.now();
    const { longestStallMs: ublLongestStallMs } = await watchingStalls(() => pool(files.length - half, concurrency, async (index) => void (await post(files[half + index] as string, {}, 201))));
    const concurrentPerSecond = ((files.length - half) * 1000) / (performance.now() - started);
    const [csvReaderMs] = await timeEach(() => readCsv(utf8.encode(csvFile), { currency: "EUR", today: "2026-11-27", recordKeys: RECORD_KEYS }), 1);
    const csvDryRunMs = await post(csvFile, { dry_run: true }, 200);
    lockMs.length = 0;
    const { result: csvCommitMs, longestStallMs } = await watchingStalls(() => post(csvFile, {}, 201));
    const csv = { readerMs: csvReaderMs ?? Number.NaN, dryRunMs: csvDryRunMs, commitMs: csvCommitMs, commitLockMs: [...lockMs], longestStallMs };
    return { readerMs, detectMs, dryRunMs, commitMs, lockMs: commitLocks, concurrentPerSecond, concurrentFiles: files.length - half, csv, ublLongestStallMs };
  } finally {
    // The app never listened here (requests went to app.fetch): only the services close.
    await opened.renderer.close();
    await opened.database.close();
  }
}

// --- The run ---------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), "bench-import-"));
  try {
    console.log(`machine: ${availableParallelism()} cores, load average ${load()}; Bun ${Bun.version}; service processes: ${values.processes}`);
    const seeded = await seed(dataDir);
    console.log(`seeded ${count.toLocaleString("en")} invoices in ${seconds(seeded.seedMs)} s`);
    const exporting = performance.now();
    const [ublHttp, ublBatched, ublParts] = [await ublFiles("UBL", ublCount), await ublFiles("UBLB", ublCount), await ublFiles("UBLX", ublCount)];
    console.log(`exported 3 × ${ublCount} UBL files in ${seconds(performance.now() - exporting)} s (${Math.round(ublHttp.reduce((sum, file) => sum + file.length, 0) / ublCount)} bytes each on average)`);
    Bun.gc(true);

    const server = await startChild(["--serve", dataDir, "--processes", values.processes]);
    const port = (JSON.parse(server.first) as { port: number }).port;
    const api = client(`http://127.0.0.1:${port}`, seeded.key);
    const readsFile = join(dataDir, "reads.json");
    await writeFile(readsFile, JSON.stringify({ port, key: seeded.key, ids: seeded.sampleIds }));
    const readers = spawn(process.execPath, [import.meta.path, "--reads", readsFile, "--readers", String(values.readers)], { stdio: ["ignore", "pipe", "inherit"] });
    children.add(readers);

    const windows: Window[] = [];
    const during = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
      const from = epochMs();
      try {
        return await work();
      } finally {
        windows.push({ name, from, to: epochMs() });
      }
    };
    await Bun.sleep(5000); // the readers' warm-up (and the server's first requests), outside every window
    await during("baseline: no import running", () => Bun.sleep(baselineSeconds * 1000));
    console.log(`load average before the imports: ${load()}`);
    const csv = await during("during the CSV imports", () => csvPhase(api));
    console.log(`load average after the CSV imports: ${load()}`);
    const firstUbl = expectStatus(await api.importText(ublHttp[0] as string, { dry_run: true }), 200, "UBL dry run");
    if (firstUbl.body.summary?.problems !== 0) throw new Error(`the UBL file has problems: ${JSON.stringify(firstUbl.body.problems).slice(0, 600)}`);
    const ubl = await during(`during the UBL imports (${concurrency} in flight)`, () => ublPhase(api, ublHttp));
    const ublBatch = await during(`during the UBL imports (${UBL_BATCH} files a request, 2 in flight)`, () => ublBatchPhase(api, ublBatched));
    console.log(`load average after the UBL imports: ${load()}`);
    await during("baseline again, after the imports", () => Bun.sleep(baselineSeconds * 1000));
    const samples = JSON.parse(await stopChild(readers)) as ReadSample[];
    await stopChild(server.child);

    console.log("timing the UBL path's parts in-process…");
    const parts = await partsInProcess(dataDir, seeded.key, ublParts, csvRows("IMPX").join("\n"));
    report({ csv, ubl, ublBatch, parts, reads: readFigures(samples, windows), seedMs: seeded.seedMs });
    console.log(`\nload average at the end: ${load()}`);
  } finally {
    for (const child of children) child.kill("SIGKILL");
    await rm(dataDir, { recursive: true, force: true });
  }
}

const verdict = (met: boolean): string => (met ? "met    " : "NOT MET");
const ms = (value: number): string => value.toFixed(1);
const mean = (times: readonly number[]): number => times.reduce((sum, time) => sum + time, 0) / Math.max(1, times.length);

function report({ csv, ubl, ublBatch, parts, reads, seedMs }: { csv: CsvFigures; ubl: UblFigures; ublBatch: UblFigures; parts: Parts; reads: ReadFigures[]; seedMs: number }): void {
  const sorted = [...ubl.latencies].sort((a, b) => a - b);
  console.log(`\naccount: ${count.toLocaleString("en")} seeded invoices (seeded in ${seconds(seedMs)} s); CSV: ${CSV_INVOICES.toLocaleString("en")} invoices × ${CSV_LINES} lines, ${BUYERS} buyers; UBL: ${ublCount} files, ${concurrency} in flight; ${values.readers} read loops\n`);
  console.log("| import | runs | median | all runs |");
  console.log("|---|---:|---:|---|");
  console.log(`| CSV 10,000 rows: commit (POST /api/import) | ${runs} | ${seconds(median(csv.commits))} s | ${csv.commits.map(seconds).join(", ")} s |`);
  console.log(`| CSV 10,000 rows: dry run of the same file | ${runs} | ${seconds(median(csv.dryRuns))} s | ${csv.dryRuns.map(seconds).join(", ")} s |`);
  console.log(`| CSV: the identical file again (${csv.identicalNew} new invoices) | 1 | ${seconds(csv.identicalMs)} s | |`);
  console.log(`| CSV: the same rows, CRLF (${csv.sameRowsNew} new, ${csv.sameRowsUnchanged} unchanged) | 1 | ${seconds(csv.sameRowsMs)} s | |`);
  console.log(`| UBL: ${ublCount} files, one POST each, ${concurrency} in flight | 1 | ${ubl.perSecond.toFixed(0)} documents/s | ${seconds(ubl.ms)} s in all; per request p50 ${ms(percentile(sorted, 0.5))} ms, p99 ${ms(percentile(sorted, 0.99))} ms; ${ubl.made} invoices made |`);
  const batchSorted = [...ublBatch.latencies].sort((a, b) => a - b);
  console.log(`| UBL: ${ublCount} files, ${UBL_BATCH} a POST, 2 in flight | 1 | ${ublBatch.perSecond.toFixed(0)} documents/s | ${seconds(ublBatch.ms)} s in all; per request p50 ${ms(percentile(batchSorted, 0.5))} ms; ${ublBatch.made} invoices made |`);

  console.log(`\nThe UBL path's parts, in-process (no socket), ${parts.readerMs.length} other files:\n`);
  console.log("| part | files | mean ms | p50 ms | p99 ms | documents/s it allows |");
  console.log("|---|---:|---:|---:|---:|---:|");
  const part = (label: string, times: readonly number[]) => {
    const sortedTimes = [...times].sort((a, b) => a - b);
    console.log(`| ${label} | ${times.length} | ${ms(mean(times))} | ${ms(percentile(sortedTimes, 0.5))} | ${ms(percentile(sortedTimes, 0.99))} | ${(1000 / mean(times)).toFixed(0)} |`);
  };
  part("detectFormat", parts.detectMs);
  part("readUbl alone", parts.readerMs);
  part("the request through the app: dry run (read, plan, result stored)", parts.dryRunMs);
  part("the request through the app: commit, one at a time", parts.commitMs);
  part("of it, the write transaction (the lock held: plan, writes, result)", parts.lockMs);
  console.log(`| the request through the app: commit, ${concurrency} in flight (longest event-loop stall ${ms(parts.ublLongestStallMs)} ms) | ${parts.concurrentFiles} | | | | ${parts.concurrentPerSecond.toFixed(0)} |`);
  const { csv: csvParts } = parts;
  const locks = csvParts.commitLockMs.map((time) => ms(time)).join(" + ");
  console.log(`\nThe CSV path's parts, in-process (a fourth file of 10,000 rows): readCsv alone ${ms(csvParts.readerMs)} ms; the request through the app: dry run ${ms(csvParts.dryRunMs)} ms, commit ${ms(csvParts.commitMs)} ms, of it write transactions ${locks} ms; the longest event-loop stall during the commit ${ms(csvParts.longestStallMs)} ms`);

  const baseline = reads.filter((row) => row.name.startsWith("baseline: "));
  console.log("\n| reads | kind | count | failed | p50 ms | p99 ms | p99 ÷ baseline p99 |");
  console.log("|---|---|---:|---:|---:|---:|---:|");
  for (const row of reads) {
    const base = baseline.find((entry) => entry.kind === row.kind);
    console.log(`| ${row.name} | ${row.kind} | ${row.count} | ${row.failed} | ${ms(row.p50)} | ${ms(row.p99)} | ${base ? `${(row.p99 / base.p99).toFixed(2)}×` : ""} |`);
  }

  console.log("");
  const csvMedian = median(csv.commits);
  console.log(`${verdict(csvMedian <= GOAL_CSV_MS)}  CSV of 10,000 rows committed in ≤ ${GOAL_CSV_MS / 1000} s: median ${seconds(csvMedian)} s`);
  console.log(`${verdict(ublBatch.perSecond >= GOAL_UBL_PER_SECOND)}  UBL ≥ ${GOAL_UBL_PER_SECOND} documents/s, ${UBL_BATCH} files a request: ${ublBatch.perSecond.toFixed(0)}/s`);
  console.log(`${verdict(ubl.perSecond >= GOAL_UBL_PER_SECOND)}  UBL ≥ ${GOAL_UBL_PER_SECOND} documents/s, one file a request: ${ubl.perSecond.toFixed(0)}/s`);
  for (const row of reads.filter((entry) => entry.name.startsWith("during") && entry.kind === "both")) {
    console.log(`${verdict(row.p99 < GOAL_READ_P99_MS && row.failed === 0)}  reads' p99 < ${GOAL_READ_P99_MS} ms ${row.name}: ${ms(row.p99)} ms`);
  }
  console.log(`${verdict(csv.identicalNew === 0 && csv.sameRowsNew === 0)}  re-importing makes nothing new: ${csv.identicalNew} (identical file), ${csv.sameRowsNew} (same rows, CRLF)`);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill("SIGTERM");
    process.exit(130);
  });
}
await main();
process.exit(0);
