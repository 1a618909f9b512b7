// `npm run redteam`: the hostile corpus of issue 22 replayed against the real service (a fresh
// DATA_DIR, its own process) while another account reads its invoices. Every hostile request must be
// refused by its named limit (details.limit, or the quota) and none may answer 500; the server's
// memory must stay under 1 GB and the other account's reads fast (p99 under 100 ms). Prints each
// attack with its answer and time, then the verdicts; exit 1 on any failed one. CI runs it after the
// suite. Budgets: server/domain/document-budgets.ts (ADR 0036); quotas: ADR 0037.
//   --rss-mb M   the memory bound (1024)      --p99-ms P   the other account's p99 bound (100)
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { percentile } from "./bench/measure.ts";
import { HOSTILE_DOCUMENTS, nestedHtml, pdfReusingOneImage } from "./redteam/hostile-documents.ts";
import { createAccountKey, startServiceProcess } from "./service-process.ts";

const { values } = parseArgs({ args: process.argv.slice(2), options: { "rss-mb": { type: "string", default: "1024" }, "p99-ms": { type: "string", default: "100" } } });
const rssBoundMb = Number(values["rss-mb"]);
const p99BoundMs = Number(values["p99-ms"]);

type Answer = { status: number; body: any; ms: number };
type Attack = { name: string; expect: { status: number; limit: string }; send(): Promise<Answer> };

/** A local site serving the 100,000-level page a brand extraction is pointed at. */
async function startDeepSite(): Promise<{ url: string; close(): Promise<void> }> {
  const page = nestedHtml(100_000);
  const server: Server = createServer((_request, response) => response.writeHead(200, { "content-type": "text/html" }).end(page));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/deep/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function rssMbOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

const dataDir = await mkdtemp(join(tmpdir(), "redteam-"));
const site = await startDeepSite();
const service = await startServiceProcess(dataDir, { OUTBOUND_ALLOW_ADDRESSES: "127.0.0.1", LOG_LEVEL: "error", OCR_WORKERS: "1" });
process.on("exit", () => {
  try {
    process.kill(service.pid, "SIGKILL");
  } catch {
    // Stopped already.
  }
});
const attacker = service.defaultKey;
if (!attacker) throw new Error("the service printed no default key");


async function send(method: string, path: string, key: string | null, body?: unknown, raw?: { bytes: Uint8Array; type: string }): Promise<Answer> {
  const started = performance.now();
  const headers: Record<string, string> = { ...(key ? { authorization: `Bearer ${key}` } : {}), "content-type": raw?.type ?? "application/json" };
  const response = await fetch(`${service.url}${path}`, { method, headers, body: raw ? new Blob([new Uint8Array(raw.bytes)]) : body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  let parsed: any = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  return { status: response.status, body: parsed, ms: performance.now() - started };
}

const base64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString("base64");
// The bystander reads as fast as it can, so its own rate limit is lifted; the account filling the
// disk is on the free tier, whose storage quotas it meets.
const bystander = await createAccountKey(dataDir, "Bystander", "unlimited");
const filler = await createAccountKey(dataDir, "Filler", "free");

// The other account's reads, closed-loop, for as long as the attacks last.
const latencies: number[] = [];
const bystanderErrors: string[] = [];
let attacking = true;
const reading = (async () => {
  while (attacking) {
    const answer = await send("GET", "/api/invoices?limit=20", bystander);
    latencies.push(answer.ms);
    if (answer.status !== 200) bystanderErrors.push(`${answer.status} ${JSON.stringify(answer.body)}`);
  }
})();
let rssPeakMb = 0;
const sampling = setInterval(() => void rssMbOf(service.pid).then((mb) => (rssPeakMb = Math.max(rssPeakMb, mb))), 100);

const pageBomb = await pdfReusingOneImage({ pages: 3_000 });
const thousandLines = { from_name: "Acme GmbH", bill_to_name: "Globex", currency: "EUR", issue_date: "2026-11-29", items: Array.from({ length: 1_000 }, (_, index) => ({ description: `Line ${index} ${"x".repeat(200)}`, rate: 1_000 + index })) };

const attacks: Attack[] = [
  { name: "OCR of a 3,000-page PDF reusing one image", expect: { status: 422, limit: "pdf.pages" }, send: () => send("POST", "/api/ocr", attacker, undefined, { bytes: pageBomb, type: "application/pdf" }) },
  { name: "extraction of the same PDF", expect: { status: 422, limit: "pdf.pages" }, send: () => send("POST", "/api/extract", attacker, { content: base64(pageBomb), encoding: "base64" }) },
  { name: "import of the same PDF", expect: { status: 422, limit: "pdf.pages" }, send: () => send("POST", "/api/import", attacker, { content: base64(pageBomb), encoding: "base64" }) },
  ...HOSTILE_DOCUMENTS.map(
    (document): Attack => ({ name: `import of ${document.name}`, expect: { status: document.status, limit: document.limit }, send: () => send("POST", "/api/import", attacker, { content: base64(document.bytes()), encoding: "base64" }) }),
  ),
  { name: "brand extraction of a 100,000-level page", expect: { status: 422, limit: "html.depth" }, send: () => send("POST", "/api/brand-extract", attacker, { url: site.url }) },
  { name: "webhook to a NAT64 address", expect: { status: 422, limit: "url" }, send: () => send("POST", "/api/webhooks", attacker, { url: "https://[64:ff9b::7f00:1]/hook" }) },
  { name: "webhook to an IPv4-translated address", expect: { status: 422, limit: "url" }, send: () => send("POST", "/api/webhooks", attacker, { url: "https://[::ffff:0:127.0.0.1]/hook" }) },
];

type Outcome = { name: string; status: number; limit: string; ms: number; ok: boolean; rssMb?: number };
const outcomes: Outcome[] = [];
/** What an answer names as the limit it met: a storage quota, a document budget or the refused field. */
const limitOf = (answer: Answer): string => String(answer.body?.details?.quota ?? answer.body?.details?.limit ?? answer.body?.details?.field ?? "");

for (const attack of attacks) {
  const answer = await attack.send();
  const limit = limitOf(answer);
  outcomes.push({ name: attack.name, status: answer.status, limit, ms: answer.ms, ok: answer.status === attack.expect.status && limit === attack.expect.limit, rssMb: await rssMbOf(service.pid) });
}

// Disk filling: inline SVG exports of a 1,000-line invoice until a quota answers (or 40 tries).
let filled: Answer | null = null;
for (let attempt = 0; attempt < 40 && !filled; attempt++) {
  const answer = await send("POST", "/api/export", filler, { invoice: thousandLines, format: "svg" });
  if (answer.status !== 200) filled = answer;
}
outcomes.push({
  name: "stored inline SVG exports of a 1,000-line invoice, until refused",
  status: filled?.status ?? 200,
  limit: filled ? limitOf(filled) : "(never refused)",
  ms: filled?.ms ?? 0,
  ok: filled !== null && [413, 429].includes(filled.status) && limitOf(filled) !== "",
  rssMb: await rssMbOf(service.pid),
});

// Revocation: a key revoked is refused on the very next request.
const made = await send("POST", "/api/keys", attacker, { name: "short-lived", scopes: ["invoices:read"] });
const shortLived = made.body?.token as string;
const warmed = await send("GET", "/api/invoices?limit=1", shortLived);
await send("DELETE", `/api/keys/${made.body?.id}`, attacker);
const afterRevoke = await send("GET", "/api/invoices?limit=1", shortLived);
outcomes.push({ name: "a revoked key, on the next request", status: afterRevoke.status, limit: afterRevoke.body?.code ?? "", ms: afterRevoke.ms, ok: warmed.status === 200 && afterRevoke.status === 401 });

attacking = false;
await reading;
clearInterval(sampling);
rssPeakMb = Math.max(rssPeakMb, await rssMbOf(service.pid));
await service.stop();
await site.close();
await rm(dataDir, { recursive: true, force: true });

console.log("attack                                                           status  limit                   ms  RSS after (MB)");
for (const outcome of outcomes) console.log(`${outcome.ok ? "✓" : "✗"} ${outcome.name.padEnd(63)} ${String(outcome.status).padEnd(7)} ${outcome.limit.padEnd(23)} ${outcome.ms.toFixed(0).padStart(6)}  ${outcome.rssMb === undefined ? "" : outcome.rssMb.toFixed(0).padStart(6)}`);
const sorted = [...latencies].sort((a, b) => a - b);
const p50 = percentile(sorted, 0.5);
const p99 = percentile(sorted, 0.99);
const verdicts = [
  { ok: outcomes.every((outcome) => outcome.status !== 500), text: `no 500 among ${outcomes.length} hostile requests` },
  { ok: outcomes.every((outcome) => outcome.ok), text: `each refused by its named limit: ${outcomes.filter((outcome) => outcome.ok).length} of ${outcomes.length}` },
  { ok: rssPeakMb < rssBoundMb, text: `server RSS peak ${rssPeakMb.toFixed(0)} MB (bound ${rssBoundMb} MB)` },
  { ok: p99 < p99BoundMs && bystanderErrors.length === 0, text: `the other account's reads: ${latencies.length} GETs, p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (bound ${p99BoundMs} ms), ${bystanderErrors.length} errors` },
];
console.log("");
for (const verdict of verdicts) console.log(`${verdict.ok ? "✓" : "✗"} ${verdict.text}`);
if (bystanderErrors.length) console.log(bystanderErrors.slice(0, 5).join("\n"));
process.exit(verdicts.every((verdict) => verdict.ok) ? 0 : 1);
