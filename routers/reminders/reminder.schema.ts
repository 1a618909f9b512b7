// A payment reminder schedule on the wire (issue 8).
import { z } from "zod";
import { MAX_REMINDER_OFFSETS, REMINDER_CATCH_UP_DAYS, REMINDER_OFFSET_RANGE } from "../../server/domain/reminders.ts";

export const reminderScheduleOutput = z
  .object({
    enabled: z.boolean(),
    offsets: z.array(z.int()).describe("days from the due date, ascending: negative before it, positive after"),
  })
  .meta({ id: "ReminderSchedule" });

export const reminderScheduleInput = {
  enabled: z.boolean().describe("false keeps the offsets but sends nothing"),
  offsets: z
    .array(z.int().min(REMINDER_OFFSET_RANGE.min).max(REMINDER_OFFSET_RANGE.max))
    .max(MAX_REMINDER_OFFSETS)
    .describe(
      `days from the due date (${REMINDER_OFFSET_RANGE.min} to ${REMINDER_OFFSET_RANGE.max}): one e-mail to the client per open invoice and offset, until paid; skipped when over ${REMINDER_CATCH_UP_DAYS} days late`,
    ),
};
