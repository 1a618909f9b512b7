// Accounts and API keys from the command line (`npm run accounts -- <command>`):
//   list                                       accounts and their keys
//   create-account --name NAME [--tier TIER]   a new account (tiers: free pro team business unlimited)
//   set-tier --account ACC --tier TIER
//   create-key --account ACC [--name NAME] [--scopes a,b,c]   prints the key once (default: every scope)
//   revoke-key --key KEY_ID
import { parseArgs } from "node:util";
import { mkdir } from "node:fs/promises";
import { openDatabase } from "../db/client.ts";
import { migrateDatabase } from "../db/migrate.ts";
import { createAccount, createApiKey, getAccount, listAccounts, listApiKeys, revokeApiKey, setAccountTier } from "../db/queries/accounts.ts";
import { loadConfig } from "../server/config.ts";
import { isScope, SCOPES, type Scope } from "../server/domain/scopes.ts";
import { ACCOUNT_TIERS, type TierName } from "../server/domain/tiers.ts";

const USAGE = `usage: npm run accounts -- <list | create-account --name N [--tier T] | set-tier --account A --tier T | create-key --account A [--name N] [--scopes a,b] | revoke-key --key K>
tiers: ${ACCOUNT_TIERS.join(", ")}
scopes: ${SCOPES.join(", ")}`;

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

function tierOf(value: string | undefined, fallback?: TierName): TierName {
  const tier = value ?? fallback ?? fail("--tier is required");
  if (!(ACCOUNT_TIERS as readonly string[]).includes(tier)) fail(`unknown tier ${tier}`);
  return tier as TierName;
}

function scopesOf(value: string | undefined): Scope[] {
  if (!value) return [...SCOPES];
  const scopes = value.split(",").map((scope) => scope.trim());
  const unknown = scopes.filter((scope) => !isScope(scope));
  if (unknown.length) fail(`unknown scope(s): ${unknown.join(", ")}`);
  return scopes as Scope[];
}

const { positionals, values } = parseArgs({
  args: process.argv.slice(2),
  allowPositionals: true,
  options: { name: { type: "string" }, tier: { type: "string" }, account: { type: "string" }, scopes: { type: "string" }, key: { type: "string" } },
});
const command = positionals[0] ?? fail("missing command");

const config = loadConfig();
await mkdir(config.dataDir, { recursive: true });
const database = await openDatabase({ url: config.databaseUrl, authToken: config.databaseAuthToken });
await migrateDatabase(database);
const now = new Date();

async function requireAccount(id: string | undefined): Promise<string> {
  if (!id) fail("--account is required");
  if (!(await getAccount(database.db, id))) fail(`no account ${id}`);
  return id;
}

switch (command) {
  case "list": {
    for (const account of await listAccounts(database.db)) {
      console.log(`${account.id}  ${account.tier.padEnd(9)}  ${account.name}`);
      for (const key of await listApiKeys(database.db, account.id)) {
        const state = key.revokedAt ? `revoked ${key.revokedAt}` : `last used ${key.lastUsedAt ?? "never"}`;
        console.log(`  ${key.id}  ${key.hint}…  ${key.name}  [${key.scopes.join(" ")}]  ${state}`);
      }
    }
    break;
  }
  case "create-account": {
    const account = await database.write((tx) => createAccount(tx, { name: values.name ?? fail("--name is required"), tier: tierOf(values.tier, "free"), now }));
    console.log(`account: ${account.id}`);
    break;
  }
  case "set-tier": {
    const accountId = await requireAccount(values.account);
    const tier = tierOf(values.tier);
    await database.write((tx) => setAccountTier(tx, { accountId, tier, now }));
    console.log(`${accountId} is now on the ${tier} tier`);
    break;
  }
  case "create-key": {
    const accountId = await requireAccount(values.account);
    const scopes = scopesOf(values.scopes);
    const key = await database.write((tx) => createApiKey(tx, { accountId, name: values.name ?? "key", scopes, now }));
    console.log(`key id: ${key.id}\nAPI key: ${key.token}`);
    break;
  }
  case "revoke-key": {
    const keyId = values.key ?? fail("--key is required");
    const revoked = await database.write((tx) => revokeApiKey(tx, { keyId, now }));
    if (!revoked) fail(`no live key ${keyId}`);
    console.log(`revoked ${keyId} (running servers refuse it within KEY_CACHE_MS, ${config.keyCacheMs} ms)`);
    break;
  }
  default:
    fail(`unknown command ${command}`);
}
await database.close();
