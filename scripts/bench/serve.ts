// The real service for the benchmark, in processes of its own: createServices/createApp on DATA_DIR
// with the app router plus the bench echo router, an "unlimited" account with an all-scopes key and
// `--invoices N` seeded invoices, and a "pro" account with 1,000 (a metered caller: its requests are
// counted by the rate limits, whose pro limits are raised here so that wrk is never refused).
// - `--seed-only`: makes the account, key and invoices, notes them in DATA_DIR/bench.json, prints
//   one JSON line {key, ids, seeded, seed_ms} and exits; the caller copies DATA_DIR for each run.
// - otherwise: seeds unless bench.json is there already, then serves with `--processes N` processes
//   (1 by default) as `npm start` does with WEB_CONCURRENCY=N (serve-data-dir.ts), and prints one
//   JSON line {port, key, ids, seeded, seed_ms, metered_key, metered_ids} once all of them listen.
//   SIGTERM stops them all.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createAccount, createApiKey } from "../../db/queries/accounts.ts";
import { loadConfig } from "../../server/platform/config.ts";
import { SCOPES } from "../../server/domain/scopes.ts";
import { closeWorkerPools, createServices } from "../../server/services.ts";
import { benchRouter } from "./echo-router.ts";
import { seedInvoices } from "./seed.ts";
import { serveDataDir } from "./serve-data-dir.ts";

const { values } = parseArgs({
  options: { invoices: { type: "string", default: "0" }, sample: { type: "string", default: "5000" }, processes: { type: "string", default: "1" }, "seed-only": { type: "boolean", default: false } },
});
const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error("serve.ts needs DATA_DIR (a fresh directory)");
const processes = Number(values.processes);
if (!Number.isInteger(processes) || processes < 1) throw new Error("--processes must be a whole number ≥ 1");

/** The metered caller's limits, so high that wrk is counted and never refused. */
const RAISED_PRO_LIMITS = "100000000,1000000000,10000000000";

const METERED_INVOICES = 1000;
type Seeded = { key: string; ids: string[]; seeded: number; seed_ms: number; metered_key: string; metered_ids: string[] };
const NOTE = join(dataDir, "bench.json");

/** The account, key and invoices; made once per DATA_DIR, read back from bench.json after that. */
async function seeded(): Promise<Seeded> {
  const noted = await readFile(NOTE, "utf8").catch(() => null);
  if (noted) return JSON.parse(noted) as Seeded;
  const services = await createServices(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" }));
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

const made = await seeded();
if (values["seed-only"]) {
  console.log(JSON.stringify(made));
  process.exit(0);
}
// The default log level: one JSON line per request, as in production (the supervisor or the parent drains the pipe).
await serveDataDir(dataDir, { processes, router: benchRouter, ready: made, logLevel: process.env.LOG_LEVEL ?? "info", env: { RATE_LIMIT_PRO: RAISED_PRO_LIMITS } });
