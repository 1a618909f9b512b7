// The authorization server's storage: registered clients, grants (what a person allowed an agent in
// an account), authorization codes and tokens, each secret kept only as its SHA-256.
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Role } from "../../server/domain/access.ts";
import type { Executor } from "../client.ts";
import { accounts, memberships, oauthClients, oauthCodes, oauthGrants, oauthTokens, users } from "../schema/index.ts";
import { noteRevocation } from "./revocations.ts";

export type ClientRow = typeof oauthClients.$inferSelect;

export async function insertClient(db: Executor, row: ClientRow): Promise<void> {
  await db.insert(oauthClients).values(row);
}

export async function findClient(db: Executor, clientId: string): Promise<ClientRow | undefined> {
  const [row] = await db.select().from(oauthClients).where(eq(oauthClients.id, clientId));
  return row;
}

export type Membership = { accountId: string; accountName: string; role: Role; canApprove: boolean };

/** Who is consenting: their e-mail and every account they belong to, for the consent page's account choice. */
export async function consentingUser(db: Executor, userId: string): Promise<{ email: string; memberships: Membership[] }> {
  const rows = await db
    .select({ email: users.email, accountId: memberships.accountId, accountName: accounts.name, role: memberships.role, canApprove: memberships.canApprove })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(eq(users.id, userId))
    .orderBy(asc(accounts.name));
  return { email: rows[0]?.email ?? "", memberships: rows.map(({ email: _email, ...membership }) => membership as Membership) };
}

/**
 * Records a consent: one live grant per account, person, agent and resource, its scopes replaced by
 * what the person allowed this time. Returns the grant's id.
 */
export async function saveGrant(
  db: Executor,
  params: { id: string; accountId: string; userId: string; clientId: string; resource: string; scopes: string[]; now: Date },
): Promise<string> {
  const [existing] = await db
    .select({ id: oauthGrants.id })
    .from(oauthGrants)
    .where(
      and(
        eq(oauthGrants.accountId, params.accountId),
        eq(oauthGrants.userId, params.userId),
        eq(oauthGrants.clientId, params.clientId),
        eq(oauthGrants.resource, params.resource),
        isNull(oauthGrants.revokedAt),
      ),
    );
  if (existing) {
    await db.update(oauthGrants).set({ scopes: params.scopes }).where(eq(oauthGrants.id, existing.id));
    // Fewer scopes this time narrow the grant's live tokens: no process may keep the old ones cached.
    await noteRevocation(db);
    return existing.id;
  }
  const { id, accountId, userId, clientId, resource, scopes, now } = params;
  await db.insert(oauthGrants).values({ id, accountId, userId, clientId, resource, scopes, createdAt: now.toISOString() });
  return id;
}

export async function insertCode(db: Executor, row: typeof oauthCodes.$inferInsert): Promise<void> {
  await db.insert(oauthCodes).values(row);
}

/** What a token request checks against a grant: its client, resource, scopes and whether it still holds. */
export type GrantState = {
  grantId: string;
  clientId: string;
  resource: string;
  grantScopes: string[];
  /** Not revoked, and its person is still a member of its account. */
  live: boolean;
};

const grantState = {
  grantId: oauthGrants.id,
  clientId: oauthGrants.clientId,
  resource: oauthGrants.resource,
  grantScopes: oauthGrants.scopes,
  grantRevokedAt: oauthGrants.revokedAt,
  memberId: memberships.userId,
};

const membershipOfGrant = and(eq(memberships.accountId, oauthGrants.accountId), eq(memberships.userId, oauthGrants.userId));

function stateOf(row: { grantId: string; clientId: string; resource: string; grantScopes: string[]; grantRevokedAt: string | null; memberId: string | null }): GrantState {
  return { grantId: row.grantId, clientId: row.clientId, resource: row.resource, grantScopes: row.grantScopes, live: row.grantRevokedAt === null && row.memberId !== null };
}

export type CodeRow = GrantState & { codeHash: string; redirectUri: string; codeChallenge: string; expiresAt: string; usedAt: string | null };

export async function findCode(db: Executor, codeHash: string): Promise<CodeRow | undefined> {
  const [row] = await db
    .select({ ...grantState, codeHash: oauthCodes.codeHash, codeClientId: oauthCodes.clientId, redirectUri: oauthCodes.redirectUri, codeChallenge: oauthCodes.codeChallenge, expiresAt: oauthCodes.expiresAt, usedAt: oauthCodes.usedAt })
    .from(oauthCodes)
    .innerJoin(oauthGrants, eq(oauthGrants.id, oauthCodes.grantId))
    .leftJoin(memberships, membershipOfGrant)
    .where(eq(oauthCodes.codeHash, codeHash));
  if (!row) return undefined;
  return { ...stateOf(row), clientId: row.codeClientId, codeHash: row.codeHash, redirectUri: row.redirectUri, codeChallenge: row.codeChallenge, expiresAt: row.expiresAt, usedAt: row.usedAt };
}

/** Marks a code used; false when it already was (a concurrent exchange won). */
export async function markCodeUsed(db: Executor, params: { codeHash: string; now: Date }): Promise<boolean> {
  const result = await db
    .update(oauthCodes)
    .set({ usedAt: params.now.toISOString() })
    .where(and(eq(oauthCodes.codeHash, params.codeHash), isNull(oauthCodes.usedAt)));
  return result.rowsAffected > 0;
}

export async function insertTokens(db: Executor, rows: Array<typeof oauthTokens.$inferInsert>): Promise<void> {
  await db.insert(oauthTokens).values(rows);
}

export type TokenRow = GrantState & {
  tokenHash: string;
  kind: "access" | "refresh";
  family: string;
  scopes: string[];
  expiresAt: string;
  rotatedAt: string | null;
  revokedAt: string | null;
};

export async function findToken(db: Executor, tokenHash: string): Promise<TokenRow | undefined> {
  const [row] = await db
    .select({
      ...grantState,
      tokenHash: oauthTokens.tokenHash,
      kind: oauthTokens.kind,
      family: oauthTokens.family,
      scopes: oauthTokens.scopes,
      expiresAt: oauthTokens.expiresAt,
      rotatedAt: oauthTokens.rotatedAt,
      revokedAt: oauthTokens.revokedAt,
    })
    .from(oauthTokens)
    .innerJoin(oauthGrants, eq(oauthGrants.id, oauthTokens.grantId))
    .leftJoin(memberships, membershipOfGrant)
    .where(eq(oauthTokens.tokenHash, tokenHash));
  if (!row) return undefined;
  const { tokenHash: hash, kind, family, scopes, expiresAt, rotatedAt, revokedAt } = row;
  return { ...stateOf(row), tokenHash: hash, kind: kind as TokenRow["kind"], family, scopes, expiresAt, rotatedAt, revokedAt };
}

/** A refresh token exchanged for its successor; false when another exchange rotated it first. */
export async function markRotated(db: Executor, params: { tokenHash: string; now: Date }): Promise<boolean> {
  const result = await db
    .update(oauthTokens)
    .set({ rotatedAt: params.now.toISOString() })
    .where(and(eq(oauthTokens.tokenHash, params.tokenHash), isNull(oauthTokens.rotatedAt), isNull(oauthTokens.revokedAt)));
  return result.rowsAffected > 0;
}

// Each revocation below is counted (revocations.ts) so every process's credential cache drops it before its next use (ADR 0006).

export async function revokeToken(db: Executor, params: { tokenHash: string; now: Date }): Promise<void> {
  await db.update(oauthTokens).set({ revokedAt: params.now.toISOString() }).where(and(eq(oauthTokens.tokenHash, params.tokenHash), isNull(oauthTokens.revokedAt)));
  await noteRevocation(db);
}

/** Every token of one chain: a replayed code or rotated refresh token means it may be in a thief's hands. */
export async function revokeFamily(db: Executor, params: { family: string; now: Date }): Promise<void> {
  await db.update(oauthTokens).set({ revokedAt: params.now.toISOString() }).where(and(eq(oauthTokens.family, params.family), isNull(oauthTokens.revokedAt)));
  await noteRevocation(db);
}

/** Revokes a grant and every token issued under it. */
export async function revokeGrant(db: Executor, params: { grantId: string; now: Date }): Promise<void> {
  const at = params.now.toISOString();
  await db.update(oauthGrants).set({ revokedAt: at }).where(eq(oauthGrants.id, params.grantId));
  await db.update(oauthTokens).set({ revokedAt: at }).where(and(eq(oauthTokens.grantId, params.grantId), isNull(oauthTokens.revokedAt)));
  await noteRevocation(db);
}

/** A live grant's owner, for checking who may revoke it. */
export async function findLiveGrant(db: Executor, grantId: string): Promise<{ accountId: string; userId: string } | undefined> {
  const [row] = await db
    .select({ accountId: oauthGrants.accountId, userId: oauthGrants.userId })
    .from(oauthGrants)
    .where(and(eq(oauthGrants.id, grantId), isNull(oauthGrants.revokedAt)));
  return row;
}

export type GrantListing = {
  id: string;
  clientId: string;
  clientName: string;
  redirectUris: string[];
  userId: string;
  email: string;
  userName: string | null;
  scopes: string[];
  resource: string;
  createdAt: string;
  lastUsedAt: string | null;
};

/** An account's live grants, oldest first; only one person's when `userId` is given. */
export async function listAccountGrants(db: Executor, params: { accountId: string; userId: string | null }): Promise<GrantListing[]> {
  const conditions = [eq(oauthGrants.accountId, params.accountId), isNull(oauthGrants.revokedAt)];
  if (params.userId !== null) conditions.push(eq(oauthGrants.userId, params.userId));
  return db
    .select({
      id: oauthGrants.id,
      clientId: oauthClients.id,
      clientName: oauthClients.name,
      redirectUris: oauthClients.redirectUris,
      userId: users.id,
      email: users.email,
      userName: users.name,
      scopes: oauthGrants.scopes,
      resource: oauthGrants.resource,
      createdAt: oauthGrants.createdAt,
      lastUsedAt: oauthGrants.lastUsedAt,
    })
    .from(oauthGrants)
    .innerJoin(oauthClients, eq(oauthClients.id, oauthGrants.clientId))
    .innerJoin(users, eq(users.id, oauthGrants.userId))
    .where(and(...conditions))
    .orderBy(asc(oauthGrants.createdAt));
}
