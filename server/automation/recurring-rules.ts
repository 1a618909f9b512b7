// A recurring rule's own life, for every face alike: created from an invoice, changed, paused,
// resumed, a period skipped, deleted, each in one transaction; with tenancy, the checks a rule's
// choices must pass and where its calendar stands after a change. The job issuing periods is recurring.ts.
import type { Executor } from "../../db/client.ts";
import { claimPeriod, deleteRuleRows, findRule, insertRule, lastPeriodOf, saveRule, type RecurringRule, type RuleStatus } from "../../db/queries/recurring.ts";
import { addDays } from "../domain/clock.ts";
import { AppError } from "../domain/errors.ts";
import type { NewEvent } from "../domain/events.ts";
import { newId } from "../domain/ids.ts";
import { duplicatedInvoice } from "../domain/invoice.ts";
import { nextDateAfter, nextDateFrom, occurrence, scheduleProblem, type RuleSettings, type StoredSendOptions } from "../domain/recurrence.ts";
import { loadProfile, todayFor } from "../accounts/profile.ts";
import { assertOwned, ownedInvoice } from "../invoices/ownership.ts";
import type { Services } from "../services.ts";

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
function assertValidChoices(choices: RuleChoices, context: { today: string; canApprove: boolean; startGiven: boolean }): void {
  if ((choices.on_issue === "send" || choices.on_issue === "finalize") && !context.canApprove) {
    throw new AppError("FORBIDDEN", `A rule that ${choices.on_issue === "send" ? "sends" : "finalizes"} needs a key with invoices:approve (${choices.on_issue === "send" ? "sending a draft approves it" : "finalizing spends the next number"})`, { required_scope: "invoices:approve" });
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
async function rescheduledNextDate(db: Executor, rule: Pick<RecurringRule, "id" | "issued_count">, choices: RuleChoices, today: string): Promise<string | null> {
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
function ruleStatusRefused(rule: RecurringRule, reason: string): AppError {
  return new AppError("INVALID_TRANSITION", `${reason}: the rule is ${rule.status}`, { status: rule.status });
}

/** The event a pause announces, by request or after failures: why, and the failures that led to it. */
export function pausedEvent(rule: RecurringRule, reason: string): NewEvent {
  return { type: "recurring.paused", resource: { type: "recurring_rule", id: rule.id }, data: { rule_id: rule.id, reason, failures: rule.failures, last_error: rule.last_error } };
}

/** The fields that make the calendar: changing any of them works out the next date afresh. */
const SCHEDULE_FIELDS = ["frequency", "interval", "day_of_month", "start_date", "end_date", "count"] as const;

/**
 * Creates an active rule copying the invoice's content now; its first period is the start date's.
 * `canApprove`: whether the caller's key holds invoices:approve (a rule that sends needs it).
 */
export async function createRule(services: Services, accountId: string, request: { invoiceId: string; choices: RuleChoices; canApprove: boolean }): Promise<RecurringRule> {
  const { invoiceId, choices, canApprove } = request;
  const { db } = services.database;
  const [source, profile] = await Promise.all([ownedInvoice(db, accountId, invoiceId, "invoice_id"), loadProfile(db, accountId)]);
  const now = services.clock.now();
  assertValidChoices(choices, { today: todayFor(profile, now), canApprove, startGiven: true });
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
  await services.database.write((tx) => insertRule(tx, accountId, rule));
  return rule;
}

/**
 * Changes the choices given (`null` clears one), on the rule read under the write lock; a new
 * schedule starts from today, never issuing a period twice. `defaultSend`: the options a rule that
 * starts sending gets when it had none (invoices.send's defaults).
 */
export async function updateRule(
  services: Services,
  accountId: string,
  request: { id: string; changes: Partial<RuleChoices>; canApprove: boolean; defaultSend: StoredSendOptions },
): Promise<RecurringRule> {
  const { id, changes, canApprove, defaultSend } = request;
  return services.database.write(async (tx) => {
    const rule = await ownedRule(tx, accountId, id);
    const { template, ...current } = rule.settings;
    const now = services.clock.now();
    const today = todayFor(await loadProfile(tx, accountId), now);
    const onIssue = changes.on_issue ?? current.on_issue;
    // Send options go with sending: kept while the rule sends, dropped when it stops sending.
    const keptSend = onIssue === "send" ? (current.send ?? defaultSend) : null;
    const choices: RuleChoices = { ...current, ...changes, send: changes.send === undefined ? keptSend : changes.send };
    assertValidChoices(choices, { today, canApprove, startGiven: changes.start_date !== undefined });
    const rescheduled = SCHEDULE_FIELDS.some((field) => changes[field] !== undefined);
    const next = rescheduled ? await rescheduledNextDate(tx, rule, choices, today) : rule.next_date;
    const updated = { ...rule, settings: { ...choices, template }, next_date: next, status: statusWith(rule.status, next), updated_at: now.toISOString() };
    await saveRule(tx, accountId, updated);
    return updated;
  });
}

/** Deletes the rule; the invoices it issued stay. */
export async function deleteRule(services: Services, accountId: string, id: string): Promise<void> {
  await services.database.write(async (tx) => {
    await ownedRule(tx, accountId, id);
    await deleteRuleRows(tx, accountId, id);
  });
}

/** Pauses an active rule by request (409 otherwise) and announces it. */
export async function pauseRule(services: Services, accountId: string, id: string): Promise<RecurringRule> {
  return services.database.write(async (tx) => {
    const rule = await ownedRule(tx, accountId, id);
    if (rule.status !== "active") throw ruleStatusRefused(rule, "Only an active rule can be paused");
    const now = services.clock.now();
    const paused = { ...rule, status: "paused" as const, updated_at: now.toISOString() };
    await saveRule(tx, accountId, paused);
    await services.events.record(tx, accountId, now, [pausedEvent(paused, "paused by request")]);
    return paused;
  });
}

/** Resumes a paused rule (409 otherwise) and clears its failures. */
export async function resumeRule(services: Services, accountId: string, id: string): Promise<RecurringRule> {
  return services.database.write(async (tx) => {
    const rule = await ownedRule(tx, accountId, id);
    if (rule.status !== "paused") throw ruleStatusRefused(rule, "Only a paused rule can be resumed");
    // A rule paused after its last period (its send failing) goes back to ended, its send retried.
    const resumed = { ...rule, status: statusWith("active", rule.next_date), failures: 0, last_error: null, updated_at: services.clock.now().toISOString() };
    await saveRule(tx, accountId, resumed);
    return resumed;
  });
}

/** Skips the rule's next period (409 when it has none): recorded as skipped, not counted, the next date moved on. */
export async function skipNextPeriod(services: Services, accountId: string, id: string): Promise<RecurringRule> {
  return services.database.write(async (tx) => {
    const rule = await ownedRule(tx, accountId, id);
    const period = rule.next_date;
    if (period === null) throw ruleStatusRefused(rule, "There is no next period to skip");
    const now = services.clock.now();
    // The period's key, held by no invoice, keeps any runner from issuing it later.
    await claimPeriod(tx, { accountId, ruleId: rule.id, periodDate: period, invoiceId: null, now });
    const next = nextDateAfter(rule.settings, period, rule.issued_count);
    const skipped = { ...rule, next_date: next, status: statusWith(rule.status, next), updated_at: now.toISOString() };
    await saveRule(tx, accountId, skipped);
    return skipped;
  });
}
