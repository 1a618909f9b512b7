// The real service for the benchmark, in its own process: createServices/createApp on DATA_DIR, an
// "unlimited" account with an all-scopes key, the app router plus the bench echo router, and
// `--invoices N` seeded invoices. Prints one JSON line {port, key, ids, seeded, seed_ms} when ready.
import { rm } from "node:fs/promises";
import { parseArgs } from "node:util";
import { createAccount, createApiKey } from "../../db/queries/accounts.ts";
import { createApp } from "../../server/http/app.ts";
import { loadConfig } from "../../server/platform/config.ts";
import { SCOPES } from "../../server/domain/scopes.ts";
import { createServices } from "../../server/services.ts";
import { benchRouter } from "./echo-router.ts";
import { seedInvoices } from "./seed.ts";

const { values } = parseArgs({ options: { invoices: { type: "string", default: "0" }, sample: { type: "string", default: "5000" } } });
const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error("serve.ts needs DATA_DIR (a fresh directory it may delete)");

// The default log level: one JSON line per request, as in production (the parent drains the pipe).
const config = loadConfig({ DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: process.env.LOG_LEVEL ?? "info" });
const services = await createServices(config);
const now = services.clock.now();
const account = await services.database.write((tx) => createAccount(tx, { name: "Bench", tier: "unlimited", now }));
const { token } = await services.database.write((tx) => createApiKey(tx, { accountId: account.id, name: "bench", scopes: SCOPES, now }));

const seedStarted = performance.now();
const count = Number(values.invoices);
const ids = count > 0 ? await seedInvoices(services.database, account.id, count, Number(values.sample)) : [];
const seedMs = Math.round(performance.now() - seedStarted);

const app = createApp(services, benchRouter);
app.elysia.listen({ port: 0, hostname: "127.0.0.1" });
console.log(JSON.stringify({ port: app.elysia.server?.port, key: token, ids, seeded: count, seed_ms: seedMs }));

let stopping = false;
async function shutdown(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await app.elysia.stop();
  await services.renderer.close();
  await services.database.close();
  await rm(dataDir as string, { recursive: true, force: true });
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown());
process.on("SIGINT", () => void shutdown());
