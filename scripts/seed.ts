// `npm run seed -- --invoices 1000000`: a realistic demo account in the configured database
// (DATABASE_URL, or the embedded file under DATA_DIR): clients, products and invoices over five years
// up to today (scripts/seed/realistic.ts). Prints the account and an API key with every scope.
//   --invoices N   how many invoices (default 10,000)
//   --name NAME    the account's name (default "Demo account")
//   --tier TIER    its rate-limit tier (default unlimited)
import { mkdir } from "node:fs/promises";
import { parseArgs } from "node:util";
import { openDatabase } from "../db/client.ts";
import { migrateDatabase } from "../db/migrate.ts";
import { createApiKey } from "../db/queries/accounts.ts";
import { loadConfig } from "../server/platform/config.ts";
import { SCOPES } from "../server/domain/scopes.ts";
import { ACCOUNT_TIERS, type TierName } from "../server/domain/tiers.ts";
import { seedNewAccount } from "./seed/realistic.ts";

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: { invoices: { type: "string", default: "10000" }, name: { type: "string", default: "Demo account" }, tier: { type: "string", default: "unlimited" } },
});
const count = Number(values.invoices);
if (!Number.isInteger(count) || count < 0) throw new Error("--invoices must be a whole number");
if (!(ACCOUNT_TIERS as readonly string[]).includes(values.tier)) throw new Error(`--tier must be one of ${ACCOUNT_TIERS.join(", ")}`);

const config = loadConfig(process.env);
await mkdir(config.dataDir, { recursive: true });
const database = await openDatabase({ url: config.databaseUrl, authToken: config.databaseAuthToken });
await migrateDatabase(database);
const now = new Date();
const started = performance.now();
let reported = 0;
const { accountId } = await seedNewAccount(database, {
  name: values.name,
  tier: values.tier as TierName,
  invoices: count,
  now,
  onProgress(done) {
    if (done - reported >= 50_000 || done === count) {
      reported = done;
      console.log(`${done.toLocaleString("en")} invoices (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    }
  },
});
const key = await database.write((tx) => createApiKey(tx, { accountId, name: "seed", scopes: SCOPES, now }));
console.log(`account ${accountId}: ${count.toLocaleString("en")} invoices in ${((performance.now() - started) / 1000).toFixed(1)} s`);
console.log(`API key: ${key.token}`);
await database.close();
