// Background jobs under database leases (README "Scaling out"): each job runs in at most one
// process per period, whichever takes its lease. Time comes from the services' clock, so tests move
// it and call runDue() instead of waiting. A clean stop hands the leases back (ADR 0016 "Stopping"):
// the next process takes the jobs at its first tick, which is at once, not a lease margin later.
import { acquireLease, releaseLeases } from "../../db/queries/leases.ts";
import type { Services } from "../services.ts";

export type Job = {
  name: string;
  everyMs: number;
  /** Per-process jobs (flushing this process's own counters) run everywhere, without a lease. */
  perProcess?: boolean;
  /**
   * `stopping` aborts when the scheduler stops: a job working through a queue stops at its next
   * item and leaves the rest where it was (due), for whichever process takes the lease next.
   * Called without it (a test, the last flush of a stop), a job runs to its end.
   */
  run(services: Services, stopping?: AbortSignal): Promise<void>;
};

export type Scheduler = {
  /** Runs every job whose period has passed and whose lease this process gets; returns their names. */
  runDue(): Promise<string[]>;
  /** Runs one job now, whatever its period, if this process gets its lease; false when it did not run. */
  run(name: string): Promise<boolean>;
  /** Runs what is due at once, then every `tickMs`. */
  start(tickMs?: number): void;
  /** No more runs; a job under way stops at its next step; then every lease this process holds is released. */
  stop(): Promise<void>;
};

export function createScheduler(services: Services, jobs: readonly Job[], holder: string = crypto.randomUUID()): Scheduler {
  const lastRun = new Map<string, number>();
  const stopping = new AbortController();
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<unknown> | undefined;

  async function runLeased(job: Job): Promise<boolean> {
    const now = services.clock.now();
    // The lease outlives the period by a margin, so a long run (a big overdue backlog) still holds
    // it; a holder that dies without releasing it frees it after the margin.
    const until = new Date(now.getTime() + job.everyMs + services.config.jobLeaseMarginMs);
    const leased = job.perProcess || (await services.database.write((tx) => acquireLease(tx, { name: job.name, holder, now, until })));
    lastRun.set(job.name, now.getTime());
    if (!leased) return false;
    try {
      await job.run(services, stopping.signal);
      return true;
    } catch (error) {
      services.logger.error("job failed", { job: job.name, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      return false;
    }
  }

  async function runDue(): Promise<string[]> {
    const ran: string[] = [];
    for (const job of jobs) {
      if (stopping.signal.aborted) break;
      if (services.clock.now().getTime() - (lastRun.get(job.name) ?? -Infinity) < job.everyMs) continue;
      if (await runLeased(job)) ran.push(job.name);
    }
    return ran;
  }

  async function run(name: string): Promise<boolean> {
    const job = jobs.find((candidate) => candidate.name === name);
    if (!job) throw new Error(`No job named ${name}`);
    return runLeased(job);
  }

  function tick(): void {
    running ??= runDue()
      .catch((error: unknown) => services.logger.error("scheduler tick failed", { error: String(error) }))
      .finally(() => {
        running = undefined;
      });
  }

  return {
    runDue,
    run,
    start(tickMs = 1000) {
      if (timer) return;
      timer = setInterval(tick, tickMs);
      tick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      stopping.abort();
      await running;
      await services.database.write((tx) => releaseLeases(tx, holder)).catch((error: unknown) => services.logger.warn("job leases not released", { error: String(error) }));
    },
  };
}
