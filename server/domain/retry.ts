// Backoff with jitter, the one rule behind every delivery that is tried again (the mail outbox and
// webhooks, ADR 0017): each has its own schedule of waits; this says how long the next one is.

/** How far a wait may stray either way, so deliveries that failed together do not retry together. */
export const RETRY_JITTER = 0.2;

/**
 * The wait before the next try after `failedTries` failed ones under `schedule` (the wait after the
 * first failure first), stretched or shrunk by `random` in [0, 1); null when the schedule is spent.
 */
export function jitteredWaitMs(schedule: readonly number[], failedTries: number, random: number): number | null {
  const base = schedule[failedTries - 1];
  if (base === undefined) return null;
  return Math.round(base * (1 - RETRY_JITTER + 2 * RETRY_JITTER * random));
}
