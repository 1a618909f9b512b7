// Rate-limit tiers and their default limits (README "Configuration"). `unlimited` is for scripts and
// benchmarks: never counted.

export const TIER_NAMES = ["anonymous", "free", "pro", "team", "business", "unlimited"] as const;
export type TierName = (typeof TIER_NAMES)[number];
/** Tiers an account can hold (anonymous is for callers without a key). */
export const ACCOUNT_TIERS = ["free", "pro", "team", "business", "unlimited"] as const;

export type TierLimits = { burst: number; hourly: number; daily: number };

export const DEFAULT_TIER_LIMITS: Readonly<Record<TierName, TierLimits | null>> = {
  anonymous: { burst: 10, hourly: 60, daily: 200 },
  free: { burst: 30, hourly: 300, daily: 1_000 },
  pro: { burst: 120, hourly: 2_000, daily: 20_000 },
  team: { burst: 300, hourly: 5_000, daily: 50_000 },
  business: { burst: 600, hourly: 10_000, daily: 100_000 },
  unlimited: null,
};

/**
 * Paid operations (brand extraction, OCR, extraction, server-side render) an account's credential
 * runs per calendar month before the calls are paid per call like a caller without one.
 */
export const DEFAULT_PAID_CALLS_PER_MONTH: Readonly<Record<TierName, number | null>> = {
  anonymous: 0,
  free: 100,
  pro: 2_000,
  team: 10_000,
  business: 50_000,
  unlimited: null,
};

/** Window lengths in seconds, named as the RateLimit-Policy header names them. */
export const WINDOWS = [
  { name: "burst", key: "burst", seconds: 60 },
  { name: "hourly", key: "hourly", seconds: 3_600 },
  { name: "daily", key: "daily", seconds: 86_400 },
] as const;

/** One subject's count of calls on one day, as the rate limiter flushes it to the database. */
export type DailyUsage = { subject: string; day: number; count: number };
