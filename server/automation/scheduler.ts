// Background jobs under database leases (README "Scaling out"): each job runs in at most one
// process per period, whichever takes its lease. Time comes from the services' clock, so tests move
// it and call runDue() instead of waiting.
import { acquireLease } from "../../db/queries/leases.ts";
import type { Services } from "../services.ts";

export type Job = {
  name: string;
  everyMs: number;
  /** Per-process jobs (flushing this process's own counters) run everywhere, without a lease. */
  perProcess?: boolean;
  run(services: Services): Promise<void>;
};

const LEASE_MARGIN_MS = 5 * 60_000;

export type Scheduler = {
  /** Runs every job whose period has passed and whose lease this process gets; returns their names. */
  runDue(): Promise<string[]>;
  /** Runs one job now, whatever its period, if this process gets its lease; false when it did not run. */
  run(name: string): Promise<boolean>;
  start(tickMs?: number): void;
  stop(): Promise<void>;
};

export function createScheduler(services: Services, jobs: readonly Job[], holder: string = crypto.randomUUID()): Scheduler {
  const lastRun = new Map<string, number>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<string[]> | undefined;

  async function runLeased(job: Job): Promise<boolean> {
    const now = services.clock.now();
    // The lease outlives the period by a margin, so a long run (a big overdue backlog) still holds
    // it; a holder that dies frees it after the margin.
    const until = new Date(now.getTime() + job.everyMs + LEASE_MARGIN_MS);
    const leased = job.perProcess || (await services.database.write((tx) => acquireLease(tx, { name: job.name, holder, now, until })));
    lastRun.set(job.name, now.getTime());
    if (!leased) return false;
    try {
      await job.run(services);
      return true;
    } catch (error) {
      services.logger.error("job failed", { job: job.name, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      return false;
    }
  }

  async function runDue(): Promise<string[]> {
    const ran: string[] = [];
    for (const job of jobs) {
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

  return {
    runDue,
    run,
    start(tickMs = 1000) {
      timer ??= setInterval(() => {
        running ??= runDue().finally(() => {
          running = undefined;
        });
      }, tickMs);
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
