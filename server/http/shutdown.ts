// Graceful stop, shared by the entries: stop accepting, let in-flight requests finish, stop the
// scheduler, keep this process's rate-limit counts, stop the render, OCR and import workers, then close the database (its queue drains first).
import { flushRateLimits } from "../automation/jobs.ts";
import type { Scheduler } from "../automation/scheduler.ts";
import type { Services } from "../services.ts";

export type Stoppable = { stop(): Promise<void> };

export async function drainAndClose(server: Stoppable, scheduler: Scheduler, services: Services): Promise<void> {
  await server.stop();
  await scheduler.stop();
  await flushRateLimits.run(services).catch((error: unknown) => services.logger.warn("rate-limit counts not saved", { error: String(error) }));
  await services.renderer.close();
  await services.ocr.close();
  await services.importReaders.close();
  await services.database.close();
}
