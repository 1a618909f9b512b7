import { z } from "zod";
import { resumeRule } from "../../server/automation/recurring-rules.ts";
import { INVOICES_AUTOMATE_TOOL } from "../tools.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";
import { scopedProcedure } from "../builders.ts";
import { ruleId, ruleOutput, ruleView } from "./recurring.schema.ts";

export const resumeRecurring = scopedProcedure("invoices:write")
  .meta({
    openapi: {
      method: "POST",
      path: "/recurring/{id}/resume",
      tags: ["recurring"],
      operationId: "resumeRecurring",
      summary: "Resume a paused rule and clear its failures; periods missed while paused follow its missed setting (issue in order, or skip)",
    },
    tool: { ...INVOICES_AUTOMATE_TOOL, action: "resume_recurring", example: { id: EXAMPLE_IDS.recurring } },
  })
  .input(z.strictObject({ id: ruleId }))
  .output(ruleOutput)
  .mutation(async ({ ctx, input }) => ruleView(await resumeRule(ctx.services, ctx.accountId, input.id)));
