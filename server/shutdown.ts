// Graceful stop, shared by the entries: stop accepting, let in-flight requests finish, stop the
// scheduler, then close the database (its write queue drains first).
import type { Scheduler } from "./scheduler.ts";
import type { Services } from "./services.ts";

export type Stoppable = { stop(): Promise<void> };

export async function drainAndClose(server: Stoppable, scheduler: Scheduler, services: Services): Promise<void> {
  await server.stop();
  await scheduler.stop();
  await services.database.close();
}
