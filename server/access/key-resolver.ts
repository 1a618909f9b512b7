// Resolves `Authorization: Bearer svc_…` to an account. Resolved keys are cached for a short time
// (KEY_CACHE_MS, 2 s by default) so a read costs one database round trip, not two; a revocation
// therefore takes effect within that time in every process (ADR 0006). last_used_at is written at
// most once a minute per key, off the request's path. Credentials that fail are counted per client
// address against the anonymous tier, so guessing keys is throttled (429) like any anonymous caller.
import type { Database } from "../../db/client.ts";
import { findActiveKey, touchApiKey, type ResolvedKey } from "../../db/queries/accounts.ts";
import type { Clock } from "../domain/clock.ts";
import { AppError } from "../domain/errors.ts";
import { sha256Hex } from "../domain/secrets.ts";
import type { TierLimits } from "../domain/tiers.ts";
import { addressSubject, RateLimiter } from "./rate-limit.ts";

const TOUCH_EVERY_MS = 60_000;
/** Live keys and unknown tokens are cached apart, so a flood of made-up tokens never evicts real keys. */
const MAX_CACHED = 10_000;

type CacheEntry<T> = { value: T; expires: number };

export type KeyResolver = {
  /** null without a credential; throws UNAUTHORIZED for a credential that is present but not valid. */
  resolve(authorization: string | null, clientIp: string): Promise<ResolvedKey | null>;
};

export type KeyResolverOptions = { cacheMs: number; failureLimits: TierLimits | null };

export function createKeyResolver(database: Database, clock: Clock, options: KeyResolverOptions): KeyResolver {
  const live = new Map<string, CacheEntry<ResolvedKey>>();
  const unknown = new Map<string, CacheEntry<null>>();
  const touched = new Map<string, number>();
  const failures = new RateLimiter();

  function touch(key: ResolvedKey, now: number): void {
    const last = touched.get(key.keyId) ?? (key.lastUsedAt ? Date.parse(key.lastUsedAt) : 0);
    if (now - last < TOUCH_EVERY_MS) return;
    touched.set(key.keyId, now);
    void database.write((tx) => touchApiKey(tx, { keyId: key.keyId, now: new Date(now) })).catch(() => touched.delete(key.keyId));
  }

  function remember<T>(cache: Map<string, CacheEntry<T>>, token: string, value: T, now: number): void {
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(token, { value, expires: now + options.cacheMs });
  }

  async function lookup(token: string, now: number): Promise<ResolvedKey | null> {
    const cached = live.get(token) ?? unknown.get(token);
    if (cached && cached.expires > now) return cached.value;
    const key = (await findActiveKey(database.db, await sha256Hex(token))) ?? null;
    if (key) remember(live, token, key, now);
    else remember(unknown, token, null, now);
    return key;
  }

  function refuse(message: string, clientIp: string): never {
    if (options.failureLimits) {
      const decision = failures.hit(addressSubject(clientIp), options.failureLimits, clock.now());
      if (!decision.allowed) {
        throw new AppError("RATE_LIMITED", `Too many failed credentials; retry after ${decision.headers["Retry-After"]} s`, {
          retry_after: Number(decision.headers["Retry-After"]),
        });
      }
    }
    throw new AppError("UNAUTHORIZED", message);
  }

  return {
    async resolve(authorization, clientIp) {
      if (authorization === null || authorization === "") return null;
      const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
      if (!match?.[1]) refuse("The Authorization header must be `Bearer <API key>`", clientIp);
      const now = clock.now().getTime();
      const key = await lookup(match[1], now);
      if (!key) refuse("The API key is not valid or has been revoked", clientIp);
      touch(key, now);
      return key;
    },
  };
}
