import { z } from "zod";
import { saveRule } from "../../db/queries/recurring.ts";
import { ownedRule, ruleStatusRefused, statusWith } from "../../server/automation/recurring-rules.ts";
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
  .mutation(({ ctx, input }) =>
    ctx.services.database.write(async (tx) => {
      const rule = await ownedRule(tx, ctx.accountId, input.id);
      if (rule.status !== "paused") throw ruleStatusRefused(rule, "Only a paused rule can be resumed");
      // A rule paused after its last period (its send failing) goes back to ended, its send retried.
      const resumed = { ...rule, status: statusWith("active", rule.next_date), failures: 0, last_error: null, updated_at: ctx.services.clock.now().toISOString() };
      await saveRule(tx, ctx.accountId, resumed);
      return ruleView(resumed);
    }),
  );
