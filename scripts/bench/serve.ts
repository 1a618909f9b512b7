// The real service for the benchmark, in processes of its own: createServices/createApp on DATA_DIR
// with the app router plus the bench echo router, an "unlimited" account with an all-scopes key and
// `--invoices N` seeded invoices, and a "pro" account with 1,000 (a metered caller: its requests are
// counted by the rate limits, whose pro limits are raised here so that wrk is never refused).
// - `--seed-only`: makes the account, key and invoices, notes them in DATA_DIR/bench.json, prints
//   one JSON line {key, ids, seeded, seed_ms} and exits; the caller copies DATA_DIR for each run.
// - otherwise: seeds unless bench.json is there already, then serves with `--processes N` processes
//   (1 by default) under the service's own supervisor (server/http/processes.ts), each listening on
//   the one port with reusePort as `npm start` does with WEB_CONCURRENCY=N (rate limits counted in
//   the supervisor's memory when N > 1), and prints one JSON line
//   {port, key, ids, seeded, seed_ms} once all of them listen. SIGTERM stops them all.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createAccount, createApiKey } from "../../db/queries/accounts.ts";
import { createApp } from "../../server/http/app.ts";
import { RateLimiter } from "../../server/access/rate-limit.ts";
import { SERVING_PROCESS, supervise, supervisorRateLimits } from "../../server/http/processes.ts";
import { loadConfig } from "../../server/platform/config.ts";
import { createLogger } from "../../server/platform/logger.ts";
import { SCOPES } from "../../server/domain/scopes.ts";
import { closeWorkerPools, createServices } from "../../server/services.ts";
import { benchRouter } from "./echo-router.ts";
import { seedInvoices } from "./seed.ts";

const { values } = parseArgs({
  options: { invoices: { type: "string", default: "0" }, sample: { type: "string", default: "5000" }, processes: { type: "string", default: "1" }, "seed-only": { type: "boolean", default: false } },
});
const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error("serve.ts needs DATA_DIR (a fresh directory)");
const processes = Number(values.processes);
if (!Number.isInteger(processes) || processes < 1) throw new Error("--processes must be a whole number ≥ 1");

// The default log level: one JSON line per request, as in production (the parent drains the pipe).
const config = loadConfig({
  DATA_DIR: dataDir,
  PORT: process.env.PORT ?? "0",
  HOST: "127.0.0.1",
  LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
  WEB_CONCURRENCY: String(processes),
  RATE_LIMIT_PRO: "100000000,1000000000,10000000000",
});

const METERED_INVOICES = 1000;
type Seeded = { key: string; ids: string[]; seeded: number; seed_ms: number; metered_key: string; metered_ids: string[] };
const NOTE = join(dataDir, "bench.json");

/** The account, key and invoices; made once per DATA_DIR, read back from bench.json after that. */
async function seeded(): Promise<Seeded> {
  const noted = await readFile(NOTE, "utf8").catch(() => null);
  if (noted) return JSON.parse(noted) as Seeded;
  const services = await createServices(config);
  const now = services.clock.now();
  const account = await services.database.write((tx) => createAccount(tx, { name: "Bench", tier: "unlimited", now }));
  const { token } = await services.database.write((tx) => createApiKey(tx, { accountId: account.id, name: "bench", scopes: SCOPES, now }));
  const started = performance.now();
  const count = Number(values.invoices);
  const ids = count > 0 ? await seedInvoices(services.database, account.id, count, Number(values.sample)) : [];
  const seedMs = Math.round(performance.now() - started);
  const metered = await services.database.write((tx) => createAccount(tx, { name: "Bench, metered", tier: "pro", now }));
  const meteredKey = await services.database.write((tx) => createApiKey(tx, { accountId: metered.id, name: "bench", scopes: SCOPES, now }));
  const meteredIds = await seedInvoices(services.database, metered.id, METERED_INVOICES, METERED_INVOICES);
  const made = { key: token, ids, seeded: count, seed_ms: seedMs, metered_key: meteredKey.token, metered_ids: meteredIds };
  await closeWorkerPools(services);
  await services.database.close();
  await writeFile(NOTE, JSON.stringify(made));
  return made;
}

function onStop(stop: () => Promise<void>): void {
  let stopping = false;
  const once = (): void => {
    if (stopping) return;
    stopping = true;
    void stop().then(() => process.exit(0));
  };
  process.on("SIGTERM", once);
  process.on("SIGINT", once);
}

if (process.env[SERVING_PROCESS]) {
  // As `npm start` serves: one process counts rate limits itself, several in their supervisor's memory.
  const services = await createServices(config, processes > 1 ? { rateLimiter: supervisorRateLimits() } : {});
  const app = createApp(services, benchRouter);
  app.elysia.listen({ port: config.port, hostname: config.host, reusePort: processes > 1 });
  console.log(`Listening on http://127.0.0.1:${app.elysia.server?.port}`);
  onStop(async () => {
    await app.elysia.stop();
    await closeWorkerPools(services);
    await services.database.close();
  });
  // The supervisor holds stdin: when it is gone, so is this process.
  process.stdin.on("data", () => undefined).on("end", () => process.exit(0));
} else {
  const made = await seeded();
  if (values["seed-only"]) {
    console.log(JSON.stringify(made));
    process.exit(0);
  }
  const supervisor = await supervise({
    processes,
    command: [process.execPath, ...process.argv.slice(1)],
    port: 0,
    host: "127.0.0.1",
    graceMs: config.shutdownGraceMs,
    logger: createLogger("warn"),
    // The serving processes' request lines: the benchmark has no use for them.
    print: () => undefined,
    rateLimits: new RateLimiter(),
  });
  console.log(JSON.stringify({ port: supervisor.port, ...made }));
  onStop(() => supervisor.stop());
}
