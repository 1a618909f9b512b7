import { z } from "zod";
import { pauseRule } from "../../server/automation/recurring-rules.ts";
import { INVOICES_AUTOMATE_TOOL } from "../tools.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";
import { scopedProcedure } from "../builders.ts";
import { ruleId, ruleOutput, ruleView } from "./recurring.schema.ts";

export const pauseRecurring = scopedProcedure("invoices:write")
  .meta({
    openapi: { method: "POST", path: "/recurring/{id}/pause", tags: ["recurring"], operationId: "pauseRecurring", summary: "Pause an active rule: nothing is issued until it is resumed" },
    tool: { ...INVOICES_AUTOMATE_TOOL, action: "pause_recurring", example: { id: EXAMPLE_IDS.recurring } },
  })
  .input(z.strictObject({ id: ruleId }))
  .output(ruleOutput)
  .mutation(async ({ ctx, input }) => ruleView(await pauseRule(ctx.services, ctx.accountId, input.id)));
