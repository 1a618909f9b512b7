// Resolves `Authorization: Bearer svc_…` to an account. Resolved keys are cached for a short time
// (KEY_CACHE_MS, 2 s by default) so a read costs one database round trip, not two; a revocation
// therefore takes effect within that time in every process (ADR 0006). last_used_at is written at
// most once a minute per key, off the request's path.
import type { Database } from "../../db/client.ts";
import { findActiveKey, touchApiKey, type ResolvedKey } from "../../db/queries/accounts.ts";
import type { Clock } from "../domain/clock.ts";
import { AppError } from "../domain/errors.ts";
import { sha256Hex } from "../domain/secrets.ts";

const TOUCH_EVERY_MS = 60_000;
const MAX_CACHED = 10_000;

type CacheEntry = { key: ResolvedKey | undefined; expires: number };

export type KeyResolver = {
  /** null without a credential; throws UNAUTHORIZED for a credential that is present but not valid. */
  resolve(authorization: string | null): Promise<ResolvedKey | null>;
  forget(): void;
};

export function createKeyResolver(database: Database, clock: Clock, cacheMs: number): KeyResolver {
  const cache = new Map<string, CacheEntry>();
  const touched = new Map<string, number>();

  function touch(key: ResolvedKey, now: number): void {
    const last = touched.get(key.keyId) ?? (key.lastUsedAt ? Date.parse(key.lastUsedAt) : 0);
    if (now - last < TOUCH_EVERY_MS) return;
    touched.set(key.keyId, now);
    void database.write((tx) => touchApiKey(tx, { keyId: key.keyId, now: new Date(now) })).catch(() => touched.delete(key.keyId));
  }

  async function lookup(token: string, now: number): Promise<ResolvedKey | undefined> {
    const cached = cache.get(token);
    if (cached && cached.expires > now) return cached.key;
    const key = await findActiveKey(database.db, await sha256Hex(token));
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(token, { key, expires: now + cacheMs });
    return key;
  }

  return {
    async resolve(authorization) {
      if (authorization === null || authorization === "") return null;
      const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
      if (!match?.[1]) throw new AppError("UNAUTHORIZED", "The Authorization header must be `Bearer <API key>`");
      const now = clock.now().getTime();
      const key = await lookup(match[1], now);
      if (!key) throw new AppError("UNAUTHORIZED", "The API key is not valid or has been revoked");
      touch(key, now);
      return key;
    },
    forget() {
      cache.clear();
    },
  };
}
