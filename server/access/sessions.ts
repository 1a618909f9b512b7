// A person's session (ADR 0019): a random secret in an HttpOnly cookie (server/http/sign-in/cookies.ts), kept
// in the database only as SHA-256 under a public `ses_` id. The cookie is `__Host-` (Secure, path /,
// no Domain) except on a loopback http PUBLIC_URL, SameSite=Lax so it rides along when a person
// follows a link to the console but not on another site's form posts or fetches. Each sign-in makes a
// new secret and revokes the one the browser came with (no session fixation); the server-side expiry
// slides 30 days from the last use (credentials.ts writes it), and sign-out revokes. A person may also
// revoke any of their own sessions, or move one to another of their accounts.
import type { Executor } from "../../db/client.ts";
import { moveSession } from "../../db/queries/members.ts";
import { findSessionOwner, insertSession, lastUsedAccount, revokeSession, revokeSessionByHash } from "../../db/queries/sessions.ts";
import { membershipsOf } from "../../db/queries/users.ts";
import { SESSION_DAYS } from "../domain/access.ts";
import { AppError } from "../domain/errors.ts";
import { newId } from "../domain/ids.ts";
import { newSecret, sha256Hex } from "../domain/secrets.ts";
import type { Services } from "../services.ts";

/** A session's cookie secret; `ses_` is its public id, which never opens anything. */
export const SESSION_TOKEN_PREFIX = "sst_";

const DAY_MS = 86_400_000;
const MAX_USER_AGENT = 500;

/** How a person signed in. */
export const SIGN_IN_METHODS = ["github", "google", "oidc", "link"] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** What the browser brings to a sign-in: its user agent and address, and a session cookie it may still hold. */
export type Arrival = { userAgent: string | null; ip: string; sessionToken: string | null };

export type StartedSession = { sessionId: string; accountId: string; token: string };

/** The person and session a call comes from. */
export type SessionCaller = { userId: string; sessionId: string };

/** Where a new session acts: the account the person last used, else their oldest membership; null without any. */
export async function accountForNewSession(db: Executor, userId: string): Promise<string | null> {
  const recent = await lastUsedAccount(db, userId);
  if (recent) return recent;
  const [first] = await membershipsOf(db, userId);
  return first?.accountId ?? null;
}

/**
 * Starts a session for a signed-in person in `accountId`, inside the sign-in's transaction, and
 * revokes the session the browser arrived with (no process's cache keeps it once that commits).
 */
export async function startSession(
  services: Services,
  tx: Executor,
  params: { userId: string; accountId: string; method: SignInMethod; arrival: Arrival },
): Promise<StartedSession> {
  const now = services.clock.now();
  const at = now.toISOString();
  const token = newSecret(SESSION_TOKEN_PREFIX);
  const sessionId = newId("ses", now.getTime());
  const { arrival } = params;
  if (arrival.sessionToken) await revokeSessionByHash(tx, await sha256Hex(arrival.sessionToken), now);
  await insertSession(tx, {
    id: sessionId,
    tokenHash: await sha256Hex(token),
    userId: params.userId,
    accountId: params.accountId,
    method: params.method,
    userAgent: arrival.userAgent?.slice(0, MAX_USER_AGENT) ?? null,
    ip: arrival.ip,
    createdAt: at,
    lastSeenAt: at,
    expiresAt: new Date(now.getTime() + SESSION_DAYS * DAY_MS).toISOString(),
  });
  return { sessionId, accountId: params.accountId, token };
}

/** Signs out: revokes the session holding this secret, in every process at once (ADR 0006). */
export async function endSession(services: Services, token: string): Promise<void> {
  const tokenHash = await sha256Hex(token);
  await services.database.write((tx) => revokeSessionByHash(tx, tokenHash, services.clock.now()));
}

/** Signs out one of the caller's own sessions (another device's, or this one); another person's is refused. */
export async function revokeOwnSession(services: Services, caller: SessionCaller, sessionId: string): Promise<void> {
  await services.database.write(async (tx) => {
    const owner = await findSessionOwner(tx, sessionId);
    if (!owner) throw new AppError("NOT_FOUND", `No session ${sessionId}`);
    if (owner.userId !== caller.userId) throw new AppError("FORBIDDEN", "That session is another person's");
    await revokeSession(tx, sessionId, services.clock.now());
  });
}

/** Makes the caller's session act in another account of the same person; a stranger's account is refused. */
export async function switchSessionAccount(services: Services, caller: SessionCaller, accountId: string): Promise<void> {
  await services.database.write(async (tx) => {
    const memberships = await membershipsOf(tx, caller.userId);
    if (!memberships.some((membership) => membership.accountId === accountId)) throw new AppError("FORBIDDEN", "You are not a member of that account", { field: "account_id" });
    // Counted as a revocation: no process's cache keeps acting in the old account for this cookie.
    await moveSession(tx, { sessionId: caller.sessionId, accountId });
  });
}
