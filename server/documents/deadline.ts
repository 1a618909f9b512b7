// A wall-time budget as an abort signal, for work run in the worker pools (OCR of a document, the
// readings of a brand page): it aborts with the caller's signal (the client went away, the MCP call
// was cancelled), with the work's own first failure, or with the budget's refusal once the time is up.
// The pools stop a job whose signal aborts, with its worker.

/** Milliseconds now, and a call after `ms` (undone by what it returns): the wall time's clock, a test's own in tests. */
export type WallClock = { now(): number; after(ms: number, fire: () => void): () => void };

export const systemWallClock: WallClock = {
  now: () => performance.now(),
  after(ms, fire) {
    const timer = setTimeout(fire, ms);
    return () => clearTimeout(timer);
  },
};

export type Deadline = {
  signal: AbortSignal;
  /** Stops the work with its own failure, so jobs still running alongside stop too. */
  fail(error: unknown): void;
  /** The work is done: the timer and the caller's listener go. */
  end(): void;
};

/** `over(spentMs)` is the refusal the signal aborts with once `wallMs` is up. */
export function deadline(clock: WallClock, wallMs: number, over: (spentMs: number) => unknown, caller?: AbortSignal): Deadline {
  const controller = new AbortController();
  const started = clock.now();
  const expire = (): void => controller.abort(over(Math.round(clock.now() - started)));
  // No time at all is over already, not a timer away: nothing gets to start.
  const cancel = wallMs > 0 ? clock.after(wallMs, expire) : (expire(), () => undefined);
  const follow = (): void => controller.abort(caller?.reason);
  if (caller?.aborted) follow();
  else caller?.addEventListener("abort", follow, { once: true });
  return {
    signal: controller.signal,
    fail: (error) => controller.abort(error),
    end: () => {
      cancel();
      caller?.removeEventListener("abort", follow);
    },
  };
}
