import { router } from "../builders.ts";
import { getEventProcedure } from "./get-event.ts";
import { listEventsProcedure } from "./list-events.ts";

export const eventsRouter = router({
  list: listEventsProcedure,
  get: getEventProcedure,
});
