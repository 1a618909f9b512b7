// `npm run soak -- --minutes 30`: the real service (server/http/main.ts, its scheduler running in real
// time) under mixed traffic from closed-loop workers — reads, writes, exports, webhook deliveries to
// a local receiver, recurring rules issuing — measured in windows. It passes when no request failed,
// the server's memory grew by at most a bound over the run's second half (at least 90 s in: caches
// and the heap fill up before; a leak keeps growing), the second half's p99 stayed within a factor of the
// warm-up window's, and every event reached the webhook receiver. CI runs `--minutes 2`. Exit 1 on
// any failed verdict.
//   --minutes M      how long (default 30)       --workers N      concurrent callers (default 8)
//   --window S       seconds per window (10)      --memory-mb B    allowed RSS growth over the second half (96)
//   --p99-factor F   allowed p99 growth (3)       DATABASE_URL     a libSQL server instead of the embedded file
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { percentile } from "./bench/measure.ts";
import { startServiceProcess } from "./service-process.ts";

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    minutes: { type: "string", default: "30" },
    workers: { type: "string", default: "8" },
    window: { type: "string", default: "10" },
    "memory-mb": { type: "string", default: "96" },
    "p99-factor": { type: "string", default: "3" },
  },
});
const minutes = Number(values.minutes);
const workers = Number(values.workers);
const windowMs = Number(values.window) * 1000;
const memoryBoundMb = Number(values["memory-mb"]);
const p99Factor = Number(values["p99-factor"]);
if (![minutes, workers, windowMs, memoryBoundMb, p99Factor].every((value) => Number.isFinite(value) && value > 0)) throw new Error("--minutes, --workers, --window, --memory-mb and --p99-factor take positive numbers");

type Window = { started: number; latencies: number[]; errors: string[]; rssMb: number };

/** The webhook receiver: the invoice.created events it got, each once (by webhook-id); answers 200. */
async function startReceiver(): Promise<{ url: string; ids: Set<string>; close(): Promise<void> }> {
  const ids = new Set<string>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if ((JSON.parse(Buffer.concat(chunks).toString("utf8")) as { type?: string }).type === "invoice.created") ids.add(String(request.headers["webhook-id"]));
      response.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/soak`, ids, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function rssMbOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

const dataDir = await mkdtemp(join(tmpdir(), "soak-"));
const receiver = await startReceiver();
const service = await startServiceProcess(dataDir, {
  RATE_LIMIT_PRO: "100000000,100000000,100000000",
  // A fast machine exports thousands of files a minute, past the pro tier's 2,000 live ones: the
  // soak measures the service, not the quota (the redteam does), so links live a minute and the
  // count is lifted; the scheduler's sweep of expired files runs under the load instead.
  STORAGE_QUOTA_PRO: "exports=1000000,export_bytes=100000000000,file_lifetime_ms=60000",
  WEBHOOK_ALLOW_HTTP: "true",
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true",
  LOG_LEVEL: "error",
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
});
// Whatever happens from here, the service and the receiver do not outlive the soak.
process.on("exit", () => {
  try {
    process.kill(service.pid, "SIGKILL");
  } catch {
    // Stopped already.
  }
});
process.on("uncaughtException", (error) => {
  console.error(error);
  process.exit(1);
});
const key = service.defaultKey;
if (!key) throw new Error("the service printed no default key");
const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  const response = await fetch(`${service.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, json: text && response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : null };
}

const today = new Date().toISOString().slice(0, 10);
const invoiceBody = (tag: string) => ({
  bill_to_name: `Soak client ${tag.slice(-2)}`,
  bill_to_email: `ap+${tag.slice(-2)}@soak.example`,
  currency: "EUR",
  locale: "de-DE",
  issue_date: today,
  items: [
    { description: `Work ${tag}`, quantity: 3, rate: 12_500, tax_rate: 19 },
    { description: "Travel", quantity: 1, rate: 4_550, tax_rate: 19 },
  ],
});

await call("PUT", "/api/account", { legal_name: "Soak GmbH", currency: "EUR", address: { line1: "Hauptstraße 1", city: "Berlin", postal_code: "10115", country: "DE" } });
const webhook = await call("POST", "/api/webhooks", { url: receiver.url, event_types: ["invoice.created", "invoice.updated"] });
if (webhook.status !== 201) throw new Error(`the webhook endpoint was refused: ${JSON.stringify(webhook.json)}`);

const ids: string[] = [];
let created = 0;
// A few invoices first, so updates, exports and rules have something to work on from the start.
for (let seed = 0; seed < workers; seed++) {
  const invoice = await call("POST", "/api/invoices", invoiceBody(`seed${seed}`));
  if (invoice.status !== 201) throw new Error(`a seed invoice was refused: ${JSON.stringify(invoice.json)}`);
  ids.push(invoice.json.id);
  created += 1;
}
let sequence = 0;
const windows: Window[] = [];
let current: Window = { started: performance.now(), latencies: [], errors: [], rssMb: 0 };

/** One step of the mix: 60 % reads, 25 % writes, 10 % exports, 5 % recurring rules. */
async function step(): Promise<void> {
  const roll = Math.random();
  const tag = `s${++sequence}`;
  const started = performance.now();
  let result: { status: number; json: any };
  let expected = 200;
  const known = ids[Math.floor(Math.random() * ids.length)];
  if (roll < 0.6 || !known) {
    const reads = ["/api/invoices?limit=20", "/api/dashboard", "/api/clients?limit=20", known ? `/api/invoices/${known}` : "/api/invoices?status=draft"];
    result = await call("GET", reads[Math.floor(Math.random() * reads.length)] as string);
  } else if (roll < 0.85) {
    if (Math.random() < 0.6) {
      result = await call("POST", "/api/invoices", invoiceBody(tag));
      expected = 201;
      if (result.status === 201) {
        ids.push(result.json.id);
        created += 1;
      }
    } else {
      const invoice = await call("GET", `/api/invoices/${known}`);
      result = invoice.json?.locked ? invoice : await call("PUT", `/api/invoices/${known}`, { base_revision: invoice.json.revision, operation_id: crypto.randomUUID(), notes: `soak ${tag}` });
      // Another worker may have saved it meanwhile: a conflict is the contract working, not an error.
      if (result.status === 409) expected = 409;
    }
  } else if (roll < 0.95) {
    result = await call("POST", `/api/invoices/${known}/export`, { format: Math.random() < 0.5 ? "pdf" : "csv" });
  } else {
    // Starting today: the scheduler's next issue-recurring run issues its first invoice.
    result = await call("POST", "/api/recurring", { invoice_id: known, frequency: "daily", start_date: today });
    expected = 201;
  }
  current.latencies.push(performance.now() - started);
  if (result.status !== expected) current.errors.push(`${result.status} ${JSON.stringify(result.json).slice(0, 200)}`);
}

const endAt = performance.now() + minutes * 60_000;
const loops = Array.from({ length: workers }, async () => {
  while (performance.now() < endAt) await step().catch((error: unknown) => void current.errors.push(String(error)));
});
const ticker = setInterval(async () => {
  const closed = current;
  current = { started: performance.now(), latencies: [], errors: [], rssMb: 0 };
  closed.rssMb = await rssMbOf(service.pid);
  windows.push(closed);
  const sorted = [...closed.latencies].sort((a, b) => a - b);
  console.log(`window ${windows.length}: ${closed.latencies.length} requests, p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms, errors ${closed.errors.length}, RSS ${closed.rssMb.toFixed(0)} MB`);
}, windowMs);
await Promise.all(loops);
clearInterval(ticker);
windows.push({ ...current, rssMb: await rssMbOf(service.pid) });

// Webhooks are delivered by the service's scheduler within seconds: wait for the last ones.
// Every invoice made (by the workers and by recurring rules) announced itself with invoice.created.
const events = (await call("GET", "/api/invoices?limit=1")).json.total as number;
const deadline = performance.now() + 30_000;
while (receiver.ids.size < events && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
const delivered = receiver.ids.size;

await service.stop("SIGTERM");
await receiver.close();
await rm(dataDir, { recursive: true, force: true });

const measured = windows.filter((window) => window.latencies.length > 0);
const warm = measured[Math.min(1, measured.length - 1)] as Window;
const p99 = (window: Window) => percentile([...window.latencies].sort((a, b) => a - b), 0.99);
const errors = measured.flatMap((window) => window.errors);
// The reference point: halfway, but not before the scheduler's minute jobs (recurring rules issuing
// everything due at once) have run twice, so a 2-minute run does not take their heap growth for a leak.
const settledSeconds = Math.max((minutes * 60) / 2, 90);
const halfway = measured[Math.min(measured.length - 1, Math.ceil((settledSeconds * 1000) / windowMs) - 1)] as Window;
const last = measured[measured.length - 1] as Window;
const peak = Math.max(...measured.map((window) => window.rssMb));
const worstP99 = Math.max(...measured.slice(1).map(p99));
// Stable: the second half's requests together, against the warm-up window (single windows with a
// scheduler burst are reported as the worst, not judged alone).
const secondHalf: Window = { started: 0, latencies: measured.slice(Math.floor(measured.length / 2)).flatMap((window) => window.latencies), errors: [], rssMb: 0 };
const verdicts = [
  { name: "no request failed", ok: errors.length === 0, detail: errors.length === 0 ? "0 errors" : `${errors.length} errors, e.g. ${errors.slice(0, 3).join(" | ")}` },
  { name: `memory grew at most ${memoryBoundMb} MB after ${settledSeconds} s`, ok: last.rssMb <= halfway.rssMb + memoryBoundMb, detail: `at ${settledSeconds} s ${halfway.rssMb.toFixed(0)} MB, at the end ${last.rssMb.toFixed(0)} MB, peak ${peak.toFixed(0)} MB` },
  { name: `p99 of the second half within ${p99Factor}× the warm-up window's`, ok: p99(secondHalf) <= Math.max(p99(warm), 20) * p99Factor, detail: `warm-up p99 ${p99(warm).toFixed(1)} ms, second half ${p99(secondHalf).toFixed(1)} ms, worst window ${worstP99.toFixed(1)} ms` },
  { name: "every invoice.created event delivered", ok: delivered >= events, detail: `${delivered} invoice.created deliveries received for ${events} invoices` },
];
console.log(`\nsoak: ${minutes} min, ${workers} workers, ${measured.reduce((sum, window) => sum + window.latencies.length, 0)} requests, ${created} invoices created`);
for (const verdict of verdicts) console.log(`${verdict.ok ? "✓" : "✗"} ${verdict.name}: ${verdict.detail}`);
process.exit(verdicts.every((verdict) => verdict.ok) ? 0 : 1);
