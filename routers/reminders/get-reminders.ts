import { z } from "zod";
import { getReminderSchedule } from "../../db/queries/reminders.ts";
import { INVOICES_AUTOMATE_TOOL } from "../tools.ts";
import { scopedProcedure } from "../builders.ts";
import { reminderScheduleOutput } from "./reminder.schema.ts";

export const getReminders = scopedProcedure("invoices:read")
  .meta({
    openapi: {
      method: "GET",
      path: "/reminders",
      tags: ["reminders"],
      operationId: "getReminders",
      summary: "The account's payment reminder schedule (off, with no offsets, until set)",
    },
    tool: { ...INVOICES_AUTOMATE_TOOL, action: "get_reminders", example: {} },
  })
  .input(z.strictObject({}))
  .output(reminderScheduleOutput)
  .query(({ ctx }) => getReminderSchedule(ctx.services.database.db, ctx.accountId));
