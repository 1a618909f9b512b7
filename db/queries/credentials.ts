// The lookups behind every credential but API keys (accounts.ts has those): a session by its cookie
// secret, an access token by its secret, each with what the principal needs in one query.
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Role } from "../../server/domain/access.ts";
import type { TierName } from "../../server/domain/tiers.ts";
import type { Executor } from "../client.ts";
import { accounts, memberships, oauthCodes, oauthGrants, oauthTokens, sessions, signInLinks } from "../schema/index.ts";

export type SessionRow = {
  sessionId: string;
  userId: string;
  accountId: string;
  tier: TierName;
  role: Role;
  canApprove: boolean;
  lastSeenAt: string;
  expiresAt: string;
};

/** A live session whose user is still a member of the session's account. */
export async function findSession(db: Executor, tokenHash: string): Promise<SessionRow | undefined> {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      accountId: sessions.accountId,
      tier: accounts.tier,
      role: memberships.role,
      canApprove: memberships.canApprove,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(memberships, and(eq(memberships.accountId, sessions.accountId), eq(memberships.userId, sessions.userId)))
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
  return row as SessionRow | undefined;
}

/** Slides a session's expiry forward from its last use. */
export async function touchSession(db: Executor, params: { sessionId: string; now: Date; expiresAt: Date }): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: params.now.toISOString(), expiresAt: params.expiresAt.toISOString() })
    .where(eq(sessions.id, params.sessionId));
}

export type AccessTokenRow = {
  grantId: string;
  accountId: string;
  userId: string;
  tier: TierName;
  role: Role;
  canApprove: boolean;
  grantScopes: string[];
  /** The token's own scopes (a refresh may have narrowed them); the principal holds what both allow. */
  tokenScopes: string[];
  resource: string;
  expiresAt: string;
  lastUsedAt: string | null;
};

/** A live access token of a live grant whose person is still a member of the grant's account. */
export async function findAccessToken(db: Executor, tokenHash: string): Promise<AccessTokenRow | undefined> {
  const [row] = await db
    .select({
      grantId: oauthGrants.id,
      accountId: oauthGrants.accountId,
      userId: oauthGrants.userId,
      tier: accounts.tier,
      role: memberships.role,
      canApprove: memberships.canApprove,
      grantScopes: oauthGrants.scopes,
      tokenScopes: oauthTokens.scopes,
      resource: oauthGrants.resource,
      expiresAt: oauthTokens.expiresAt,
      lastUsedAt: oauthGrants.lastUsedAt,
    })
    .from(oauthTokens)
    .innerJoin(oauthGrants, eq(oauthGrants.id, oauthTokens.grantId))
    .innerJoin(memberships, and(eq(memberships.accountId, oauthGrants.accountId), eq(memberships.userId, oauthGrants.userId)))
    .innerJoin(accounts, eq(accounts.id, oauthGrants.accountId))
    .where(and(eq(oauthTokens.tokenHash, tokenHash), eq(oauthTokens.kind, "access"), isNull(oauthTokens.revokedAt), isNull(oauthGrants.revokedAt)));
  return row as AccessTokenRow | undefined;
}

export async function touchGrant(db: Executor, params: { grantId: string; now: Date }): Promise<void> {
  await db.update(oauthGrants).set({ lastUsedAt: params.now.toISOString() }).where(eq(oauthGrants.id, params.grantId));
}

/**
 * Drops what can no longer open anything: sessions, sign-in links, authorization codes and tokens
 * that expired (or sessions revoked) before `before`. Grants stay: the console lists them until revoked.
 */
export async function purgeDeadCredentials(db: Executor, before: Date): Promise<void> {
  const at = before.toISOString();
  await db.delete(sessions).where(or(lt(sessions.expiresAt, at), lt(sessions.revokedAt, at)));
  await db.delete(signInLinks).where(lt(signInLinks.expiresAt, at));
  await db.delete(oauthCodes).where(lt(oauthCodes.expiresAt, at));
  await db.delete(oauthTokens).where(lt(oauthTokens.expiresAt, at));
}
