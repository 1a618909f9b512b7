// Recurring rules at work: the issue-recurring job issues every due period of every active rule,
// exactly one invoice per rule and period however many runners there are (the period's key in
// recurring_issues commits in the transaction that creates the invoice, and sends it when the rule
// says so: the move to sent and the queued e-mail are in that transaction too, so no crash can leave
// a period issued but unsent). Failures count; the third in a row pauses the rule.
import { claimPeriod, findDueRuleCandidates, findRule, saveRule, type DueCandidate, type RecurringRule } from "../../db/queries/recurring.ts";
import { AppError } from "../domain/errors.ts";
import { newId } from "../domain/ids.ts";
import { duplicatedInvoice } from "../domain/invoice.ts";
import { FAILURES_BEFORE_PAUSE, nextDateAfter, nextDateFrom } from "../domain/recurrence.ts";
import { addDays, dateInZone } from "../domain/clock.ts";
import { emptyProfile } from "../domain/profile.ts";
import { sendAfterCreate, type SendOptions } from "../invoices/send.ts";
import { finalized, insertNewInvoice, type IdempotentCreate, type Writer } from "../invoices/writes.ts";
import { loadProfile, todayFor } from "../accounts/profile.ts";
import type { Services } from "../services.ts";
import { pausedEvent, statusWith } from "./recurring-rules.ts";
import type { Job } from "./scheduler.ts";

/** Candidates read at a time; only those due in their account's zone open a write transaction. */
const RULE_BATCH = 500;

/**
 * The rule writes as itself in history (`rule:rec_…`). It may approve: sending a draft skips review,
 * and a rule only sends when the key that set it up held invoices:approve (create and update check).
 */
function ruleWriter(accountId: string, ruleId: string): Writer {
  return { accountId, actor: `rule:${ruleId}`, mover: { kind: "user", canApprove: true } };
}

/** What follows the create in its transaction: nothing (a draft), the finalize, or the send. */
function onIssueFollowUp(services: Services, writer: Writer, rule: RecurringRule, now: Date): IdempotentCreate["followUp"] {
  const { on_issue, send } = rule.settings;
  if (on_issue === "finalize") return async (created, tx) => ({ record: await finalized(tx, writer.accountId, created, now), action: "finalized", changes: ["locked", "number"] });
  // The options were checked by invoices.send's schema when the rule was saved.
  if (on_issue === "send") return sendAfterCreate(services, writer, send as SendOptions);
  return undefined;
}

/** The rule moved on to `next` (ended when there is none). */
function movedTo(rule: RecurringRule, next: string | null, at: string): RecurringRule {
  return { ...rule, next_date: next, status: statusWith(rule.status, next), updated_at: at };
}

/**
 * Issues the rule's next period if it is due today in its account's time zone, in one transaction:
 * the period's key, the invoice (finalized or sent when the rule says so), the rule moved on, the
 * event. Whether another period is due already (downtime to catch up on).
 */
async function issueNextPeriod(services: Services, ruleId: string): Promise<boolean> {
  return services.database.write(async (tx) => {
    const found = await findRule(tx, ruleId);
    if (!found || found.record.status !== "active") return false;
    const { accountId, record: rule } = found;
    const now = services.clock.now();
    const today = todayFor(await loadProfile(tx, accountId), now);
    const period = rule.next_date;
    if (period === null || period > today) return false;
    const at = now.toISOString();
    const dueToo = (moved: RecurringRule): boolean => moved.next_date !== null && moved.next_date <= today;
    if (rule.settings.missed === "skip" && period < today) {
      const moved = movedTo(rule, nextDateFrom(rule.settings, today, rule.issued_count), at);
      await saveRule(tx, accountId, moved);
      return dueToo(moved);
    }
    const invoiceId = newId("inv", now.getTime());
    if (!(await claimPeriod(tx, { accountId, ruleId, periodDate: period, invoiceId, now }))) {
      // The key is taken: another runner issued this period. Move on without a second invoice.
      const moved = movedTo(rule, nextDateAfter(rule.settings, period, rule.issued_count), at);
      await saveRule(tx, accountId, moved);
      return dueToo(moved);
    }
    const writer = ruleWriter(accountId, ruleId);
    const copy = duplicatedInvoice(rule.settings.template, { id: invoiceId, today: period, now });
    const invoice = await insertNewInvoice(services, tx, writer, copy, onIssueFollowUp(services, writer, rule, now));
    const issuedCount = rule.issued_count + 1;
    // A success ends a run of failures.
    const moved: RecurringRule = { ...movedTo(rule, nextDateAfter(rule.settings, period, issuedCount), at), issued_count: issuedCount, failures: 0, last_error: null };
    await saveRule(tx, accountId, moved);
    await services.events.record(tx, accountId, now, [{ type: "recurring.invoice_created", resource: { type: "recurring_rule", id: ruleId }, data: { rule_id: ruleId, period, invoice } }]);
    return dueToo(moved);
  });
}

/** What a failure says in `last_error`: our own errors' words; anything else only as internal. */
function failureText(error: unknown): string {
  return error instanceof AppError ? `${error.code}: ${error.message}` : "INTERNAL_ERROR: the service failed (see its log)";
}

/** Counts a failure in its own transaction; the third in a row pauses the rule and says so. */
async function recordFailure(services: Services, ruleId: string, error: unknown): Promise<void> {
  if (!(error instanceof AppError) || error.code === "INTERNAL_ERROR") {
    services.logger.error("recurring rule failed", { rule_id: ruleId, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
  await services.database.write(async (tx) => {
    const found = await findRule(tx, ruleId);
    if (!found) return;
    const { accountId, record: rule } = found;
    const now = services.clock.now();
    const failures = rule.failures + 1;
    const lastError = failureText(error);
    const pausing = failures >= FAILURES_BEFORE_PAUSE && rule.status !== "paused";
    const failed: RecurringRule = { ...rule, failures, last_error: lastError, status: pausing ? "paused" : rule.status, updated_at: now.toISOString() };
    await saveRule(tx, accountId, failed);
    if (pausing) await services.events.record(tx, accountId, now, [pausedEvent(failed, `${failures} failures in a row; the last: ${lastError}`)]);
  });
}

/** Issues every due period of one rule in order; a failure is counted and leaves the rule until the next run. */
async function issueDuePeriods(services: Services, ruleId: string): Promise<void> {
  try {
    while (await issueNextPeriod(services, ruleId));
  } catch (error) {
    await recordFailure(services, ruleId, error);
  }
}

export const issueRecurring: Job = {
  name: "issue-recurring",
  everyMs: 60_000,
  async run(services) {
    const now = services.clock.now();
    // No zone is more than a day ahead of UTC: a due rule's next date is at most UTC's tomorrow. Those
    // dated today or tomorrow are due only where that day has begun, which the candidate's zone tells
    // without a transaction: every rule issued today (next date tomorrow) is read, not written to,
    // each minute.
    const latestToday = addDays(dateInZone(now, "UTC"), 1);
    const todayIn = new Map<string, string>();
    const isDue = (nextDate: string, zone: string): boolean => {
      if (!todayIn.has(zone)) todayIn.set(zone, dateInZone(now, zone));
      return nextDate <= (todayIn.get(zone) as string);
    };
    const defaultZone = emptyProfile().timezone;
    let after: DueCandidate | null = null;
    for (;;) {
      const candidates: DueCandidate[] = await findDueRuleCandidates(services.database.db, { onOrBefore: latestToday, after, limit: RULE_BATCH });
      for (const { id, nextDate, timezone } of candidates) {
        if (isDue(nextDate, timezone ?? defaultZone)) await issueDuePeriods(services, id);
      }
      if (candidates.length < RULE_BATCH) return;
      after = candidates.at(-1) ?? null;
    }
  },
};
