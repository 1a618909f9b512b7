// What the recurring-rule procedures share: tenancy, the checks a rule's choices must pass, and where
// its calendar stands after a change. The job that issues the periods is recurring.ts.
import type { Executor } from "../../db/client.ts";
import { findRule, lastPeriodOf, type RecurringRule, type RuleStatus } from "../../db/queries/recurring.ts";
import { addDays } from "../domain/clock.ts";
import { AppError } from "../domain/errors.ts";
import type { NewEvent } from "../domain/events.ts";
import { nextDateFrom, scheduleProblem, type RuleSettings } from "../domain/recurrence.ts";
import { assertOwned } from "../invoices/ownership.ts";

/** A rule's choices: everything it stores but the invoice it copies. */
export type RuleChoices = Omit<RuleSettings, "template">;

export async function ownedRule(db: Executor, accountId: string, id: string): Promise<RecurringRule> {
  return assertOwned(await findRule(db, id), accountId, "recurring rule", id);
}

const invalid = (field: string, issue: string): AppError => new AppError("VALIDATION_ERROR", `${field}: ${issue}`, { field, issue });

/**
 * Refuses choices a rule cannot have: sending needs the approval right (a rule sends drafts on the
 * key's behalf, and sending a draft approves it), then a start before today (when given), a schedule
 * that contradicts itself, send options on a rule that does not send.
 */
export function assertValidChoices(choices: RuleChoices, context: { today: string; canApprove: boolean; startGiven: boolean }): void {
  if (choices.on_issue === "send" && !context.canApprove) {
    throw new AppError("FORBIDDEN", "A rule that sends needs a key with invoices:approve (sending a draft approves it)", { required_scope: "invoices:approve" });
  }
  if (context.startGiven && choices.start_date < context.today) throw invalid("start_date", `before today (${context.today} in the account's time zone)`);
  const problem = scheduleProblem(choices);
  if (problem) throw invalid(problem.field, problem.issue);
  if (choices.send !== null && choices.on_issue !== "send") throw invalid("send", "send options are for on_issue send only");
}

/**
 * The rule's next period after its schedule changed: the first on or after today that comes after
 * every period already issued or skipped (never one twice), or null when nothing is left.
 */
export async function rescheduledNextDate(db: Executor, rule: Pick<RecurringRule, "id" | "issued_count">, choices: RuleChoices, today: string): Promise<string | null> {
  const last = await lastPeriodOf(db, rule.id);
  const from = last !== null && last >= today ? addDays(last, 1) : today;
  return nextDateFrom(choices, from, rule.issued_count);
}

/** The status a rule has with this next date: ended without one; paused stays paused; otherwise active. */
export function statusWith(current: RuleStatus, next: string | null): RuleStatus {
  if (next === null) return "ended";
  return current === "paused" ? "paused" : "active";
}

/** 409 for an action the rule's status does not allow (pausing a paused rule, skipping an ended one). */
export function ruleStatusRefused(rule: RecurringRule, reason: string): AppError {
  return new AppError("INVALID_TRANSITION", `${reason}: the rule is ${rule.status}`, { status: rule.status });
}

/** The event a pause announces, by request or after failures: why, and the failures that led to it. */
export function pausedEvent(rule: RecurringRule, reason: string): NewEvent {
  return { type: "recurring.paused", resource: { type: "recurring_rule", id: rule.id }, data: { rule_id: rule.id, reason, failures: rule.failures, last_error: rule.last_error } };
}
