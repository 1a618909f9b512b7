import { z } from "zod";
import { ownedRule } from "../../server/automation/recurring-rules.ts";
import { INVOICES_AUTOMATE_TOOL } from "../tools.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";
import { scopedProcedure } from "../builders.ts";
import { ruleId, ruleOutput, ruleView } from "./recurring.schema.ts";

export const getRecurring = scopedProcedure("invoices:read")
  .meta({
    openapi: { method: "GET", path: "/recurring/{id}", tags: ["recurring"], operationId: "getRecurring", summary: "One recurring rule: its schedule, next date, issued count and failures" },
    tool: { ...INVOICES_AUTOMATE_TOOL, action: "get_recurring", example: { id: EXAMPLE_IDS.recurring } },
  })
  .input(z.strictObject({ id: ruleId }))
  .output(ruleOutput)
  .query(async ({ ctx, input }) => ruleView(await ownedRule(ctx.services.database.db, ctx.accountId, input.id)));
