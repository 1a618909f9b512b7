import { and, asc, count, desc, eq, lte, max, sql, type SQL } from "drizzle-orm";
import type { RuleSettings } from "../../server/domain/recurrence.ts";
import type { Executor } from "../client.ts";
import { accounts, recurringIssues, recurringRules } from "../schema/index.ts";

export const RULE_STATUSES = ["active", "paused", "ended"] as const;
export type RuleStatus = (typeof RULE_STATUSES)[number];

export type RecurringRule = {
  id: string;
  settings: RuleSettings;
  status: RuleStatus;
  next_date: string | null;
  issued_count: number;
  failures: number;
  last_error: string | null;
  created_at: string;
  updated_at: string;
};

type Row = typeof recurringRules.$inferSelect;

function toRule(row: Row): RecurringRule {
  return {
    id: row.id,
    settings: row.rule as RuleSettings,
    status: row.status as RuleStatus,
    next_date: row.nextDate,
    issued_count: row.issuedCount,
    failures: row.failures,
    last_error: row.lastError,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

function toRow(accountId: string, rule: RecurringRule): Row {
  return {
    id: rule.id,
    accountId,
    rule: rule.settings,
    status: rule.status,
    nextDate: rule.next_date,
    issuedCount: rule.issued_count,
    failures: rule.failures,
    lastError: rule.last_error,
    createdAt: rule.created_at,
    updatedAt: rule.updated_at,
  };
}

export async function insertRule(db: Executor, accountId: string, rule: RecurringRule): Promise<void> {
  await db.insert(recurringRules).values(toRow(accountId, rule));
}

/** The rule with this id in any account: the caller decides between 403 and 404 (`assertOwned`). */
export async function findRule(db: Executor, id: string): Promise<{ accountId: string; record: RecurringRule } | undefined> {
  const [row] = await db.select().from(recurringRules).where(eq(recurringRules.id, id));
  return row ? { accountId: row.accountId, record: toRule(row) } : undefined;
}

export async function saveRule(db: Executor, accountId: string, rule: RecurringRule): Promise<void> {
  const { id: _id, accountId: _account, createdAt: _created, ...changes } = toRow(accountId, rule);
  await db
    .update(recurringRules)
    .set(changes)
    .where(and(eq(recurringRules.id, rule.id), eq(recurringRules.accountId, accountId)));
}

/** Deletes the rule and its period keys; the invoices it issued stay. */
export async function deleteRuleRows(db: Executor, accountId: string, id: string): Promise<void> {
  await db.delete(recurringIssues).where(and(eq(recurringIssues.ruleId, id), eq(recurringIssues.accountId, accountId)));
  await db.delete(recurringRules).where(and(eq(recurringRules.id, id), eq(recurringRules.accountId, accountId)));
}

export async function listRules(db: Executor, accountId: string, filters: { status?: RuleStatus | undefined; limit: number; offset: number }): Promise<{ records: RecurringRule[]; total: number }> {
  const conditions: SQL[] = [eq(recurringRules.accountId, accountId)];
  if (filters.status) conditions.push(eq(recurringRules.status, filters.status));
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    db.select().from(recurringRules).where(where).orderBy(desc(recurringRules.createdAt), desc(recurringRules.id)).limit(filters.limit).offset(filters.offset),
    db.select({ n: count() }).from(recurringRules).where(where),
  ]);
  return { records: rows.map(toRule), total: totals[0]?.n ?? 0 };
}

/** An active rule whose next date may have come, with its account's time zone (null: the profile's default) to tell. */
export type DueCandidate = { id: string; nextDate: string; timezone: string | null };

/** Active rules whose next date is on or before `onOrBefore`, by next date and id after `after` (the last of the previous page). */
export async function findDueRuleCandidates(db: Executor, params: { onOrBefore: string; after: DueCandidate | null; limit: number }): Promise<DueCandidate[]> {
  const { after } = params;
  const page = after ? sql`(${recurringRules.nextDate}, ${recurringRules.id}) > (${after.nextDate}, ${after.id})` : undefined;
  const rows = await db
    .select({ id: recurringRules.id, nextDate: recurringRules.nextDate, timezone: sql<string | null>`json_extract(${accounts.profile}, '$.timezone')` })
    .from(recurringRules)
    .innerJoin(accounts, eq(accounts.id, recurringRules.accountId))
    .where(and(eq(recurringRules.status, "active"), lte(recurringRules.nextDate, params.onOrBefore), page))
    .orderBy(asc(recurringRules.nextDate), asc(recurringRules.id))
    .limit(params.limit);
  return rows.map((row) => ({ id: row.id, nextDate: row.nextDate as string, timezone: row.timezone }));
}

/**
 * Takes the key of one rule's period (an invoice issued, or null: skipped); false when it was taken
 * already (another runner issued it), so a period never gets a second invoice.
 */
export async function claimPeriod(db: Executor, params: { accountId: string; ruleId: string; periodDate: string; invoiceId: string | null; now: Date }): Promise<boolean> {
  const result = await db
    .insert(recurringIssues)
    .values({ ruleId: params.ruleId, periodDate: params.periodDate, accountId: params.accountId, invoiceId: params.invoiceId, createdAt: params.now.toISOString() })
    .onConflictDoNothing();
  return result.rowsAffected === 1;
}

/** The latest period the rule has a key for (issued or skipped), or null. */
export async function lastPeriodOf(db: Executor, ruleId: string): Promise<string | null> {
  const [row] = await db.select({ last: max(recurringIssues.periodDate) }).from(recurringIssues).where(eq(recurringIssues.ruleId, ruleId));
  return row?.last ?? null;
}
