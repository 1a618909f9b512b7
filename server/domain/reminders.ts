// Payment reminders (issue 8), pure: an account's schedule of days relative to the due date
// (−3 before it, 1, 7, 14 after), which invoices may be reminded, and which reminder is due today.
import { addDays } from "./clock.ts";
import type { InvoiceRecord } from "./invoice.ts";

export type ReminderSchedule = {
  enabled: boolean;
  /** Days from the due date, ascending, no repeats: −3 is three days before, 7 a week after. */
  offsets: number[];
};

export const DEFAULT_REMINDER_SCHEDULE: ReminderSchedule = { enabled: false, offsets: [] };

export const MAX_REMINDER_OFFSETS = 10;
/** The earliest a reminder may go before the due date, and the latest after it. */
export const REMINDER_OFFSET_RANGE = { min: -30, max: 365 } as const;

/**
 * How late a reminder may still go: one whose day passed longer ago than this (a schedule set
 * after the fact, a service stopped for a while) is skipped, so turning reminders on never mails a
 * client about invoices overdue for months in one go.
 */
export const REMINDER_CATCH_UP_DAYS = 7;

/** The schedule as stored: offsets sorted and unique, whatever order they were given in. */
export function normalizedSchedule(schedule: ReminderSchedule): ReminderSchedule {
  return { enabled: schedule.enabled, offsets: [...new Set(schedule.offsets)].sort((a, b) => a - b) };
}

/**
 * Whether an invoice is one a client should be reminded to pay: an invoice (never a credit note, a
 * quote or a purchase order) that is out, not settled, with a due date. Checked when a reminder is
 * queued and again when it is delivered, so one paid in between never goes.
 */
export function isRemindable(record: InvoiceRecord): record is InvoiceRecord & { due_date: string } {
  return record.type === "invoice" && (record.status === "sent" || record.status === "viewed" || record.status === "overdue") && record.amount_due > 0 && record.due_date !== null;
}

/**
 * The reminder due for `record` on `today` (the account's date): the latest offset whose day has
 * come, if it came at most REMINDER_CATCH_UP_DAYS ago and was not reminded of already; earlier
 * offsets it overtook are never sent late. Null when none is due.
 */
export function dueReminder(schedule: ReminderSchedule, record: InvoiceRecord, today: string, reminded: readonly number[]): number | null {
  if (!schedule.enabled || !isRemindable(record)) return null;
  const dueDate = record.due_date;
  const latest = schedule.offsets.filter((offset) => addDays(dueDate, offset) <= today).at(-1);
  if (latest === undefined || reminded.includes(latest)) return null;
  return addDays(dueDate, latest + REMINDER_CATCH_UP_DAYS) > today ? latest : null;
}

/**
 * The due dates that can have a reminder on `today`: from the one whose last offset's catch-up ends
 * today back to the one whose first offset is today. Lets the job read only those invoices.
 */
export function reminderDueDates(schedule: ReminderSchedule, today: string): { from: string; to: string } | null {
  const first = schedule.offsets[0];
  const last = schedule.offsets.at(-1);
  if (!schedule.enabled || first === undefined || last === undefined) return null;
  return { from: addDays(today, -(last + REMINDER_CATCH_UP_DAYS - 1)), to: addDays(today, -first) };
}
