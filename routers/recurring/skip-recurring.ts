import { z } from "zod";
import { claimPeriod, saveRule } from "../../db/queries/recurring.ts";
import { ownedRule, ruleStatusRefused, statusWith } from "../../server/automation/recurring-rules.ts";
import { nextDateAfter } from "../../server/domain/recurrence.ts";
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
  .mutation(({ ctx, input }) =>
    ctx.services.database.write(async (tx) => {
      const rule = await ownedRule(tx, ctx.accountId, input.id);
      const period = rule.next_date;
      if (period === null) throw ruleStatusRefused(rule, "There is no next period to skip");
      const now = ctx.services.clock.now();
      // The period's key, held by no invoice, keeps any runner from issuing it later.
      await claimPeriod(tx, { accountId: ctx.accountId, ruleId: rule.id, periodDate: period, invoiceId: null, now });
      const next = nextDateAfter(rule.settings, period, rule.issued_count);
      const skipped = { ...rule, next_date: next, status: statusWith(rule.status, next), updated_at: now.toISOString() };
      await saveRule(tx, ctx.accountId, skipped);
      return ruleView(skipped);
    }),
  );
