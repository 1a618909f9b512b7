import { z } from "zod";
import { createRule, type RuleChoices } from "../../server/automation/recurring-rules.ts";
import { sendOptionsSchema } from "../invoices/send.schema.ts";
import { mayApprove } from "../../server/domain/access.ts";
import { INVOICES_AUTOMATE_TOOL } from "../tools.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";
import { resourceId } from "../shared/schemas.ts";
import { scopedProcedure } from "../builders.ts";
import { ruleChoices, ruleOutput, ruleView } from "./recurring.schema.ts";

export const createRecurring = scopedProcedure("invoices:write")
  .meta({
    openapi: {
      method: "POST",
      path: "/recurring",
      tags: ["recurring"],
      operationId: "createRecurring",
      summary: "Issue a copy of an invoice on a schedule (daily to yearly, in the account's time zone) as a draft, finalized or sent",
    },
    successStatus: 201,
    tool: {
      ...INVOICES_AUTOMATE_TOOL,
      action: "create_recurring",
      example: { invoice_id: EXAMPLE_IDS.invoice, frequency: "monthly", day_of_month: 31, start_date: "2027-01-31", count: 12, on_issue: "finalize" },
    },
  })
  .input(
    z.strictObject({
      invoice_id: resourceId("inv").describe("the invoice to copy each period (its content is copied now)"),
      ...ruleChoices,
      interval: ruleChoices.interval.default(1),
      day_of_month: ruleChoices.day_of_month.optional(),
      end_date: ruleChoices.end_date.optional(),
      count: ruleChoices.count.optional(),
      on_issue: ruleChoices.on_issue.default("draft"),
      send: ruleChoices.send.optional(),
      missed: ruleChoices.missed.default("issue"),
    }),
  )
  .output(ruleOutput)
  .mutation(async ({ ctx, input }) => {
    const { invoice_id, ...given } = input;
    const choices: RuleChoices = {
      ...given,
      day_of_month: given.day_of_month ?? null,
      end_date: given.end_date ?? null,
      count: given.count ?? null,
      send: given.send ?? (given.on_issue === "send" ? sendOptionsSchema.parse({}) : null),
    };
    const rule = await createRule(ctx.services, ctx.accountId, { invoiceId: invoice_id, choices, canApprove: mayApprove(ctx.principal) });
    return ruleView(rule);
  });
