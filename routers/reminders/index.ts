import { router } from "../builders.ts";
import { getReminders } from "./get-reminders.ts";
import { setReminders } from "./set-reminders.ts";

export const remindersRouter = router({
  get: getReminders,
  set: setReminders,
});
