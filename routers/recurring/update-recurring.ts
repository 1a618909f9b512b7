import { z } from "zod";
import { updateRule } from "../../server/automation/recurring-rules.ts";
import { sendOptionsSchema } from "../invoices/send.schema.ts";
import { mayApprove } from "../../server/domain/access.ts";
import { INVOICES_AUTOMATE_TOOL } from "../tools.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";
import { givenFields } from "../shared/given-fields.ts";
import { scopedProcedure } from "../builders.ts";
import { ruleChoices, ruleId, ruleOutput, ruleView } from "./recurring.schema.ts";

export const updateRecurring = scopedProcedure("invoices:write")
  .meta({
    openapi: {
      method: "PUT",
      path: "/recurring/{id}",
      tags: ["recurring"],
      operationId: "updateRecurring",
      summary: "Change a rule's schedule, end, on-issue action, send options or missed setting; a new schedule starts from today, never issuing a period twice",
    },
    tool: { ...INVOICES_AUTOMATE_TOOL, action: "update_recurring", example: { id: EXAMPLE_IDS.recurring, frequency: "quarterly", end_date: "2027-12-31", count: null } },
  })
  .input(
    z.strictObject({
      id: ruleId,
      frequency: ruleChoices.frequency.optional(),
      interval: ruleChoices.interval.optional(),
      day_of_month: ruleChoices.day_of_month.nullable().optional().describe("null: the start date's day"),
      start_date: ruleChoices.start_date.optional(),
      end_date: ruleChoices.end_date.nullable().optional().describe("null: no end date"),
      count: ruleChoices.count.nullable().optional().describe("null: no count"),
      on_issue: ruleChoices.on_issue.optional(),
      send: ruleChoices.send.nullable().optional(),
      missed: ruleChoices.missed.optional(),
    }),
  )
  .output(ruleOutput)
  .mutation(async ({ ctx, input }) => {
    const { id, ...changes } = input;
    const request = { id, changes: givenFields(changes), canApprove: mayApprove(ctx.principal), defaultSend: sendOptionsSchema.parse({}) };
    return ruleView(await updateRule(ctx.services, ctx.accountId, request));
  });
