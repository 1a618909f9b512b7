// `npm run bench:api`: one run on 127.0.0.1 with wrk (1 thread, 32 connections). The ceiling is a bare
// Bun.serve hello world; then an in-memory echo through each face; then, on a service seeded with
// 100,000 invoices, the reads and a create; the get by id runs once more while two clients keep the
// render pool busy with PDF and PNG exports, and once more as a metered (pro) caller, whose every
// request the rate limits count. Each target serves from its own process; wrk is a third.
// `--processes 1,2` serves the service's targets once per count (WEB_CONCURRENCY's processes on one
// port, server/http/processes.ts), each on its own copy of the one seeded database, and prints each
// figure's ratio to the first count's.
// Flags: --duration N (seconds per target), --only a,b (targets by name), --invoices N (seed size),
// --processes 1,2 (service processes, one run each; 1 by default).
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { luaScript, runWrk, TIMEOUT_SECONDS, type WrkRequest, type WrkResult } from "./wrk.ts";
import { CREATE_BODY } from "./create-body.ts";

const CONNECTIONS = 32;
const WARMUP_SECONDS = 2;
const GOAL_READ = 0.15;
const GOAL_CREATE = 0.04;
const GOAL_P99_MS = 20;

type Kind = "ceiling" | "echo" | "read" | "create";
type Ready = { port: number; key?: string; ids?: string[]; seeded?: number; seed_ms?: number; metered_key?: string; metered_ids?: string[] };
type Target = {
  name: string;
  label: string;
  kind: Kind;
  server: "hello" | "service";
  /** The requests wrk rotates over, from what the server printed when ready. */
  requests(ready: Ready): WrkRequest[];
  /** JSON-RPC answers failures with 200: such targets name text every good body contains. */
  bodyMustContain?: string;
  /** Load the bench process itself puts on the server while wrk measures (renders in the pool). */
  background?: (ready: Ready) => Background;
  /** The caller: the unlimited account's key unless said otherwise. */
  key?: (ready: Ready) => string | undefined;
};

/** Work kept running beside wrk; stop() ends it and says what it did. */
type Background = { stop(): Promise<string> };

/**
 * `clients` loops, each exporting a fresh inline invoice (never a reused file) as PDF, then PNG, then
 * PDF…: the render pool busy the whole time, to show whether reads keep their p99 meanwhile.
 */
function renderLoad(clients: number) {
  return (ready: Ready): Background => {
    let running = true;
    let rendered = 0;
    let failed = 0;
    const loops = Array.from({ length: clients }, async (_, client) => {
      for (let turn = 0; running; turn++) {
        const format = turn % 2 === 0 ? "pdf" : "png";
        const invoice = { ...JSON.parse(CREATE_BODY), from_name: `Render load ${client}-${turn}` };
        const response = await fetch(`http://127.0.0.1:${ready.port}/api/export`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${ready.key}` },
          body: JSON.stringify({ invoice, format }),
        }).catch(() => null);
        if (response?.ok) rendered++;
        else failed++;
        await response?.arrayBuffer();
      }
    });
    return {
      async stop() {
        running = false;
        await Promise.all(loops);
        return `${rendered} PDF/PNG renders alongside${failed ? `, ${failed} FAILED` : ""}`;
      },
    };
  };
}

const enc = (value: unknown): string => encodeURIComponent(JSON.stringify(value));
const idsOf = (ready: Ready): string[] => (ready.ids?.length ? ready.ids : ["inv_MISSING"]);
const mcpCall = (name: string, args: Record<string, unknown>): string =>
  JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } });

const TARGETS: Target[] = [
  { name: "ceiling", label: "ceiling: bare Bun.serve JSON", kind: "ceiling", server: "hello", requests: () => [{ method: "GET", path: "/" }] },
  { name: "echo-rest", label: "echo REST GET /api/bench/echo", kind: "echo", server: "service", requests: () => [{ method: "GET", path: "/api/bench/echo?message=hello" }] },
  { name: "echo-trpc", label: "echo tRPC GET /trpc/bench.echo", kind: "echo", server: "service", requests: () => [{ method: "GET", path: `/trpc/bench.echo?input=${enc({ message: "hello" })}` }] },
  {
    name: "echo-mcp",
    label: "echo MCP tools/call bench.echo",
    kind: "echo",
    server: "service",
    bodyMustContain: '"structuredContent"',
    requests: () => [{ method: "POST", path: "/api/mcp", body: mcpCall("bench.echo", { message: "hello" }) }],
  },
  { name: "get-rest", label: "GET /api/invoices/{id}", kind: "read", server: "service", requests: (ready) => idsOf(ready).map((id) => ({ method: "GET", path: `/api/invoices/${id}` })) },
  {
    name: "get-rest-rendering",
    label: "GET /api/invoices/{id}, 2 clients rendering",
    kind: "read",
    server: "service",
    requests: (ready) => idsOf(ready).map((id) => ({ method: "GET", path: `/api/invoices/${id}` })),
    background: renderLoad(2),
  },
  {
    name: "get-rest-metered",
    label: "GET /api/invoices/{id}, a metered (pro) caller",
    kind: "read",
    server: "service",
    requests: (ready) => (ready.metered_ids ?? []).map((id) => ({ method: "GET", path: `/api/invoices/${id}` })),
    key: (ready) => ready.metered_key,
  },
  { name: "list-rest", label: "GET /api/invoices?status=sent&limit=20", kind: "read", server: "service", requests: () => [{ method: "GET", path: "/api/invoices?status=sent&limit=20" }] },
  {
    name: "get-trpc",
    label: "get tRPC /trpc/invoices.get",
    kind: "read",
    server: "service",
    requests: (ready) => idsOf(ready).map((id) => ({ method: "GET", path: `/trpc/invoices.get?input=${enc({ id })}` })),
  },
  {
    name: "get-mcp",
    label: "get MCP invoices.query get",
    kind: "read",
    server: "service",
    bodyMustContain: '"structuredContent"',
    requests: (ready) => idsOf(ready).map((id) => ({ method: "POST", path: "/api/mcp", body: mcpCall("invoices.query", { action: "get", id }) })),
  },
  // Last: it grows the table the reads measure.
  { name: "create-rest", label: "POST /api/invoices (5 items)", kind: "create", server: "service", requests: () => [{ method: "POST", path: "/api/invoices", body: CREATE_BODY }] },
];

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    only: { type: "string" },
    invoices: { type: "string", default: "100000" },
    processes: { type: "string", default: "1" },
  },
});
const seconds = Number(values.duration);
const invoiceCount = Number(values.invoices);
if (!Number.isInteger(seconds) || seconds < 1) throw new Error("--duration must be a whole number of seconds ≥ 1");
if (!Number.isInteger(invoiceCount) || invoiceCount < 0) throw new Error("--invoices must be a whole number ≥ 0");
const processCounts = values.processes.split(",").map(Number);
if (processCounts.some((count) => !Number.isInteger(count) || count < 1)) throw new Error("--processes must be whole numbers ≥ 1, e.g. 1,2");
const only = values.only?.split(",").map((name) => name.trim()).filter(Boolean);
const unknown = only?.filter((name) => !TARGETS.some((target) => target.name === name)) ?? [];
if (unknown.length > 0) {
  console.error(`Unknown target(s): ${unknown.join(", ")}. Targets: ${TARGETS.map((target) => target.name).join(", ")}`);
  process.exit(2);
}
// The ceiling always runs: every ratio is against it.
const selected = TARGETS.filter((target) => !only || target.kind === "ceiling" || only.includes(target.name));

if (!Bun.which("wrk")) {
  console.error("wrk is not installed. On Debian/Ubuntu: sudo apt-get install -y wrk (then run npm run bench:api again)");
  process.exit(1);
}

const BUN = process.execPath;
const children = new Set<Bun.Subprocess>();
let workDir: string | null = null;

async function machine(): Promise<string> {
  const cpuinfo = await readFile("/proc/cpuinfo", "utf8").catch(() => "");
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1] ?? "unknown CPU";
  const wrkVersion = (() => {
    const probe = Bun.spawnSync(["wrk", "-v"]);
    return probe.stdout.toString() + probe.stderr.toString();
  })().split("\n")[0]?.split(" [")[0] ?? "wrk";
  return `machine: ${availableParallelism()} cores (nproc), ${model}; Bun ${Bun.version}; ${wrkVersion}; load average ${loadavg().map((n) => n.toFixed(2)).join(" ")}`;
}

/** Starts a server script in its own process and waits for its one JSON line. */
async function startServer(script: string, args: string[], env: Record<string, string>): Promise<{ ready: Ready; stop(): Promise<void> }> {
  const child = Bun.spawn([BUN, join(import.meta.dir, script), ...args], {
    cwd: join(import.meta.dir, "../.."),
    env: { ...process.env, ...env },
    stdout: "pipe",
    stderr: "inherit",
  });
  children.add(child);
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const killed = setTimeout(() => child.kill("SIGKILL"), 5000);
      await child.exited;
      clearTimeout(killed);
    }
    children.delete(child);
  };
  const reader = child.stdout.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const timeout = setTimeout(() => child.kill("SIGKILL"), 300_000);
  try {
    while (!text.includes("\n")) {
      const { done, value } = await reader.read();
      if (done) throw new Error(`${script} exited (${await child.exited}) before it was ready: ${text.slice(0, 500)}`);
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    clearTimeout(timeout);
  }
  // Keep draining stdout so a chatty child never blocks on a full pipe.
  void (async () => {
    while (!(await reader.read()).done);
  })().catch(() => undefined);
  return { ready: JSON.parse(text.slice(0, text.indexOf("\n"))) as Ready, stop };
}

/** One request the way wrk will send it, checked for a 2xx and a sensible body before the load. */
async function preflight(port: number, headers: Record<string, string>, request: WrkRequest, target: Target): Promise<string | null> {
  const response = await fetch(`http://127.0.0.1:${port}${request.path}`, { method: request.method, headers, ...(request.body === undefined ? {} : { body: request.body }) });
  const body = await response.text();
  if (response.status < 200 || response.status > 299) return `HTTP ${response.status}: ${body.slice(0, 300)}`;
  if (target.bodyMustContain && !body.includes(target.bodyMustContain)) return `JSON-RPC failure: ${body.slice(0, 300)}`;
  return null;
}

type Row = { target: Target; processes: number; result?: WrkResult; failure?: string; note?: string };

async function measure(target: Target, ready: Ready, dir: string, processes: number): Promise<Row> {
  const headers: Record<string, string> = {};
  if (target.server === "service") {
    const key = target.key ? target.key(ready) : ready.key;
    if (key) headers.Authorization = `Bearer ${key}`;
    headers.Accept = "application/json, text/event-stream";
    if (target.requests(ready).some((request) => request.body !== undefined)) headers["Content-Type"] = "application/json";
  }
  const requests = target.requests(ready);
  const [first] = requests;
  if (!first) return { target, processes, failure: "no request" };
  const problem = await preflight(ready.port, headers, first, target);
  if (problem) return { target, processes, failure: problem };
  const script = join(dir, `${target.name}.lua`);
  await writeFile(script, luaScript(headers, requests, target.bodyMustContain));
  const url = `http://127.0.0.1:${ready.port}`;
  const background = target.background?.(ready);
  let result: WrkResult;
  let note: string | undefined;
  try {
    await runWrk({ url, script, seconds: WARMUP_SECONDS, connections: CONNECTIONS, latency: false });
    result = await runWrk({ url, script, seconds, connections: CONNECTIONS, latency: true });
  } finally {
    note = await background?.stop();
  }
  const failures = [
    result.non2xx ? `${result.non2xx} non-2xx` : "",
    result.socketErrors ? `${result.socketErrors} socket errors` : "",
    result.timeouts ? `${result.timeouts} timeouts (>${TIMEOUT_SECONDS} s, not in p99)` : "",
    result.badBodies ? `${result.badBodies} failed JSON-RPC bodies` : "",
  ].filter(Boolean);
  return failures.length ? { target, processes, result, note, failure: `${failures.join(", ")} of ${result.requests}` } : { target, processes, result, note };
}

/** A target that throws (the server crashed, wrk failed) becomes a failed row; the run goes on. */
async function measureSafely(target: Target, ready: Ready, dir: string, processes = 1): Promise<Row> {
  try {
    return await measure(target, ready, dir, processes);
  } catch (error) {
    return { target, processes, failure: error instanceof Error ? error.message.split("\n")[0] ?? error.message : String(error) };
  }
}

function verdict(row: Row, ceiling: number | undefined): string {
  if (row.failure) return `FAIL: ${row.failure}`;
  const result = row.result;
  if (!result || row.target.kind === "ceiling") return "";
  const checks: string[] = [];
  const ratio = ceiling ? result.requestsPerSecond / ceiling : Number.NaN;
  if (row.target.kind === "read") checks.push(`${ratio >= GOAL_READ ? "ok" : "MISS"} ≥${GOAL_READ}`);
  if (row.target.kind === "create") checks.push(`${ratio >= GOAL_CREATE ? "ok" : "MISS"} ≥${GOAL_CREATE}`);
  checks.push(`${result.p99Ms < GOAL_P99_MS ? "ok" : "MISS"} p99<${GOAL_P99_MS}ms`);
  return checks.join(", ");
}

/** A target's figure with the first process count, which every other count's is a ratio to. */
function baseline(rows: Row[], row: Row): WrkResult | undefined {
  return rows.find((other) => other.target === row.target && other.processes === processCounts[0])?.result;
}

function table(rows: Row[]): string {
  const ceiling = rows.find((row) => row.target.kind === "ceiling")?.result?.requestsPerSecond;
  const compared = processCounts.length > 1;
  const head = ["target", ...(compared ? ["processes"] : []), "req/s", "p50 ms", "p99 ms", "× ceiling", ...(compared ? [`req/s × ${processCounts[0]}`, `p99 × ${processCounts[0]}`] : []), "goal"];
  const body = rows.map((row) => {
    const result = row.result;
    const base = baseline(rows, row);
    return [
      row.target.label,
      ...(compared ? [row.target.server === "service" ? String(row.processes) : "-"] : []),
      result ? result.requestsPerSecond.toFixed(0) : "-",
      result ? result.p50Ms.toFixed(2) : "-",
      result ? result.p99Ms.toFixed(2) : "-",
      result && ceiling ? (result.requestsPerSecond / ceiling).toFixed(3) : "-",
      ...(compared ? [result && base ? (result.requestsPerSecond / base.requestsPerSecond).toFixed(2) : "-", result && base ? (result.p99Ms / base.p99Ms).toFixed(2) : "-"] : []),
      verdict(row, ceiling),
    ];
  });
  const numeric = (column: number): boolean => column >= 1 && column < head.length - 1;
  const widths = head.map((_, column) => Math.max(...[head, ...body].map((cells) => (cells[column] ?? "").length)));
  const line = (cells: string[]): string =>
    cells.map((cell, column) => (numeric(column) ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0))).join("  ").trimEnd();
  return [line(head), widths.map((width) => "-".repeat(width)).join("  "), ...body.map(line)].join("\n");
}

async function cleanup(): Promise<void> {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  }
  await Promise.race([Promise.all([...children].map((child) => child.exited)), Bun.sleep(5000)]);
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  children.clear();
  if (workDir) await rm(workDir, { recursive: true, force: true });
  workDir = null;
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void cleanup().finally(() => process.exit(130));
  });
}

async function main(): Promise<number> {
  workDir = await mkdtemp(join(tmpdir(), "bench-api-"));
  console.log(await machine());
  const needsInvoices = selected.some((target) => target.kind === "read" || target.kind === "create");
  console.log(`wrk: 1 thread, ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${seconds} s per target; ${needsInvoices ? invoiceCount : 0} seeded invoices; service processes: ${processCounts.join(", ")}`);
  // wrk and the bench's own render clients run on the same cores as the service they measure.
  console.log(`note: wrk takes a core of the ${availableParallelism()} here; processes beyond the cores left compete with it\n`);
  const rows: Row[] = [];

  const hello = await startServer("hello.ts", [], {});
  for (const target of selected.filter((entry) => entry.server === "hello")) rows.push(await measureSafely(target, hello.ready, workDir));
  await hello.stop();

  const serviceTargets = selected.filter((entry) => entry.server === "service");
  if (serviceTargets.length > 0) {
    // Seeded once; each process count serves a copy of it, so the creates of one run never grow the next one's table.
    const seededDir = join(workDir, "seeded");
    const seeding = await startServer("serve.ts", ["--seed-only", "--invoices", String(needsInvoices ? invoiceCount : 0)], { DATA_DIR: seededDir });
    const { seeded = 0, seed_ms: seedMs = 0 } = seeding.ready;
    await seeding.stop();
    if (seeded > 0) console.log(`seeded ${seeded} invoices in ${(seedMs / 1000).toFixed(1)} s\n`);
    for (const processes of processCounts) {
      const dataDir = join(workDir, `data-${processes}`);
      await cp(seededDir, dataDir, { recursive: true });
      const service = await startServer("serve.ts", ["--processes", String(processes)], { DATA_DIR: dataDir });
      for (const target of serviceTargets) rows.push(await measureSafely(target, service.ready, workDir, processes));
      await service.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }

  // Each target's rows together, in the order of the process counts.
  rows.sort((a, b) => selected.indexOf(a.target) - selected.indexOf(b.target) || processCounts.indexOf(a.processes) - processCounts.indexOf(b.processes));
  console.log(table(rows));
  for (const row of rows) if (row.note) console.log(`${row.target.name}${processCounts.length > 1 ? ` (${row.processes} processes)` : ""}: ${row.note}`);
  console.log(`\nload average after: ${loadavg().map((n) => n.toFixed(2)).join(" ")}`);
  return rows.some((row) => row.failure) ? 1 : 0;
}

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
} finally {
  await cleanup();
}
process.exit(code);
