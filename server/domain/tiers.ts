// Rate-limit tiers and their default limits (README "Configuration"): calls per window, paid calls per
// month and storage quotas (ADR 0037). `unlimited` is for scripts and benchmarks: never counted.
import { AppError } from "./errors.ts";

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

/**
 * What an account (or, for `anonymous`, one caller's address) may keep stored at once (ADR 0037).
 * Exports count while their link lives; logos count once per distinct image; import runs beyond
 * `importsKept` are forgotten oldest first. A limit of 0 means none may be kept.
 */
export type StorageQuota = {
  /** One stored file (an export, a bulk ZIP): a larger one is refused with 413. */
  fileBytes: number;
  /** Live exported files, and their bytes together. */
  exports: number;
  exportBytes: number;
  /** How long a new file's download link (and the file) lives. */
  fileLifetimeMs: number;
  /** Custom templates, and the bytes of their distinct logos together. */
  templates: number;
  logoBytes: number;
  /** Import runs kept readable at GET /api/imports/{id}. */
  importsKept: number;
};

const MiB = 1024 * 1024;
const HOUR_MS = 3_600_000;

export const DEFAULT_STORAGE_QUOTAS: Readonly<Record<TierName, StorageQuota | null>> = {
  anonymous: { fileBytes: 5 * MiB, exports: 25, exportBytes: 25 * MiB, fileLifetimeMs: HOUR_MS, templates: 0, logoBytes: 0, importsKept: 0 },
  free: { fileBytes: 25 * MiB, exports: 200, exportBytes: 250 * MiB, fileLifetimeMs: 24 * HOUR_MS, templates: 10, logoBytes: 5 * MiB, importsKept: 100 },
  pro: { fileBytes: 100 * MiB, exports: 2_000, exportBytes: 2_048 * MiB, fileLifetimeMs: 24 * HOUR_MS, templates: 50, logoBytes: 25 * MiB, importsKept: 1_000 },
  team: { fileBytes: 100 * MiB, exports: 5_000, exportBytes: 5_120 * MiB, fileLifetimeMs: 24 * HOUR_MS, templates: 100, logoBytes: 50 * MiB, importsKept: 2_000 },
  business: { fileBytes: 250 * MiB, exports: 20_000, exportBytes: 20_480 * MiB, fileLifetimeMs: 24 * HOUR_MS, templates: 250, logoBytes: 100 * MiB, importsKept: 5_000 },
  unlimited: null,
};

/** The quotas a caller meets, as GET /api/usage and refusals name them. */
export type StorageQuotaName = "file_bytes" | "exports" | "export_bytes" | "templates" | "logo_bytes";

/** 413: one file alone is larger than the tier keeps. */
export function fileTooLarge(tier: TierName, size: number, limit: number, hint: string): AppError {
  return new AppError("PAYLOAD_TOO_LARGE", `The file is ${size} bytes; the ${tier} tier stores files up to ${limit} bytes${hint}`, { quota: "file_bytes", tier, used: size, limit });
}

/**
 * 429 when `adding` more would take `used` over `limit`, naming the quota, what is used and the
 * limit; `retryAfterS` when the room comes back by itself (an export's link expiring).
 */
export function quotaRefusal(quota: StorageQuotaName, tier: TierName, usage: { used: number; adding: number; limit: number }, remedy: string, retryAfterS?: number): AppError | null {
  const { used, adding, limit } = usage;
  if (used + adding <= limit) return null;
  const retry = retryAfterS === undefined ? {} : { retry_after: retryAfterS };
  return new AppError("QUOTA_EXCEEDED", `The ${tier} tier's ${quota} quota is ${limit}, ${used} used: ${remedy}`, { quota, tier, used, adding, limit, ...retry }, retryAfterS === undefined ? {} : { "Retry-After": String(retryAfterS) });
}

/** Window lengths in seconds, named as the RateLimit-Policy header names them. */
export const WINDOWS = [
  { name: "burst", key: "burst", seconds: 60 },
  { name: "hourly", key: "hourly", seconds: 3_600 },
  { name: "daily", key: "daily", seconds: 86_400 },
] as const;

/** One subject's count of calls on one day, as the rate limiter flushes it to the database. */
export type DailyUsage = { subject: string; day: number; count: number };
