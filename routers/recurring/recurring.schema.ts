// The wire shapes of a recurring rule (rec_): its choices as create and update take them, and the
// rule as every procedure answers it.
import { z } from "zod";
import { RULE_STATUSES, type RecurringRule } from "../../db/queries/recurring.ts";
import { FREQUENCIES, MISSED, ON_ISSUE } from "../../server/domain/recurrence.ts";
import { sendOptionsSchema } from "../invoices/send.schema.ts";
import { isoDate, isoDateTime, resourceId } from "../shared/schemas.ts";

export const ruleId = resourceId("rec");

/** The choices of a rule; create requires frequency and start_date, update takes any of them. */
export const ruleChoices = {
  frequency: z.enum(FREQUENCIES).describe("how often; interval multiplies it (monthly with interval 2: every other month)"),
  interval: z.int().min(1).max(365).describe("periods between two invoices; default 1"),
  day_of_month: z.int().min(1).max(31).describe("monthly and longer: the day to issue on, clamped to the month's end; default the start date's day"),
  start_date: isoDate.describe("the first period on or after it, in the account's time zone; not before today"),
  end_date: isoDate.describe("no period after this date (give end_date or count, not both)"),
  count: z.int().min(1).max(1000).describe("how many invoices to issue in all (skipped periods do not count)"),
  on_issue: z.enum(ON_ISSUE).describe("leave a draft, finalize it, or send it with the send options (finalize and send need invoices:approve)"),
  send: sendOptionsSchema.describe("the send's options (on_issue send only; default e-mail to the client)"),
  missed: z.enum(MISSED).describe("periods missed while down or paused: issue them in order, or skip them"),
};

export const ruleOutput = z
  .object({
    id: z.string(),
    status: z.enum(RULE_STATUSES).describe("active; paused (by request or after 3 failures in a row); ended (its count or end date reached)"),
    frequency: z.enum(FREQUENCIES),
    interval: z.int(),
    day_of_month: z.int().nullable().describe("null: the start date's day (monthly-type rules) or none (daily and weekly ones)"),
    start_date: z.string(),
    end_date: z.string().nullable(),
    count: z.int().nullable(),
    on_issue: z.enum(ON_ISSUE),
    send: sendOptionsSchema.nullable(),
    missed: z.enum(MISSED),
    next_date: z.string().nullable().describe("the next period's date in the account's time zone; null once ended"),
    issued_count: z.int(),
    failures: z.int().describe("failures in a row; 3 pause the rule"),
    last_error: z.string().nullable(),
    template: z
      .object({
        invoice_id: z.string().describe("the invoice the rule was made from (its content was copied then)"),
        client_id: z.string().nullable(),
        bill_to_name: z.string(),
        currency: z.string(),
        total: z.int(),
      })
      .describe("what each period's invoice copies"),
    created_at: isoDateTime,
    updated_at: isoDateTime,
  })
  .meta({ id: "RecurringRule" });

export type RuleOutput = z.infer<typeof ruleOutput>;

export function ruleView(rule: RecurringRule): RuleOutput {
  const { template, send, ...choices } = rule.settings;
  return {
    id: rule.id,
    status: rule.status,
    ...choices,
    send: send === null ? null : sendOptionsSchema.parse(send),
    next_date: rule.next_date,
    issued_count: rule.issued_count,
    failures: rule.failures,
    last_error: rule.last_error,
    template: { invoice_id: template.id, client_id: template.client_id, bill_to_name: template.bill_to_name, currency: template.currency, total: template.total },
    created_at: rule.created_at,
    updated_at: rule.updated_at,
  };
}
