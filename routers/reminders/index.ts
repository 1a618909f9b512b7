import { router } from "../builders.ts";
import { getRemindersProcedure } from "./get-reminders.ts";
import { setRemindersProcedure } from "./set-reminders.ts";

export const remindersRouter = router({
  get: getRemindersProcedure,
  set: setRemindersProcedure,
});
