// Rate limits by tier (spec §8, DESIGN "Access"): fixed windows counted in memory per process, so a
// request never waits on storage; daily counts are flushed to the kv table in the background and
// read back at start, so a restart does not hand out a fresh daily quota.
import { WINDOWS, type TierLimits } from "./domain/tiers.ts";

export type RateDecision = { allowed: boolean; headers: Record<string, string> };

type Counter = { windowStart: number; count: number };
type Subject = { counters: Counter[]; unflushed: number };

export type DailyUsage = { subject: string; day: number; count: number };

function windowStart(nowSeconds: number, seconds: number): number {
  return nowSeconds - (nowSeconds % seconds);
}

function policyHeader(limits: TierLimits): string {
  return WINDOWS.map((window) => `"${window.name}";q=${limits[window.key]};w=${window.seconds}`).join(", ");
}

export class RateLimiter {
  private readonly subjects = new Map<string, Subject>();
  private readonly policies = new Map<TierLimits, string>();

  /** Counts one request for `subject` now; denies without counting when any window is exhausted. */
  hit(subject: string, limits: TierLimits, now: Date): RateDecision {
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const state = this.subjects.get(subject) ?? { counters: WINDOWS.map(() => ({ windowStart: 0, count: 0 })), unflushed: 0 };
    this.subjects.set(subject, state);
    let tightest = { index: 0, remaining: Infinity, reset: 0 };
    let retryAfter = 0;
    WINDOWS.forEach((window, index) => {
      const counter = state.counters[index] as Counter;
      const start = windowStart(nowSeconds, window.seconds);
      if (counter.windowStart !== start) {
        counter.windowStart = start;
        counter.count = 0;
      }
      const remaining = limits[window.key] - counter.count;
      const reset = start + window.seconds - nowSeconds;
      if (remaining <= 0) retryAfter = Math.max(retryAfter, reset);
      if (remaining < tightest.remaining) tightest = { index, remaining, reset };
    });
    const allowed = retryAfter === 0;
    if (allowed) {
      for (const counter of state.counters) counter.count += 1;
      state.unflushed += 1;
      tightest.remaining -= 1;
    }
    const policy = this.policies.get(limits) ?? policyHeader(limits);
    this.policies.set(limits, policy);
    const headers: Record<string, string> = {
      "RateLimit-Policy": policy,
      RateLimit: `"${WINDOWS[tightest.index]?.name}";r=${Math.max(0, tightest.remaining)};t=${tightest.reset}`,
    };
    if (!allowed) headers["Retry-After"] = String(retryAfter);
    return { allowed, headers };
  }

  /** Seeds today's daily counts (read back from storage at start). */
  restore(usage: readonly DailyUsage[], now: Date): void {
    const today = windowStart(Math.floor(now.getTime() / 1000), 86_400);
    for (const { subject, day, count } of usage) {
      if (day !== today) continue;
      const counters = WINDOWS.map((window) => ({ windowStart: window.key === "daily" ? day : 0, count: window.key === "daily" ? count : 0 }));
      this.subjects.set(subject, { counters, unflushed: 0 });
    }
  }

  /** Requests counted since the last flush, per subject and day; resets the pending counts. */
  drainUnflushed(): DailyUsage[] {
    const dailyIndex = WINDOWS.findIndex((window) => window.key === "daily");
    const drained: DailyUsage[] = [];
    for (const [subject, state] of this.subjects) {
      if (state.unflushed === 0) continue;
      drained.push({ subject, day: state.counters[dailyIndex]?.windowStart ?? 0, count: state.unflushed });
      state.unflushed = 0;
    }
    return drained;
  }

  /** Forgets subjects whose every window has ended, so memory follows active callers only. */
  prune(now: Date): void {
    const nowSeconds = Math.floor(now.getTime() / 1000);
    for (const [subject, state] of this.subjects) {
      const live = state.counters.some((counter, index) => counter.windowStart + (WINDOWS[index]?.seconds ?? 0) > nowSeconds);
      if (!live && state.unflushed === 0) this.subjects.delete(subject);
    }
  }
}
