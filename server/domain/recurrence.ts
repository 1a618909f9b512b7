// The calendar of a recurring rule (rec_): pure date math over calendar dates (YYYY-MM-DD) in the
// account's time zone, so a daylight-saving change never moves a period. Occurrence k is computed from
// the start directly (start + k × interval × unit, the day of month clamped per month), never from the
// previous clamped date: a rule on the 31st goes 31 Jan → 28/29 Feb → 31 Mar.
import { addDays, daysBetween } from "./clock.ts";
import type { InvoiceRecord } from "./invoice.ts";

export const FREQUENCIES = ["daily", "weekly", "every_two_weeks", "monthly", "quarterly", "every_six_months", "yearly"] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** One period of each frequency, in days or months; `interval` multiplies it. */
const PERIODS: Record<Frequency, { unit: "day" | "month"; size: number }> = {
  daily: { unit: "day", size: 1 },
  weekly: { unit: "day", size: 7 },
  every_two_weeks: { unit: "day", size: 14 },
  monthly: { unit: "month", size: 1 },
  quarterly: { unit: "month", size: 3 },
  every_six_months: { unit: "month", size: 6 },
  yearly: { unit: "month", size: 12 },
};

export type Schedule = {
  frequency: Frequency;
  interval: number;
  /** The day a monthly-type rule issues on (clamped to the month's end); null for day-based ones. */
  day_of_month: number | null;
  start_date: string;
  /** The last date a period may fall on. */
  end_date: string | null;
  /** How many invoices the rule issues in all (skipped periods do not count). */
  count: number | null;
};

/** What a period's invoice becomes: a draft, a finalized invoice (numbered), or one sent. */
export const ON_ISSUE = ["draft", "finalize", "send"] as const;
export type OnIssue = (typeof ON_ISSUE)[number];

/** After downtime (or a pause): issue every missed period in order, or skip those before today. */
export const MISSED = ["issue", "skip"] as const;
export type Missed = (typeof MISSED)[number];

/** A send's options as the rule stores them (invoices.send's options, checked by its schema when used). */
export type StoredSendOptions = { via: "email" | "link" } & Record<string, unknown>;

/** What the rule's JSON holds: its schedule, what to do on issue, and the copy of the invoice it issues. */
export type RuleSettings = Schedule & {
  on_issue: OnIssue;
  send: StoredSendOptions | null;
  missed: Missed;
  /** The source invoice's content copied at creation (id: the source's), issued anew each period. */
  template: InvoiceRecord;
};

/** Whether the frequency counts in months, where a day of the month means something. */
export function isMonthBased(frequency: Frequency): boolean {
  return PERIODS[frequency].unit === "month";
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (value: number, width: number): string => String(value).padStart(width, "0");

/** The day in the month `monthIndex` (year × 12 + month − 1), clamped to that month's last day. */
function dateInMonth(monthIndex: number, day: number): string {
  const year = Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(Math.min(day, daysInMonth(year, month)), 2)}`;
}

const monthIndexOf = (date: string): number => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;

/** Occurrence k (0 is the first) of the schedule, ignoring its end. */
export function occurrence(schedule: Schedule, k: number): string {
  const { unit, size } = PERIODS[schedule.frequency];
  const step = k * schedule.interval * size;
  if (unit === "day") return addDays(schedule.start_date, step);
  const day = schedule.day_of_month ?? Number(schedule.start_date.slice(8, 10));
  const startMonth = monthIndexOf(schedule.start_date);
  // The first period is the first such day on or after the start: this month's, or the next one's.
  const first = dateInMonth(startMonth, day) >= schedule.start_date ? startMonth : startMonth + 1;
  return dateInMonth(first + step, day);
}

/** The index of the first occurrence on or after `date` (ignoring the end). */
export function firstIndexOnOrAfter(schedule: Schedule, date: string): number {
  const { unit, size } = PERIODS[schedule.frequency];
  const stride = schedule.interval * size;
  const first = occurrence(schedule, 0);
  if (date <= first) return 0;
  // An estimate from the distance, then corrected by at most a step either way (clamping).
  const distance = unit === "day" ? daysBetween(first, date) : monthIndexOf(date) - monthIndexOf(first);
  let k = Math.max(0, Math.ceil(distance / stride));
  while (k > 0 && occurrence(schedule, k - 1) >= date) k -= 1;
  while (occurrence(schedule, k) < date) k += 1;
  return k;
}

/** The first occurrence on or after `date`, or null when the schedule's end date comes first. */
export function occurrenceOnOrAfter(schedule: Schedule, date: string): string | null {
  const next = occurrence(schedule, firstIndexOnOrAfter(schedule, date));
  return schedule.end_date !== null && next > schedule.end_date ? null : next;
}

/** The occurrence after `date`, or null when the schedule's end date comes first. */
export function occurrenceAfter(schedule: Schedule, date: string): string | null {
  return occurrenceOnOrAfter(schedule, addDays(date, 1));
}

/** Failures in a row (issue or send) after which the service pauses a rule. */
export const FAILURES_BEFORE_PAUSE = 3;

/**
 * The rule's next period on or after `from`, or null once it has ended: its count reached after
 * `issued` invoices, or no period left before its end date.
 */
export function nextDateFrom(schedule: Schedule, from: string, issued: number): string | null {
  if (schedule.count !== null && issued >= schedule.count) return null;
  return occurrenceOnOrAfter(schedule, from);
}

/** The rule's next period after `period`, or null once it has ended. */
export function nextDateAfter(schedule: Schedule, period: string, issued: number): string | null {
  return nextDateFrom(schedule, addDays(period, 1), issued);
}

/**
 * The next `limit` dates the rule will issue on, from `from` (its next date) on: at most what its
 * count leaves after `issued` invoices, none after its end date.
 */
export function upcomingDates(schedule: Schedule, from: string | null, issued: number, limit: number): string[] {
  const remaining = schedule.count === null ? limit : Math.min(limit, schedule.count - issued);
  const dates: string[] = [];
  for (let next = from === null ? null : occurrenceOnOrAfter(schedule, from); next !== null && dates.length < remaining; next = occurrenceAfter(schedule, next)) {
    dates.push(next);
  }
  return dates;
}

/** A reason the schedule is not valid, naming the field; null when it is. */
export type ScheduleProblem = { field: keyof Schedule; issue: string };

export function scheduleProblem(schedule: Schedule): ScheduleProblem | null {
  if (schedule.day_of_month !== null && !isMonthBased(schedule.frequency)) {
    return { field: "day_of_month", issue: `only for monthly, quarterly, every_six_months and yearly rules, not ${schedule.frequency}` };
  }
  if (schedule.end_date !== null && schedule.count !== null) return { field: "count", issue: "give end_date or count, not both" };
  if (schedule.end_date !== null && schedule.end_date < occurrence(schedule, 0)) {
    return { field: "end_date", issue: `before the first period (${occurrence(schedule, 0)})` };
  }
  return null;
}
