// Rate limits by tier (spec §8, DESIGN "Access"): fixed windows counted in memory per process, so a
// request never waits on storage; daily counts are flushed to the kv table in the background and
// read back at start, so a restart does not hand out a fresh daily quota (ADR 0007).
import { WINDOWS, type DailyUsage, type TierLimits } from "../domain/tiers.ts";

export type RateDecision = { allowed: boolean; headers: Record<string, string> };

type Counter = { windowStart: number; count: number };
type Subject = { counters: Counter[]; unflushed: number };


/** Callers tracked at once; past it the least recently seen is forgotten (its counts still flushed). */
const MAX_SUBJECTS = 100_000;

function windowStart(nowSeconds: number, seconds: number): number {
  return nowSeconds - (nowSeconds % seconds);
}

function policyHeader(limits: TierLimits): string {
  return WINDOWS.map((window) => `"${window.name}";q=${limits[window.key]};w=${window.seconds}`).join(", ");
}

/**
 * The subject an anonymous caller is counted as: its IPv4 address, or the /64 of its IPv6 address
 * (one host holds a whole /64, so counting single addresses would let it rotate past any limit).
 */
export function addressSubject(address: string): string {
  const unmapped = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
  if (!unmapped.includes(":")) return `ip:${unmapped}`;
  const [head = "", tail = ""] = unmapped.toLowerCase().split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const groups = unmapped.includes("::") ? [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill("0"), ...tailGroups] : headGroups;
  return `ip6:${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}

export class RateLimiter {
  private readonly subjects = new Map<string, Subject>();
  private readonly policies = new Map<TierLimits, string>();
  /** Daily counts of forgotten subjects, still to be flushed. */
  private readonly orphaned: DailyUsage[] = [];

  private subject(name: string): Subject {
    const known = this.subjects.get(name);
    if (known) {
      // Re-inserting keeps the map in least-recently-seen order.
      this.subjects.delete(name);
      this.subjects.set(name, known);
      return known;
    }
    if (this.subjects.size >= MAX_SUBJECTS) this.forgetOldest();
    const fresh = { counters: WINDOWS.map(() => ({ windowStart: 0, count: 0 })), unflushed: 0 };
    this.subjects.set(name, fresh);
    return fresh;
  }

  private forgetOldest(): void {
    const [name, state] = this.subjects.entries().next().value as [string, Subject];
    this.subjects.delete(name);
    if (state.unflushed > 0) this.orphaned.push({ subject: name, day: this.dayOf(state), count: state.unflushed });
  }

  private dayOf(state: Subject): number {
    return state.counters[WINDOWS.findIndex((window) => window.key === "daily")]?.windowStart ?? 0;
  }

  /**
   * Counts one request for `subject` now; denies without counting when any window is exhausted.
   * Without limits (a tier configured as unlimited) it allows and counts nothing.
   */
  hit(subject: string, limits: TierLimits | null, now: Date): RateDecision {
    if (!limits) return { allowed: true, headers: {} };
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const state = this.subject(subject);
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
      const state = this.subject(subject);
      WINDOWS.forEach((window, index) => {
        if (window.key === "daily") state.counters[index] = { windowStart: day, count };
      });
    }
  }

  /** Requests counted since the last flush, per subject and day; resets the pending counts. */
  drainUnflushed(): DailyUsage[] {
    const drained = this.orphaned.splice(0);
    for (const [subject, state] of this.subjects) {
      if (state.unflushed === 0) continue;
      drained.push({ subject, day: this.dayOf(state), count: state.unflushed });
      state.unflushed = 0;
    }
    return drained;
  }

  /** Puts drained counts back when writing them failed, so the next flush carries them. */
  returnUnflushed(usage: readonly DailyUsage[]): void {
    this.orphaned.push(...usage);
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
