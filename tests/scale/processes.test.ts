// `npm start` with WEB_CONCURRENCY=2 on the embedded file (server/http/processes.ts, ADR 0043): two
// serving processes on one port with reusePort, and their supervisor. What the proxy topology's
// cross-process suite (cross-process.test.ts, two processes over sqld) proves must hold here too,
// on one SQLite file in WAL mode: one winner among conflicting saves, numbers without gaps, rate
// limits and revocations seen by both. And what is the supervisor's own: the once-only start, a
// crashed process started again, and one SIGTERM stopping them all.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createAccountKey, startServiceProcess, type ServiceProcess } from "../../scripts/service-process.ts";
import { loadConfig, MOST_PROCESSES } from "../../server/platform/config.ts";
import { invoiceInput, operation } from "../helpers/factories.ts";
import { api, type Api } from "../helpers/http.ts";
import { expectStatus, invoicePath, type Invoice } from "../helpers/invoices.ts";

let dataDir: string;
let service: ServiceProcess;
let client: Api;
/** An unlimited account's key: the tests send bursts a tier's limits would cut short. */
let key: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "processes-"));
  service = await startServiceProcess(dataDir, { WEB_CONCURRENCY: "2", LOG_LEVEL: "info", KEY_CACHE_MS: "60000", RATE_LIMIT_FREE: "5,1000,10000" });
  key = await createAccountKey(dataDir, "Burst account", "unlimited");
  client = api(service.url, key);
}, 60_000);
afterAll(async () => {
  await service?.stop("SIGKILL");
  await rm(dataDir, { recursive: true, force: true });
});

type LogLine = { msg?: string; process?: number; pid?: number; pids?: number[]; path?: string; status?: number };
const logged = (line: string): LogLine => {
  try {
    return JSON.parse(line) as LogLine;
  } catch {
    return {};
  }
};
/** A request on a connection of its own, so the kernel picks the process anew each time. */
const alone = { connection: "close" };
/** The processes that logged a request for `path` so far. */
const servedBy = (path: string): Set<number | undefined> => new Set(service.lines.map(logged).filter((line) => line.msg === "request" && line.path === path).map((line) => line.process));

test("WEB_CONCURRENCY takes 1 to 64 processes; 0, 65, a fraction or a word stops the start with the setting named", () => {
  expect([1, 2, 64].map((processes) => loadConfig({ WEB_CONCURRENCY: String(processes) }).processes)).toEqual([1, 2, 64]);
  expect(loadConfig({}).processes).toBeLessThanOrEqual(MOST_PROCESSES);
  for (const value of ["0", "65", "1000", "1.5", "two"]) expect(() => loadConfig({ WEB_CONCURRENCY: value })).toThrow("WEB_CONCURRENCY");
});

test("one start: the first start's key printed once, then two processes serving on one port", async () => {
  expect(service.defaultKey).toStartWith("svc_");
  expect(service.lines.filter((line) => line.startsWith("API key:"))).toHaveLength(1);
  // The listening line is the one a single process prints (scripts look for it), once, then the count.
  expect(service.lines.filter((line) => line.startsWith("Listening on"))).toEqual([`Listening on ${service.url}`]);
  expect(service.lines).toContain("Serving with 2 processes (WEB_CONCURRENCY)");
  const serving = logged(await service.line((line) => logged(line).msg === "serving"));
  expect(serving.pids).toHaveLength(2);
  expect(new Set(serving.pids).size).toBe(2);
});

test("connections are spread over both processes", async () => {
  for (let request = 0; request < 40; request++) expect((await fetch(`${service.url}/api/health`, { headers: alone })).status).toBe(200);
  expect(servedBy("/api/health")).toEqual(new Set([1, 2]));
});

test("50 conflicting saves over both processes: exactly one wins, the rest are REVISION_CONFLICT", async () => {
  const invoice: Invoice = expectStatus(await client.post("/api/invoices", invoiceInput()), 201);
  const replies = await Promise.all(
    Array.from({ length: 50 }, (_, index) =>
      client.raw(invoicePath(invoice.id), { method: "PUT", headers: { ...alone, authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify({ ...operation(invoice.revision), notes: `save ${index}` }) }),
    ),
  );
  expect(replies.filter((reply) => reply.status === 200)).toHaveLength(1);
  expect(replies.filter((reply) => reply.status === 409 && reply.body.code === "REVISION_CONFLICT")).toHaveLength(49);
  expect(servedBy(`/api/invoices/${invoice.id}`)).toEqual(new Set([1, 2]));
  expect(expectStatus(await client.get(invoicePath(invoice.id)), 200).revision).toBe(invoice.revision + 1);
});

test("40 drafts finalized at once over both processes: numbers 1 to 40, none skipped or doubled", async () => {
  const drafts: Invoice[] = await Promise.all(Array.from({ length: 40 }, async () => expectStatus(await client.post("/api/invoices", invoiceInput()), 201)));
  const finalized = await Promise.all(
    drafts.map(async (draft) => {
      const reply = await client.raw(invoicePath(draft.id, "/finalize"), { method: "POST", headers: { ...alone, authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify(operation(draft.revision)) });
      return expectStatus(reply, 200) as Invoice;
    }),
  );
  const sequence = finalized.map((invoice) => Number(/(\d+)$/.exec(invoice.number as string)?.[1])).sort((a, b) => a - b);
  expect(sequence).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
});

test("rate limits count both processes' requests together, in their supervisor's memory", async () => {
  const free = await createAccountKey(dataDir, "Free account", "free");
  const statuses: number[] = [];
  for (let request = 0; request < 8; request++) statuses.push((await fetch(`${service.url}/api/clients`, { headers: { ...alone, authorization: `Bearer ${free}` } })).status);
  expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
  expect(servedBy("/api/clients")).toEqual(new Set([1, 2]));
});

test("a key revoked through one process is refused by both at once, though each had it cached for a minute", async () => {
  const created = expectStatus(await client.post("/api/keys", { name: "revoked soon", scopes: ["invoices:read"] }), 201);
  const withKey = () => fetch(`${service.url}/api/invoices`, { headers: { ...alone, authorization: `Bearer ${created.token}` } });
  for (let request = 0; request < 20; request++) expect((await withKey()).status).toBe(200);
  expect(servedBy("/api/invoices")).toEqual(new Set([1, 2]));
  expectStatus(await client.delete(`/api/keys/${created.id}`), 200);
  // One after another: a burst of refused credentials from one address would meet the failure limit's 429 instead.
  const after: number[] = [];
  for (let request = 0; request < 8; request++) after.push((await withKey()).status);
  expect(after).toEqual(Array.from({ length: 8 }, () => 401));
});

test("a serving process that crashes is logged and started again, and the service goes on answering", async () => {
  const { pids } = logged(await service.line((line) => logged(line).msg === "serving"));
  const victim = pids?.[0] as number;
  process.kill(victim, "SIGKILL");
  const exited = logged(await service.line((line) => logged(line).msg === "service process exited; starting it again"));
  expect(exited).toMatchObject({ process: 1, pid: victim });
  const again = logged(await service.line((line) => logged(line).msg === "service process started again"));
  expect(again.process).toBe(1);
  expect(again.pid).not.toBe(victim);
  for (let request = 0; request < 20; request++) expect((await fetch(`${service.url}/api/health`, { headers: alone })).status).toBe(200);
});

test("SIGTERM to the supervisor stops every serving process cleanly, and it exits 0", async () => {
  const serving = logged(await service.line((line) => logged(line).msg === "service process started again")).pid as number;
  const other = (logged(await service.line((line) => logged(line).msg === "serving")).pids as number[])[1] as number;
  await service.stop("SIGTERM");
  expect(await service.exited).toBe(0);
  expect(service.lines.map(logged).filter((line) => line.msg === "stopped" && line.process !== undefined).map((line) => line.process).sort()).toEqual([1, 2]);
  for (const pid of [serving, other]) expect(() => process.kill(pid, 0)).toThrow();
});
