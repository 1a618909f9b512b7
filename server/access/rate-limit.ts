// Rate limits by tier (README "Configuration"): fixed windows, counted one of two ways (ADR 0029).
// - In memory (the default on the embedded file): a request never waits on storage; daily counts are
//   flushed to the kv table in the background and read back at start, so a restart does not hand out
//   a fresh daily quota (ADR 0007). With WEB_CONCURRENCY's processes the memory is their
//   supervisor's: each sends its hits there in batches and gets the decisions back (ADR 0043).
// - Shared through the database (the default with a libSQL server): an atomic upsert per request,
//   batched per process, so every process behind a load balancer counts against the same windows.
import type { Database } from "../../db/client.ts";
import { retryWhileBusy } from "../../db/client.ts";
import { addDailyUsage } from "../../db/queries/usage.ts";
import { hitSharedCounters, purgeEndedCounters, type CounterState, type WindowCount } from "../../db/queries/rate-counters.ts";
import { WINDOWS, type DailyUsage, type TierLimits } from "../domain/tiers.ts";

export type RateDecision = { allowed: boolean; headers: Record<string, string> };

/** What requests are counted by: memory answers at once, the shared store after a round trip. */
export type RateLimits = {
  hit(subject: string, limits: TierLimits | null, now: Date): RateDecision | Promise<RateDecision>;
  /** The background job's work: flush and forget (memory), or drop ended counters (shared). */
  upkeep(database: Database, now: Date): Promise<void>;
};

type Subject = { counters: WindowCount[]; unflushed: number };

/** Callers tracked at once; past it the least recently seen is forgotten (its counts still flushed). */
const MAX_SUBJECTS = 100_000;

function windowStart(nowSeconds: number, seconds: number): number {
  return nowSeconds - (nowSeconds % seconds);
}

const policies = new WeakMap<TierLimits, string>();

function policyHeader(limits: TierLimits): string {
  const known = policies.get(limits);
  if (known) return known;
  const policy = WINDOWS.map((window) => `"${window.name}";q=${limits[window.key]};w=${window.seconds}`).join(", ");
  policies.set(limits, policy);
  return policy;
}

/**
 * The headers of a hit from each window's count after it, as ADR 0007 has them: RateLimit names
 * the tightest window, Retry-After (when refused) waits for the last exhausted one to end.
 */
function decisionOf(windows: readonly WindowCount[], limits: TierLimits, nowSeconds: number, allowed: boolean): RateDecision {
  let tightest = { index: 0, remaining: Infinity, reset: 0 };
  let retryAfter = 0;
  WINDOWS.forEach((window, index) => {
    const { start, count } = windows[index] as WindowCount;
    const remaining = limits[window.key] - count;
    const reset = start + window.seconds - nowSeconds;
    if (!allowed && remaining <= 0) retryAfter = Math.max(retryAfter, reset);
    if (remaining < tightest.remaining) tightest = { index, remaining, reset };
  });
  const headers: Record<string, string> = {
    "RateLimit-Policy": policyHeader(limits),
    RateLimit: `"${WINDOWS[tightest.index]?.name}";r=${Math.max(0, tightest.remaining)};t=${tightest.reset}`,
  };
  if (!allowed) headers["Retry-After"] = String(retryAfter);
  return { allowed, headers };
}

const ALLOWED_UNCOUNTED: RateDecision = { allowed: true, headers: {} };

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

/** Counts in this process's memory (ADR 0007). */
export class RateLimiter implements RateLimits {
  private readonly subjects = new Map<string, Subject>();
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
    const fresh = { counters: WINDOWS.map(() => ({ start: 0, count: 0 })), unflushed: 0 };
    this.subjects.set(name, fresh);
    return fresh;
  }

  private forgetOldest(): void {
    const [name, state] = this.subjects.entries().next().value as [string, Subject];
    this.subjects.delete(name);
    if (state.unflushed > 0) this.orphaned.push({ subject: name, day: this.dayOf(state), count: state.unflushed });
  }

  private dayOf(state: Subject): number {
    return state.counters[WINDOWS.findIndex((window) => window.key === "daily")]?.start ?? 0;
  }

  /**
   * Counts one request for `subject` now; denies without counting when any window is exhausted.
   * Without limits (a tier configured as unlimited) it allows and counts nothing.
   */
  hit(subject: string, limits: TierLimits | null, now: Date): RateDecision {
    if (!limits) return ALLOWED_UNCOUNTED;
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const state = this.subject(subject);
    WINDOWS.forEach((window, index) => {
      const counter = state.counters[index] as WindowCount;
      const start = windowStart(nowSeconds, window.seconds);
      if (counter.start !== start) {
        counter.start = start;
        counter.count = 0;
      }
    });
    const allowed = WINDOWS.every((window, index) => (state.counters[index] as WindowCount).count < limits[window.key]);
    if (allowed) {
      for (const counter of state.counters) counter.count += 1;
      state.unflushed += 1;
    }
    return decisionOf(state.counters, limits, nowSeconds, allowed);
  }

  /** One object per tier's limits as they arrive from other processes, so their header is built once (policyHeader). */
  private readonly arrivedLimits = new Map<string, TierLimits>();

  /** Counts hits sent by the processes this one supervises (DelegatedRateLimiter), in their order. */
  countAll(hits: readonly CountedHit[]): RateDecision[] {
    return hits.map((hit) => {
      const key = WINDOWS.map((window) => hit.limits[window.key]).join(",");
      const limits = this.arrivedLimits.get(key) ?? (this.arrivedLimits.set(key, hit.limits), hit.limits);
      return this.hit(hit.subject, limits, new Date(hit.now));
    });
  }

  /** Seeds today's daily counts (read back from storage at start). */
  restore(usage: readonly DailyUsage[], now: Date): void {
    const today = windowStart(Math.floor(now.getTime() / 1000), 86_400);
    for (const { subject, day, count } of usage) {
      if (day !== today) continue;
      const state = this.subject(subject);
      WINDOWS.forEach((window, index) => {
        if (window.key === "daily") state.counters[index] = { start: day, count };
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
      const live = state.counters.some((counter, index) => counter.start + (WINDOWS[index]?.seconds ?? 0) > nowSeconds);
      if (!live && state.unflushed === 0) this.subjects.delete(subject);
    }
  }

  /** Writes the daily counts since the last flush (putting them back if that fails), then forgets ended subjects. */
  async upkeep(database: Database, now: Date): Promise<void> {
    const usage = this.drainUnflushed();
    try {
      await database.write((tx) => addDailyUsage(tx, usage));
    } catch (error) {
      this.returnUnflushed(usage);
      throw error;
    }
    this.prune(now);
  }
}

/** A hit as it is sent to be counted elsewhere: the subject, its tier's limits, the time in ms. */
export type CountedHit = { subject: string; limits: TierLimits; now: number };

/**
 * Hits counted elsewhere (the database, the supervising process): the hits that arrive while one
 * batch is on its way wait and go together as the next, so a busy process makes one round trip per
 * batch, not per request.
 */
abstract class BatchedRateLimits implements RateLimits {
  private waiting: Array<{ hit: CountedHit; settle: (decision: RateDecision) => void; fail: (error: unknown) => void }> = [];
  private sending = false;

  /** The decisions for `hits`, in their order. */
  protected abstract count(hits: CountedHit[]): Promise<RateDecision[]>;
  abstract upkeep(database: Database, now: Date): Promise<void>;

  hit(subject: string, limits: TierLimits | null, now: Date): Promise<RateDecision> {
    if (!limits) return Promise.resolve(ALLOWED_UNCOUNTED);
    return new Promise((settle, fail) => {
      this.waiting.push({ hit: { subject, limits, now: now.getTime() }, settle, fail });
      if (!this.sending) void this.send();
    });
  }

  private async send(): Promise<void> {
    this.sending = true;
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0);
      try {
        const decisions = await this.count(batch.map((waiting) => waiting.hit));
        batch.forEach(({ settle }, index) => settle(decisions[index] as RateDecision));
      } catch (error) {
        for (const { fail } of batch) fail(error);
      }
    }
    this.sending = false;
  }
}

/**
 * Counts in the database every process shares (ADR 0029): exact across processes. A batch runs
 * outside this process's write queue, so a request never waits behind a long import; while another
 * writer holds the lock it retries.
 */
export class SharedRateLimiter extends BatchedRateLimits {
  constructor(private readonly database: Database) {
    super();
  }

  protected async count(hits: CountedHit[]): Promise<RateDecision[]> {
    const counted = hits.map(({ subject, limits, now }) => ({ subject, limits, starts: WINDOWS.map((window) => windowStart(Math.floor(now / 1000), window.seconds)) }));
    const states = await retryWhileBusy(() => hitSharedCounters(this.database.db, counted));
    return hits.map((hit, index) => {
      const { windows, allowed } = states[index] as CounterState;
      return decisionOf(windows, hit.limits, Math.floor(hit.now / 1000), allowed);
    });
  }

  async upkeep(database: Database, now: Date): Promise<void> {
    const today = windowStart(Math.floor(now.getTime() / 1000), 86_400);
    await database.write((tx) => purgeEndedCounters(tx, today));
  }
}

/**
 * Counts in the memory of the process that supervises this one (WEB_CONCURRENCY, ADR 0043), exact
 * for every process it serves with: `ask` sends a batch there and resolves with its decisions.
 */
export class DelegatedRateLimiter extends BatchedRateLimits {
  constructor(private readonly ask: (hits: CountedHit[]) => Promise<RateDecision[]>) {
    super();
  }

  protected count(hits: CountedHit[]): Promise<RateDecision[]> {
    return this.ask(hits);
  }

  /** The counts are the supervisor's, and so is their flushing. */
  async upkeep(): Promise<void> {}
}
