// Payment reminder schedules, one per account in kv under `reminders:<account id>` (ADR: not in the
// seller profile, which invoices copy and e-invoice exports are cached by), and the invoices a
// schedule may remind of.
import { and, between, eq, gt, gte, inArray, lt } from "drizzle-orm";
import type { InvoiceRecord } from "../../server/domain/invoice.ts";
import { DEFAULT_REMINDER_SCHEDULE, type ReminderSchedule } from "../../server/domain/reminders.ts";
import type { Executor } from "../client.ts";
import { invoices, kv } from "../schema/index.ts";

const PREFIX = "reminders:";
const keyOf = (accountId: string): string => `${PREFIX}${accountId}`;

export async function getReminderSchedule(db: Executor, accountId: string): Promise<ReminderSchedule> {
  const [row] = await db.select({ value: kv.value }).from(kv).where(eq(kv.key, keyOf(accountId)));
  return row ? (JSON.parse(row.value) as ReminderSchedule) : DEFAULT_REMINDER_SCHEDULE;
}

export async function putReminderSchedule(db: Executor, accountId: string, schedule: ReminderSchedule): Promise<void> {
  const value = JSON.stringify(schedule);
  await db.insert(kv).values({ key: keyOf(accountId), value, expiresAt: null }).onConflictDoUpdate({ target: kv.key, set: { value, expiresAt: null } });
}

/** Every account whose schedule is on: a range of kv's primary key (":" + 1 is ";"). */
export async function listEnabledReminderSchedules(db: Executor): Promise<Array<{ accountId: string; schedule: ReminderSchedule }>> {
  const rows = await db.select().from(kv).where(and(gte(kv.key, PREFIX), lt(kv.key, "reminders;")));
  return rows
    .map((row) => ({ accountId: row.key.slice(PREFIX.length), schedule: JSON.parse(row.value) as ReminderSchedule }))
    .filter(({ schedule }) => schedule.enabled && schedule.offsets.length > 0);
}

/** An account's open invoices with an amount due and a due date in [from, to]. */
export async function findReminderCandidates(db: Executor, accountId: string, dueDates: { from: string; to: string }): Promise<InvoiceRecord[]> {
  const rows = await db
    .select({ doc: invoices.doc })
    .from(invoices)
    .where(
      and(
        eq(invoices.accountId, accountId),
        eq(invoices.type, "invoice"),
        inArray(invoices.status, ["sent", "viewed", "overdue"]),
        between(invoices.dueDate, dueDates.from, dueDates.to),
        gt(invoices.total, invoices.amountPaid),
      ),
    )
    .orderBy(invoices.dueDate, invoices.id);
  return rows.map((row) => JSON.parse(row.doc) as InvoiceRecord);
}
