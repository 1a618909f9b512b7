import { z } from "zod";
import { insertRule, type RecurringRule } from "../../db/queries/recurring.ts";
import { assertValidChoices, type RuleChoices } from "../../server/automation/recurring-rules.ts";
import { newId } from "../../server/domain/ids.ts";
import { duplicatedInvoice } from "../../server/domain/invoice.ts";
import { occurrence } from "../../server/domain/recurrence.ts";
import { ownedInvoice } from "../../server/invoices/ownership.ts";
import { loadProfile, todayFor } from "../../server/accounts/profile.ts";
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
    const { accountId } = ctx;
    const { db } = ctx.services.database;
    const [source, profile] = await Promise.all([ownedInvoice(db, accountId, invoice_id, "invoice_id"), loadProfile(db, accountId)]);
    const now = ctx.services.clock.now();
    const choices: RuleChoices = {
      ...given,
      day_of_month: given.day_of_month ?? null,
      end_date: given.end_date ?? null,
      count: given.count ?? null,
      send: given.send ?? (given.on_issue === "send" ? sendOptionsSchema.parse({}) : null),
    };
    assertValidChoices(choices, { today: todayFor(profile, now), canApprove: mayApprove(ctx.principal), startGiven: true });
    const at = now.toISOString();
    const rule: RecurringRule = {
      id: newId("rec", now.getTime()),
      // The template keeps the source's dates, so each copy is due after the source's payment term.
      settings: { ...choices, template: duplicatedInvoice(source, { id: source.id, today: source.issue_date, now }) },
      status: "active",
      next_date: occurrence(choices, 0),
      issued_count: 0,
      failures: 0,
      last_error: null,
      created_at: at,
      updated_at: at,
    };
    await ctx.services.database.write((tx) => insertRule(tx, accountId, rule));
    return ruleView(rule);
  });
