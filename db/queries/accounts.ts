import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { newId } from "../../server/domain/ids.ts";
import { emptyProfile, type StoredProfile } from "../../server/domain/profile.ts";
import type { Scope } from "../../server/domain/scopes.ts";
import { newSecret, sha256Hex } from "../../server/domain/secrets.ts";
import type { TierName } from "../../server/domain/tiers.ts";
import type { Executor } from "../client.ts";
import { accounts, apiKeys } from "../schema/index.ts";
import { prepared } from "./prepared.ts";
import { noteRevocation } from "./revocations.ts";

export const API_KEY_PREFIX = "svc_";

export type AccountRow = { id: string; name: string; tier: TierName; profile: StoredProfile; createdAt: string; updatedAt: string };
export type ResolvedKey = { keyId: string; accountId: string; tier: TierName; scopes: Scope[]; lastUsedAt: string | null };

export async function countAccounts(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(accounts);
  return row?.n ?? 0;
}

/** `locale`: the new profile's default locale (the service's DEFAULT_LOCALE); none leaves the profile empty. */
export async function createAccount(db: Executor, params: { name: string; tier: TierName; now: Date; locale?: string }): Promise<AccountRow> {
  const at = params.now.toISOString();
  const profile = { ...emptyProfile(), locale: params.locale ?? null };
  const row: AccountRow = { id: newId("acc", params.now.getTime()), name: params.name, tier: params.tier, profile, createdAt: at, updatedAt: at };
  await db.insert(accounts).values(row);
  return row;
}

export async function getAccount(db: Executor, accountId: string): Promise<AccountRow | undefined> {
  const statement = prepared(db, "getAccount", () => db.select().from(accounts).where(eq(accounts.id, sql.placeholder("id"))).prepare());
  const [row] = await statement.all({ id: accountId });
  // Profiles stored before a field existed read it as its default.
  return row ? ({ ...row, profile: { ...emptyProfile(), ...(row.profile as Partial<StoredProfile>) } } as AccountRow) : undefined;
}

/** Saves the seller profile, and the account's own name when one is given. */
export async function saveProfile(db: Executor, params: { accountId: string; profile: StoredProfile; name?: string | undefined; now: Date }): Promise<void> {
  const name = params.name === undefined ? {} : { name: params.name };
  await db.update(accounts).set({ profile: params.profile, ...name, updatedAt: params.now.toISOString() }).where(eq(accounts.id, params.accountId));
}

export async function setAccountTier(db: Executor, params: { accountId: string; tier: TierName; now: Date }): Promise<boolean> {
  const result = await db.update(accounts).set({ tier: params.tier, updatedAt: params.now.toISOString() }).where(eq(accounts.id, params.accountId));
  return result.rowsAffected > 0;
}

/** Creates a key and returns its secret, the only time the secret exists outside the caller's hands. */
export async function createApiKey(
  db: Executor,
  params: { accountId: string; name: string; scopes: readonly Scope[]; now: Date },
): Promise<{ id: string; token: string; hint: string }> {
  const token = newSecret(API_KEY_PREFIX);
  const id = newId("key", params.now.getTime());
  const hint = token.slice(0, API_KEY_PREFIX.length + 4);
  await db.insert(apiKeys).values({
    id,
    accountId: params.accountId,
    name: params.name,
    tokenHash: await sha256Hex(token),
    hint,
    scopes: [...params.scopes],
    createdAt: params.now.toISOString(),
  });
  return { id, token, hint };
}

/** Revokes a live key and counts the revocation, so every process's cache stops trusting it (ADR 0006). */
export async function revokeApiKey(db: Executor, params: { keyId: string; now: Date }): Promise<boolean> {
  const result = await db
    .update(apiKeys)
    .set({ revokedAt: params.now.toISOString() })
    .where(and(eq(apiKeys.id, params.keyId), isNull(apiKeys.revokedAt)));
  if (result.rowsAffected === 0) return false;
  await noteRevocation(db);
  return true;
}

const keyColumns = { id: apiKeys.id, name: apiKeys.name, hint: apiKeys.hint, scopes: apiKeys.scopes, createdAt: apiKeys.createdAt, lastUsedAt: apiKeys.lastUsedAt, revokedAt: apiKeys.revokedAt };

/** The account's keys, revoked ones included, newest first. */
export async function listApiKeys(db: Executor, accountId: string) {
  return db.select(keyColumns).from(apiKeys).where(eq(apiKeys.accountId, accountId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

export type ApiKeyRow = Awaited<ReturnType<typeof listApiKeys>>[number];

/** The key with this id in any account: the caller decides between 403 and 404. */
export async function findApiKey(db: Executor, keyId: string): Promise<{ accountId: string; record: ApiKeyRow } | undefined> {
  const [row] = await db.select({ ...keyColumns, accountId: apiKeys.accountId }).from(apiKeys).where(eq(apiKeys.id, keyId));
  if (!row) return undefined;
  const { accountId, ...record } = row;
  return { accountId, record };
}

export async function listAccounts(db: Executor) {
  return db.select({ id: accounts.id, name: accounts.name, tier: accounts.tier, createdAt: accounts.createdAt }).from(accounts);
}

/** The live key with this hash and its account's tier, or undefined (unknown or revoked). */
export async function findActiveKey(db: Executor, tokenHash: string): Promise<ResolvedKey | undefined> {
  const [row] = await db
    .select({ keyId: apiKeys.id, accountId: apiKeys.accountId, tier: accounts.tier, scopes: apiKeys.scopes, lastUsedAt: apiKeys.lastUsedAt })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .where(and(eq(apiKeys.tokenHash, tokenHash), isNull(apiKeys.revokedAt)));
  return row as ResolvedKey | undefined;
}

export async function touchApiKey(db: Executor, params: { keyId: string; now: Date }): Promise<void> {
  await db.update(apiKeys).set({ lastUsedAt: params.now.toISOString() }).where(eq(apiKeys.id, params.keyId));
}
