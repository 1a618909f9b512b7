import { z } from "zod";
import { saveRule } from "../../db/queries/recurring.ts";
import { assertValidChoices, ownedRule, rescheduledNextDate, statusWith, type RuleChoices } from "../../server/automation/recurring-rules.ts";
import { loadProfile, todayFor } from "../../server/accounts/profile.ts";
import { sendOptionsSchema } from "../invoices/send.schema.ts";
import { mayApprove } from "../../server/domain/access.ts";
import { INVOICES_AUTOMATE_TOOL } from "../tools.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";
import { givenFields } from "../shared/given-fields.ts";
import { scopedProcedure } from "../builders.ts";
import { ruleChoices, ruleId, ruleOutput, ruleView } from "./recurring.schema.ts";

/** The fields that make the calendar: changing any of them works out the next date afresh. */
const SCHEDULE_FIELDS = ["frequency", "interval", "day_of_month", "start_date", "end_date", "count"] as const;

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
  .mutation(({ ctx, input }) =>
    ctx.services.database.write(async (tx) => {
      const { id, ...changes } = input;
      const rule = await ownedRule(tx, ctx.accountId, id);
      const { template, ...current } = rule.settings;
      const now = ctx.services.clock.now();
      const today = todayFor(await loadProfile(tx, ctx.accountId), now);
      const onIssue = changes.on_issue ?? current.on_issue;
      // Send options go with sending: kept while the rule sends, dropped when it stops sending.
      const keptSend = onIssue === "send" ? (current.send ?? sendOptionsSchema.parse({})) : null;
      const choices: RuleChoices = { ...current, ...givenFields(changes), send: changes.send === undefined ? keptSend : changes.send };
      assertValidChoices(choices, { today, canApprove: mayApprove(ctx.principal), startGiven: changes.start_date !== undefined });
      const rescheduled = SCHEDULE_FIELDS.some((field) => changes[field] !== undefined);
      const next = rescheduled ? await rescheduledNextDate(tx, rule, choices, today) : rule.next_date;
      const updated = { ...rule, settings: { ...choices, template }, next_date: next, status: statusWith(rule.status, next), updated_at: now.toISOString() };
      await saveRule(tx, ctx.accountId, updated);
      return ruleView(updated);
    }),
  );
