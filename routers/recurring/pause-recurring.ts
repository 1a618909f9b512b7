import { z } from "zod";
import { saveRule } from "../../db/queries/recurring.ts";
import { ownedRule, pausedEvent, ruleStatusRefused } from "../../server/automation/recurring-rules.ts";
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
  .mutation(({ ctx, input }) =>
    ctx.services.database.write(async (tx) => {
      const rule = await ownedRule(tx, ctx.accountId, input.id);
      if (rule.status !== "active") throw ruleStatusRefused(rule, "Only an active rule can be paused");
      const now = ctx.services.clock.now();
      const paused = { ...rule, status: "paused" as const, updated_at: now.toISOString() };
      await saveRule(tx, ctx.accountId, paused);
      await ctx.services.events.record(tx, ctx.accountId, now, [pausedEvent(paused, "paused by request")]);
      return ruleView(paused);
    }),
  );
