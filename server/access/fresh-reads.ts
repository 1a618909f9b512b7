// How the credential cache reads the revocation counter before every cached use (ADR 0006): a
// request must be answered by a read that began after it arrived, or a revocation committed just
// before it could be missed. Requests that arrive while a read is on its way therefore wait for the
// next one and share it: however many ask at once, one read runs at a time (on a libSQL server, one
// round trip for a crowd of requests instead of one each), and none is answered from an older read.

/** A read whose answer is no older than the call. */
export type FreshRead<T> = () => Promise<T>;

export function freshReads<T>(read: () => Promise<T>): FreshRead<T> {
  let running: Promise<T> | null = null;
  let queued: Promise<T> | null = null;

  function start(): Promise<T> {
    const current: Promise<T> = read().finally(() => {
      if (running === current) running = null;
    });
    running = current;
    return current;
  }

  return () => {
    if (!running) return start();
    queued ??= running.then(
      () => undefined,
      () => undefined,
    ).then(() => {
      queued = null;
      return start();
    });
    return queued;
  };
}
