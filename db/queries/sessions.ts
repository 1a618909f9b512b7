// Sessions and one-time sign-in links. Both are found by the SHA-256 of their secret; the secrets
// themselves are never stored. (Resolving a session on each request is db/queries/credentials.ts.)
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { Executor } from "../client.ts";
import { memberships, sessions, signInLinks } from "../schema/index.ts";
import { noteRevocation } from "./revocations.ts";

export type NewSession = {
  id: string;
  tokenHash: string;
  userId: string;
  accountId: string;
  method: string;
  userAgent: string | null;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
};

export type SessionListing = { id: string; method: string; userAgent: string | null; createdAt: string; lastSeenAt: string; expiresAt: string };

export async function insertSession(db: Executor, row: NewSession): Promise<void> {
  await db.insert(sessions).values(row);
}

/**
 * Revokes the live session holding this secret; its id, or null when there was none. Revoking a
 * session is counted (revocations.ts) so every process's cache drops it before its next use (ADR 0006).
 */
export async function revokeSessionByHash(db: Executor, tokenHash: string, now: Date): Promise<string | null> {
  const [row] = await db
    .update(sessions)
    .set({ revokedAt: now.toISOString() })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  if (!row) return null;
  await noteRevocation(db);
  return row.id;
}

export async function findSessionOwner(db: Executor, sessionId: string): Promise<{ userId: string } | undefined> {
  const [row] = await db.select({ userId: sessions.userId }).from(sessions).where(eq(sessions.id, sessionId));
  return row;
}

/** Revokes a session by id; revoking one already revoked changes nothing. */
export async function revokeSession(db: Executor, sessionId: string, now: Date): Promise<void> {
  const result = await db
    .update(sessions)
    .set({ revokedAt: now.toISOString() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  if (result.rowsAffected > 0) await noteRevocation(db);
}

/** A user's sessions that still work, the most recently used first. */
export async function listLiveSessions(db: Executor, userId: string, now: Date): Promise<SessionListing[]> {
  return db
    .select({ id: sessions.id, method: sessions.method, userAgent: sessions.userAgent, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now.toISOString())))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
}

/** The account the user's most recently used session acted in, while they are still a member of it. */
export async function lastUsedAccount(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ accountId: sessions.accountId })
    .from(sessions)
    .innerJoin(memberships, and(eq(memberships.accountId, sessions.accountId), eq(memberships.userId, sessions.userId)))
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
    .limit(1);
  return row?.accountId ?? null;
}

export async function insertSignInLink(db: Executor, row: { tokenHash: string; email: string; createdAt: string; expiresAt: string }): Promise<void> {
  await db.insert(signInLinks).values(row);
}

export type SignInLinkRow = { email: string; expiresAt: string; usedAt: string | null };

export async function findSignInLink(db: Executor, tokenHash: string): Promise<SignInLinkRow | undefined> {
  const [row] = await db
    .select({ email: signInLinks.email, expiresAt: signInLinks.expiresAt, usedAt: signInLinks.usedAt })
    .from(signInLinks)
    .where(eq(signInLinks.tokenHash, tokenHash));
  return row;
}

/**
 * Spends a live link: marks it used and answers its e-mail, in one statement, so two posts of the
 * same link cannot both sign in. Null when it is unknown, used or expired.
 */
export async function consumeSignInLink(db: Executor, tokenHash: string, now: Date): Promise<string | null> {
  const at = now.toISOString();
  const [row] = await db
    .update(signInLinks)
    .set({ usedAt: at })
    .where(and(eq(signInLinks.tokenHash, tokenHash), isNull(signInLinks.usedAt), gt(signInLinks.expiresAt, at)))
    .returning({ email: signInLinks.email });
  return row?.email ?? null;
}
