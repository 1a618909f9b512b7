// A small query and action layer over the tRPC client (TanStack Query is React's convention; the
// console needs only loading, errors, reloads and stale answers dropped: ADR 0020).
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { announce } from "./messages.ts";
import { describeError } from "./errors.ts";

export type Query<T> = { data: T | undefined; error: unknown; loading: boolean; reload(): void };

/** Runs `load` when `deps` change; an answer that arrives after a newer request started is dropped. */
export function useQuery<T>(load: () => Promise<T>, deps: readonly unknown[]): Query<T> {
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({ data: undefined, error: null, loading: true });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    setState((previous) => ({ ...previous, loading: true }));
    load().then(
      (data) => current && setState({ data, error: null, loading: false }),
      (error: unknown) => current && setState({ data: undefined, error, loading: false }),
    );
    return () => {
      current = false;
    };
    // The caller names what the load depends on, as with useEffect.
  }, [...deps, round]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { ...state, reload };
}

export type Action<Args extends unknown[], T> = {
  /** For the page's own buttons: a failure is kept and announced, and the result is undefined. */
  run(...args: Args): Promise<T | undefined>;
  /** The same for an agent's tool call: announced alike, but a failure is thrown for the caller to report. */
  perform(...args: Args): Promise<T>;
  busy: boolean;
  /** The last failure in words, for a role="alert" next to the form; null after a success. */
  error: string | null;
  /** The last failure itself (which field it names, say); null after a success. */
  failure: unknown;
};

/**
 * A write the person (or an agent through the page) started: busy while it runs, its failure kept
 * for the form, and `done` (when given) announced in the live region on success.
 */
export function useAction<Args extends unknown[], T>(work: (...args: Args) => Promise<T>, done?: (result: T) => string | null): Action<Args, T> {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  // The newest render's functions, so a call started from an old closure still uses current values.
  const latest = useRef({ work, done });
  latest.current = { work, done };
  const perform = useCallback(async (...args: Args): Promise<T> => {
    setBusy(true);
    setError(null);
    setFailure(null);
    try {
      const result = await latest.current.work(...args);
      const message = latest.current.done?.(result);
      if (message) announce(message);
      return result;
    } catch (failure) {
      const text = describeError(failure);
      setError(text);
      setFailure(failure);
      announce(text, "error");
      throw failure;
    } finally {
      setBusy(false);
    }
  }, []);
  const run = useCallback((...args: Args): Promise<T | undefined> => perform(...args).catch(() => undefined), [perform]);
  return { run, perform, busy, error, failure };
}
