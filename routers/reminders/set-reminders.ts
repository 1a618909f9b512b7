import { z } from "zod";
import { setReminderSchedule } from "../../server/automation/reminders.ts";
import { INVOICES_AUTOMATE_TOOL } from "../tools.ts";
import { scopedProcedure } from "../builders.ts";
import { reminderScheduleInput, reminderScheduleOutput } from "./reminder.schema.ts";

export const setReminders = scopedProcedure("account:admin")
  .meta({
    openapi: {
      method: "PUT",
      path: "/reminders",
      tags: ["reminders"],
      operationId: "setReminders",
      summary: "Set the payment reminder schedule: e-mails to the client before and after the due date, until paid",
    },
    tool: { ...INVOICES_AUTOMATE_TOOL, action: "set_reminders", example: { enabled: true, offsets: [-3, 1, 7, 14] } },
  })
  .input(z.strictObject(reminderScheduleInput))
  .output(reminderScheduleOutput)
  .mutation(({ ctx, input }) => setReminderSchedule(ctx.services, ctx.accountId, input));
