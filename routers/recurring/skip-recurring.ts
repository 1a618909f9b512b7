import { z } from "zod";
import { skipNextPeriod } from "../../server/automation/recurring-rules.ts";
import { INVOICES_AUTOMATE_TOOL } from "../tools.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";
import { scopedProcedure } from "../builders.ts";
import { ruleId, ruleOutput, ruleView } from "./recurring.schema.ts";

export const skipRecurring = scopedProcedure("invoices:write")
  .meta({
    openapi: {
      method: "POST",
      path: "/recurring/{id}/skip",
      tags: ["recurring"],
      operationId: "skipRecurring",
      summary: "Skip the rule's next period: it is recorded as skipped (no invoice, not counted) and the next date moves on",
    },
    tool: { ...INVOICES_AUTOMATE_TOOL, action: "skip_recurring", example: { id: EXAMPLE_IDS.recurring } },
  })
  .input(z.strictObject({ id: ruleId }))
  .output(ruleOutput)
  .mutation(async ({ ctx, input }) => ruleView(await skipNextPeriod(ctx.services, ctx.accountId, input.id)));
