// Accounts and API keys from the command line (`npm run accounts -- <command>`):
//   list                                       accounts and their keys
//   create-account --name NAME [--tier TIER]   a new account (tiers: free pro team business unlimited)
//   set-tier --account ACC --tier TIER
//   create-key --account ACC [--name NAME] [--scopes a,b,c]   prints the key once (default: every scope)
//   revoke-key --key KEY_ID
//   sign-in-link --email E [--account ACC] [--role owner|admin|member]
//                                              a one-time sign-in link (the person is made a member when new)
// The configuration is the service's own (loadConfig over the environment and the .env files Bun
// reads from the working directory, as for `npm start`); sign-in-link says where its address came from.
import { parseArgs } from "node:util";
import { mkdir } from "node:fs/promises";
import { openDatabase, type Executor } from "../db/client.ts";
import { migrateDatabase } from "../db/migrate.ts";
import { createAccount, createApiKey, getAccount, listAccounts, listApiKeys, revokeApiKey, setAccountTier } from "../db/queries/accounts.ts";
import { addMember, countOwners, findMember } from "../db/queries/members.ts";
import { createUser, findUserByEmail, normalizeEmail } from "../db/queries/users.ts";
import { issueSignInLink, LINK_MINUTES } from "../server/access/sign-in/links.ts";
import { DEFAULT_NEXT } from "../server/domain/access.ts";
import { loadConfig } from "../server/platform/config.ts";
import { ROLES, type Role } from "../server/domain/access.ts";
import { systemClock } from "../server/domain/clock.ts";
import { isScope, SCOPES, type Scope } from "../server/domain/scopes.ts";
import { ACCOUNT_TIERS, type TierName } from "../server/domain/tiers.ts";
import { email as emailSchema } from "../routers/shared/schemas.ts";

const USAGE = `usage: npm run accounts -- <list | create-account --name N [--tier T] | set-tier --account A --tier T | create-key --account A [--name N] [--scopes a,b] | revoke-key --key K | sign-in-link --email E [--account A] [--role R]>
tiers: ${ACCOUNT_TIERS.join(", ")}
scopes: ${SCOPES.join(", ")}
roles: ${ROLES.join(", ")} (sign-in-link: owner when the account has none yet, else member; a member keeps their role)`;

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
  options: {
    name: { type: "string" },
    tier: { type: "string" },
    account: { type: "string" },
    scopes: { type: "string" },
    key: { type: "string" },
    email: { type: "string" },
    role: { type: "string" },
  },
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

/** --account, or the only account there is. */
async function signInAccount(id: string | undefined): Promise<string> {
  if (id) return requireAccount(id);
  const [only, ...more] = await listAccounts(database.db);
  if (only && more.length === 0) return only.id;
  return fail(only ? "several accounts: name one with --account" : "no account yet: start the service once, or create-account");
}

function roleOf(value: string | undefined): Role | undefined {
  if (value !== undefined && !(ROLES as readonly string[]).includes(value)) fail(`unknown role ${value}`);
  return value as Role | undefined;
}

/** Which variables gave the link its address, in loadConfig's order: PUBLIC_URL, else HOST and PORT, else their defaults. */
function publicUrlSource(env: NodeJS.ProcessEnv): string {
  if (env.PUBLIC_URL) return "PUBLIC_URL";
  const given = ["HOST", "PORT"].filter((name) => env[name]);
  return given.length ? `${given.join(" and ")} (no PUBLIC_URL set)` : "the defaults, HOST 127.0.0.1 and PORT 3000 (no PUBLIC_URL, HOST or PORT set)";
}

/** Whether anything answers at the link's address; a link to where no service listens is the usual mistake. */
async function serviceAnswers(publicUrl: string): Promise<boolean> {
  return fetch(`${publicUrl}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
    () => true,
    () => false,
  );
}

/** The person with this e-mail, made a member of the account when they are not one yet. */
async function memberFor(tx: Executor, email: string, accountId: string, role: Role | undefined): Promise<{ userId: string; joinedAs: Role | null }> {
  const user = (await findUserByEmail(tx, email)) ?? (await createUser(tx, { email, name: null, now }));
  if (await findMember(tx, accountId, user.id)) return { userId: user.id, joinedAs: null };
  const joinedAs = role ?? ((await countOwners(tx, accountId)) === 0 ? "owner" : "member");
  await addMember(tx, { accountId, userId: user.id, role: joinedAs, canApprove: false, now });
  return { userId: user.id, joinedAs };
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
    const account = await database.write((tx) => createAccount(tx, { name: values.name ?? fail("--name is required"), tier: tierOf(values.tier, "free"), now, locale: config.defaultLocale }));
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
    console.log(`revoked ${keyId} (running servers refuse it from their next request)`);
    break;
  }
  case "sign-in-link": {
    const parsed = emailSchema.safeParse(values.email?.trim());
    if (!parsed.success) fail("--email must be an e-mail address");
    const email = normalizeEmail(parsed.data);
    const role = roleOf(values.role);
    const accountId = await signInAccount(values.account);
    const { joinedAs, link } = await database.write(async (tx) => {
      const { userId, joinedAs } = await memberFor(tx, email, accountId, role);
      return { joinedAs, link: await issueSignInLink({ clock: systemClock, config }, tx, { email, accountId, about: userId }, DEFAULT_NEXT) };
    });
    if (joinedAs) console.log(`${email} is now ${joinedAs} of ${accountId}`);
    console.log(`Sign-in link (works once, for ${LINK_MINUTES} minutes):\n${link.url}`);
    console.log(`Its address ${config.publicUrl} comes from ${publicUrlSource(process.env)}, read from the environment and the .env files in ${process.cwd()}, as npm start reads them.`);
    if (!(await serviceAnswers(config.publicUrl))) {
      console.error(`warning: nothing answers at ${config.publicUrl}; if the service runs elsewhere, run this with the PUBLIC_URL (or HOST and PORT) it has, or put them in .env, which both read.`);
    }
    console.log("The same link is queued as an e-mail; the running service's deliver-mail job sends it with the service's own mail settings (SMTP_URL, else DATA_DIR/outbox).");
    break;
  }
  default:
    fail(`unknown command ${command}`);
}
await database.close();
