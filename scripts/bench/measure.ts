// Timing for the in-process benchmarks: a warm-up, then `count` sequential runs; percentiles of the
// sorted times. Figures from one run on a shared machine compare with each other, not across runs.
export type Sample = { runs: number; median: number; p95: number; p99: number };

export function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;
}

export async function measure(count: number, make: () => Promise<unknown> | unknown): Promise<Sample> {
  for (let warm = 0; warm < Math.max(3, Math.floor(count / 10)); warm++) await make();
  const times: number[] = [];
  for (let run = 0; run < count; run++) {
    const started = performance.now();
    await make();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { runs: count, median: percentile(times, 0.5), p95: percentile(times, 0.95), p99: percentile(times, 0.99) };
}
