// `npm run bench:automation`: in one run on 127.0.0.1,
// - webhook deliveries per second: events written straight into the outbox, then the
//   deliver-webhooks job (fan-out, Standard Webhooks signing, the SSRF guard's checks, one pinned
//   connection per attempt, each attempt recorded) until all are delivered to a receiver in its own
//   process; goal ≥ 500/s. Baseline: the same number of plain unsigned POSTs with fetch at the same
//   concurrency, nothing recorded (the receiver's and the loopback's own ceiling).
// - what events add to a create: POST /api/invoices in-process on two services, events on and
//   EVENTS=off, in interleaved rounds; the median of the rounds' medians; goal ≤ 5 %.
// Flags: --deliveries N (per round, default 5000), --rounds N (default 3 for deliveries, ×4 for
// creates), --creates N (per round, default 200).
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createAccount, createApiKey } from "../../db/queries/accounts.ts";
import { createApp } from "../../server/http/app.ts";
import { createEndpoint } from "../../server/automation/webhooks/endpoints.ts";
import { deliverWebhooks } from "../../server/automation/webhooks/delivery.ts";
import { loadConfig } from "../../server/platform/config.ts";
import type { NewEvent } from "../../server/domain/events.ts";
import { SCOPES } from "../../server/domain/scopes.ts";
import { createServices, type Services } from "../../server/services.ts";
import { measure, percentile } from "./measure.ts";
import { CREATE_BODY } from "./create-body.ts";

const GOAL_DELIVERIES_PER_SECOND = 500;
const GOAL_EVENT_COST = 0.05;
const CONCURRENCY = 32;

const { values } = parseArgs({
  options: {
    deliveries: { type: "string", default: "5000" },
    rounds: { type: "string", default: "3" },
    creates: { type: "string", default: "200" },
    receiver: { type: "boolean", default: false },
  },
});

// The receiver's own process: answers every POST 200 after reading it, prints its port.
if (values.receiver) {
  const receiver = createServer((request, response) => {
    request.resume();
    request.on("end", () => response.writeHead(200, { "content-type": "text/plain" }).end("ok"));
  });
  receiver.listen(0, "127.0.0.1", () => console.log(JSON.stringify({ port: (receiver.address() as { port: number }).port })));
  process.on("SIGTERM", () => process.exit(0));
  await new Promise(() => undefined);
}

const perRound = Number(values.deliveries);
const rounds = Number(values.rounds);
const createsPerRound = Number(values.creates);

async function startReceiver(): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, [import.meta.filename, "--receiver"], { stdio: ["ignore", "pipe", "inherit"] });
  const line = await new Promise<string>((resolve, reject) => {
    child.stdout.once("data", (chunk: Buffer) => resolve(chunk.toString()));
    child.once("exit", (code) => reject(new Error(`receiver exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${JSON.parse(line).port}/hooks`, stop: () => child.kill("SIGTERM") };
}

async function benchServices(dataDir: string, env: Record<string, string> = {}): Promise<Services> {
  return createServices(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", WEBHOOK_ALLOW_HTTP: "true", WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true", ...env }));
}

async function newAccount(services: Services): Promise<{ accountId: string; key: string }> {
  const now = services.clock.now();
  const account = await services.database.write((tx) => createAccount(tx, { name: "Bench automation", tier: "unlimited", now }));
  const { token } = await services.database.write((tx) => createApiKey(tx, { accountId: account.id, name: "bench", scopes: SCOPES, now }));
  return { accountId: account.id, key: token };
}

async function countDelivered(services: Services): Promise<number> {
  const result = await services.database.client.execute("select count(*) as n from webhook_deliveries where status = 'delivered'");
  return Number(result.rows[0]?.n);
}

/** Writes `count` events (1,000 per transaction), as changes would, then delivers them all; deliveries per second. */
async function deliveryRound(services: Services, accountId: string, count: number): Promise<number> {
  const now = services.clock.now();
  for (let written = 0; written < count; written += 1000) {
    const batch: NewEvent[] = Array.from({ length: Math.min(1000, count - written) }, (_, index) => ({
      type: "client.updated",
      resource: { type: "client", id: `cli_BENCH${written + index}` },
      data: { id: `cli_BENCH${written + index}`, name: "Bench client", email: "ap@bench.example", currency: "EUR", archived: false },
    }));
    await services.database.write((tx) => services.events.record(tx, accountId, now, batch));
  }
  const before = await countDelivered(services);
  const started = performance.now();
  while ((await countDelivered(services)) < before + count) await deliverWebhooks(services);
  return count / ((performance.now() - started) / 1000);
}

/** The same number of POSTs with fetch, unsigned, unchecked, unrecorded: what the receiver and loopback allow. */
async function plainPosts(url: string, count: number): Promise<number> {
  const body = JSON.stringify({ type: "client.updated", data: { id: "cli_BENCH", name: "Bench client" } });
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < count) {
        const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json", connection: "close" }, body });
        if (response.status !== 200) throw new Error(`receiver answered ${response.status}`);
        await response.text();
      }
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

async function createTarget(dataDir: string, env: Record<string, string>) {
  const services = await benchServices(dataDir, env);
  const app = createApp(services);
  const { key } = await newAccount(services);
  const create = async (): Promise<void> => {
    const response = await app.fetch(new Request("http://127.0.0.1/api/invoices", { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${key}` }, body: CREATE_BODY }));
    if (response.status !== 201) throw new Error(`create answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
  };
  return { services, create };
}

const median = (values: number[]): number => percentile([...values].sort((a, b) => a - b), 0.5);

const workDir = await mkdtemp(join(tmpdir(), "bench-automation-"));
const receiver = await startReceiver();
try {
  const services = await benchServices(join(workDir, "deliveries"));
  const { accountId } = await newAccount(services);
  await createEndpoint(services, accountId, { url: receiver.url, event_types: ["*"] });
  const signed: number[] = [];
  const plain: number[] = [];
  for (let round = 0; round < rounds; round++) {
    signed.push(await deliveryRound(services, accountId, perRound));
    plain.push(await plainPosts(receiver.url, perRound));
  }
  await services.renderer.close();
  await services.database.close();

  const withEvents = await createTarget(join(workDir, "events-on"), {});
  const withoutEvents = await createTarget(join(workDir, "events-off"), { EVENTS: "off" });
  const on: number[] = [];
  const off: number[] = [];
  for (let round = 0; round < rounds * 4; round++) {
    // Alternate which goes first, so neither always runs on a warmer machine.
    const pair = round % 2 === 0 ? [withEvents, withoutEvents] : [withoutEvents, withEvents];
    for (const target of pair) (target === withEvents ? on : off).push((await measure(createsPerRound, target.create)).median);
  }
  for (const target of [withEvents, withoutEvents]) {
    await target.services.renderer.close();
    await target.services.database.close();
  }

  const deliveriesPerSecond = median(signed);
  const cost = median(on) / median(off) - 1;
  console.log(`\nmachine: ${availableParallelism()} cores, load average ${loadavg().map((n) => n.toFixed(2)).join(" ")}; Bun ${Bun.version}\n`);
  console.log("| measurement | rounds | median | ratio |");
  console.log("|---|---:|---:|---:|");
  console.log(`| webhook deliveries/s (signed, guarded, recorded; ${perRound} per round, ${CONCURRENCY} at once) | ${rounds} | ${deliveriesPerSecond.toFixed(0)} | ${(deliveriesPerSecond / median(plain)).toFixed(2)}× the baseline |`);
  console.log(`| baseline: plain POSTs/s with fetch, nothing signed or recorded | ${rounds} | ${median(plain).toFixed(0)} | 1.00× |`);
  console.log(`| POST /api/invoices in-process, events on: ms per create (median of ${createsPerRound}) | ${on.length} | ${median(on).toFixed(3)} | ${(1 + cost).toFixed(3)}× |`);
  console.log(`| the same, EVENTS=off | ${off.length} | ${median(off).toFixed(3)} | 1.000× |`);
  console.log("");
  console.log(`${deliveriesPerSecond >= GOAL_DELIVERIES_PER_SECOND ? "met    " : "NOT MET"}  webhook deliveries: ${deliveriesPerSecond.toFixed(0)}/s ≥ ${GOAL_DELIVERIES_PER_SECOND}/s`);
  console.log(`${cost <= GOAL_EVENT_COST ? "met    " : "NOT MET"}  events add ${(cost * 100).toFixed(1)} % to a create ≤ ${GOAL_EVENT_COST * 100} %`);
} finally {
  receiver.stop();
  await rm(workDir, { recursive: true, force: true });
}
