// Graceful stop, shared by the entries (ADR 0016 "Stopping"): stop accepting; give in-flight
// requests and background work (the work board) the grace period (SHUTDOWN_GRACE_MS), then abort
// what is left; stop the scheduler, whose running job ends at its next step and whose leases are
// released, so another process (or this one started again) takes the jobs at once instead of after
// the lease margin; keep this process's rate-limit counts; stop the render, OCR and import workers;
// then close the database (its queue drains first).
import { flushRateLimits } from "../automation/jobs.ts";
import type { Scheduler } from "../automation/scheduler.ts";
import { AppError } from "../domain/errors.ts";
import { closeWorkerPools, type Services } from "../services.ts";

/** `stop(true)` while a stop waits drops the connections still open. */
export type Stoppable = { stop(abandon?: boolean): Promise<void> };

/** Why background work still running at the end of the grace period stopped: its caller may run it again. */
const STOPPED = new AppError("SERVICE_UNAVAILABLE", "The service stopped before this work finished; run it again");

export async function drainAndClose(server: Stoppable, scheduler: Scheduler, services: Services): Promise<void> {
  const grace = services.config.shutdownGraceMs;
  const requests = server.stop();
  const late = setTimeout(() => void server.stop(true), grace);
  await Promise.all([requests, scheduler.stop(), services.work.drain(grace, STOPPED)]);
  clearTimeout(late);
  await flushRateLimits.run(services).catch((error: unknown) => services.logger.warn("rate-limit counts not saved", { error: String(error) }));
  await closeWorkerPools(services);
  await services.database.close();
}
