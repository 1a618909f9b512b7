// Resolves what a request presents to one Principal (ADR 0019): `Authorization: Bearer svc_…`
// (an API key), `Bearer sat_…` (an agent's OAuth access token, bound to an audience), or the session
// cookie. Resolutions are cached for a short time (KEY_CACHE_MS, 2 s by default); a cached one is
// trusted only while the revocation counter (db/queries/revocations.ts, one read by primary key,
// shared by the requests that arrive together: fresh-reads.ts) is what it was when the credential was
// looked up. Every revocation, in any process, raises the counter in its own transaction, so a
// revoked key, token, grant or session is refused on the very next request everywhere, and so is
// every other credential of its family (ADR 0006). Last-use times are written at most once a
// minute, off the request's path.
// Bearer credentials that fail are counted per client address against the anonymous tier, so
// guessing them is throttled (429) like any anonymous caller. A session cookie that no longer works
// counts as no credential: a browser keeps sending a stale cookie, and open pages must still answer.
import type { Database, Executor } from "../../db/client.ts";
import { findActiveKey, touchApiKey } from "../../db/queries/accounts.ts";
import { findAccessToken, findSession, touchGrant, touchSession } from "../../db/queries/credentials.ts";
import { readRevocations } from "../../db/queries/revocations.ts";
import { agentScopes, audienceAllows, scopesForRole, SESSION_DAYS, type Face, type Principal } from "../domain/access.ts";
import type { Clock } from "../domain/clock.ts";
import { AppError } from "../domain/errors.ts";
import { sha256Hex } from "../domain/secrets.ts";
import type { TierLimits } from "../domain/tiers.ts";
import { freshReads } from "./fresh-reads.ts";
import { addressSubject, type RateLimits } from "./rate-limit.ts";

export const ACCESS_TOKEN_PREFIX = "sat_";
export const REFRESH_TOKEN_PREFIX = "srt_";

const TOUCH_EVERY_MS = 60_000;
const DAY_MS = 86_400_000;
/** Live credentials and unknown tokens are cached apart, so a flood of made-up tokens never evicts real ones. */
const MAX_CACHED = 10_000;

/** What a request presents: its Authorization header and its session cookie's value. */
export type Presented = { authorization: string | null; sessionToken: string | null };

/** A resolved credential as cached: the principal plus what is checked on every use. */
type Resolution = {
  principal: Principal;
  /** Epoch ms after which the credential no longer works (tokens, sessions); null for keys. */
  validUntil: number | null;
  /** An access token's audience. */
  resource: string | null;
  lastUsed: number;
  touch(tx: Executor, now: Date): Promise<void>;
};

/** `revocations`: the counter as read before the credential was looked up. */
type CacheEntry = { value: Resolution | null; expires: number; revocations: string };

export type CredentialResolver = {
  /**
   * null without a credential (or with a stale session cookie); throws UNAUTHORIZED for a bearer
   * credential that is present but not valid, expired, or bound to another audience.
   */
  resolve(presented: Presented, clientIp: string, face?: Face): Promise<Principal | null>;
};

/** `config` is read on each use: a test server learns its PUBLIC_URL only once it listens. */
export type CredentialResolverOptions = {
  cacheMs: number;
  /** Where failed bearer credentials are counted, per client address, against `failureLimits`. */
  failures: RateLimits;
  failureLimits: TierLimits | null;
  config: { publicUrl: string };
};

export function createCredentialResolver(database: Database, clock: Clock, options: CredentialResolverOptions): CredentialResolver {
  const live = new Map<string, CacheEntry>();
  const unknown = new Map<string, CacheEntry>();
  const touched = new Map<string, number>();
  const revocationsNow = freshReads(() => readRevocations(database.db));

  function touch(resolution: Resolution, now: number): void {
    const id = resolution.principal.id;
    const last = touched.get(id) ?? resolution.lastUsed;
    if (now - last < TOUCH_EVERY_MS) return;
    touched.set(id, now);
    void database.write((tx) => resolution.touch(tx, new Date(now))).catch(() => touched.delete(id));
  }

  function remember(token: string, value: Resolution | null, now: number, revocations: string): void {
    const cache = value ? live : unknown;
    if (!value) live.delete(token);
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(token, { value, expires: now + options.cacheMs, revocations });
  }

  async function find(token: string): Promise<Resolution | null> {
    const hash = await sha256Hex(token);
    if (token.startsWith(ACCESS_TOKEN_PREFIX)) {
      const row = await findAccessToken(database.db, hash);
      if (!row) return null;
      return {
        principal: { kind: "agent", id: row.grantId, accountId: row.accountId, tier: row.tier, scopes: agentScopes(row.tokenScopes.filter((scope) => row.grantScopes.includes(scope)), row.role, row.canApprove), userId: row.userId, role: row.role },
        validUntil: Date.parse(row.expiresAt),
        resource: row.resource,
        lastUsed: row.lastUsedAt ? Date.parse(row.lastUsedAt) : 0,
        touch: (tx, now) => touchGrant(tx, { grantId: row.grantId, now }),
      };
    }
    const key = await findActiveKey(database.db, hash);
    if (!key) return null;
    return {
      principal: { kind: "key", id: key.keyId, accountId: key.accountId, tier: key.tier, scopes: key.scopes, userId: null, role: null },
      validUntil: null,
      resource: null,
      lastUsed: key.lastUsedAt ? Date.parse(key.lastUsedAt) : 0,
      touch: (tx, now) => touchApiKey(tx, { keyId: key.keyId, now }),
    };
  }

  async function findBySession(token: string): Promise<Resolution | null> {
    const row = await findSession(database.db, await sha256Hex(token));
    if (!row) return null;
    return {
      principal: { kind: "session", id: row.sessionId, accountId: row.accountId, tier: row.tier, scopes: scopesForRole(row.role, row.canApprove), userId: row.userId, role: row.role },
      validUntil: Date.parse(row.expiresAt),
      resource: null,
      lastUsed: Date.parse(row.lastSeenAt),
      touch: (tx, now) => touchSession(tx, { sessionId: row.sessionId, now, expiresAt: new Date(now.getTime() + SESSION_DAYS * DAY_MS) }),
    };
  }

  /**
   * A live credential from the cache only while no revocation has been counted since it was looked
   * up; the counter is read before the lookup, so a revocation committed meanwhile is seen next time.
   * Unknown tokens stay unknown until their entry expires: a revocation makes nothing valid.
   */
  async function lookup(cacheKey: string, now: number, load: () => Promise<Resolution | null>): Promise<Resolution | null> {
    if (options.cacheMs <= 0) return load();
    const missing = unknown.get(cacheKey);
    if (missing && missing.expires > now) return null;
    const revocations = await revocationsNow();
    const cached = live.get(cacheKey);
    if (cached && cached.expires > now && cached.revocations === revocations) return cached.value;
    const value = await load();
    remember(cacheKey, value, now, revocations);
    return value;
  }

  /** UNAUTHORIZED, or RATE_LIMITED (with its RateLimit and Retry-After headers) once the address has failed too often. */
  async function refusal(message: string, clientIp: string): Promise<AppError> {
    const decision = await options.failures.hit(`failed:${addressSubject(clientIp)}`, options.failureLimits, clock.now());
    if (decision.allowed) return new AppError("UNAUTHORIZED", message);
    const retryAfter = decision.headers["Retry-After"];
    return new AppError("RATE_LIMITED", `Too many failed credentials; retry after ${retryAfter} s`, { retry_after: Number(retryAfter) }, decision.headers);
  }

  /** The bearer credential's resolution, or why it is refused. */
  async function bearer(authorization: string, now: number, face: Face): Promise<Resolution | string> {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1];
    if (!token) return "The Authorization header must be `Bearer <API key or access token>`";
    const resolution = await lookup(token, now, () => find(token));
    if (!resolution) return "The API key or access token is not valid or has been revoked";
    if (resolution.validUntil !== null && resolution.validUntil <= now) return "The access token has expired";
    if (resolution.resource !== null && !audienceAllows(resolution.resource, face, options.config.publicUrl)) {
      return `The access token is bound to ${resolution.resource}, not this resource`;
    }
    return resolution;
  }

  return {
    async resolve(presented, clientIp, face = "api") {
      const now = clock.now().getTime();
      const { authorization, sessionToken } = presented;
      if (authorization !== null && authorization !== "") {
        const resolution = await bearer(authorization, now, face);
        if (typeof resolution === "string") throw await refusal(resolution, clientIp);
        touch(resolution, now);
        return resolution.principal;
      }
      if (sessionToken === null || sessionToken === "") return null;
      const resolution = await lookup(`session:${sessionToken}`, now, () => findBySession(sessionToken));
      if (!resolution || (resolution.validUntil !== null && resolution.validUntil <= now)) return null;
      touch(resolution, now);
      return resolution.principal;
    },
  };
}
