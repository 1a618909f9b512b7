// The stand-in for wrk where it is not installed: `connections` fetch loops, each sending its next
// request as soon as the last one answered, for `seconds`; the same figures wrk reports. The loops
// share the measuring process's one thread, so on a small machine they report less than wrk would.
import { percentile } from "./measure.ts";
import type { WrkRequest, WrkResult } from "./wrk.ts";

export type ClosedLoopOptions = { url: string; headers: Record<string, string>; requests: readonly WrkRequest[]; seconds: number; connections: number };

export async function runClosedLoop(options: ClosedLoopOptions): Promise<WrkResult> {
  const { url, headers, requests, seconds, connections } = options;
  const times: number[] = [];
  let non2xx = 0;
  let socketErrors = 0;
  let next = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const loop = async (): Promise<void> => {
    while (performance.now() < deadline) {
      const request = requests[next++ % requests.length]!;
      const sent = performance.now();
      try {
        const response = await fetch(`${url}${request.path}`, { method: request.method, headers, ...(request.body === undefined ? {} : { body: request.body }) });
        await response.arrayBuffer();
        if (response.status < 200 || response.status > 399) non2xx++;
        times.push(performance.now() - sent);
      } catch {
        socketErrors++;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    requestsPerSecond: times.length / elapsed,
    p50Ms: percentile(times, 0.5),
    p99Ms: percentile(times, 0.99),
    requests: times.length,
    non2xx,
    socketErrors,
    timeouts: 0,
    badBodies: 0,
    raw: "",
  };
}
