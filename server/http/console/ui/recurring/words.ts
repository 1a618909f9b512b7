// A recurring rule in words, for its card and for the form as it is filled in: how often and on
// which day of the month, when it ends, and what each period's invoice becomes.
import { isMonthBased, type Frequency, type Schedule } from "../../../../domain/recurrence.ts";
import { counted } from "../counted.ts";
import { day, numberText } from "../format.ts";
import { t } from "../i18n/index.ts";

/** A period of each frequency in the unit people count it in: quarterly is 3 months, every two weeks 2 weeks. */
const PERIODS: Record<Frequency, { unit: "day" | "week" | "month" | "year"; size: number }> = {
  daily: { unit: "day", size: 1 },
  weekly: { unit: "week", size: 1 },
  every_two_weeks: { unit: "week", size: 2 },
  monthly: { unit: "month", size: 1 },
  quarterly: { unit: "month", size: 3 },
  every_six_months: { unit: "month", size: 6 },
  yearly: { unit: "year", size: 1 },
};

/** "Every 2 months, on day 15": the interval multiplies the frequency; month-based rules name their day (the start date's unless chosen). */
export function howOften(schedule: Pick<Schedule, "frequency" | "interval" | "day_of_month" | "start_date">): string {
  const { unit, size } = PERIODS[schedule.frequency];
  const every = counted(`recurring.every.${unit}`, size * schedule.interval);
  if (!isMonthBased(schedule.frequency)) return every;
  const dayOfMonth = schedule.day_of_month ?? Number(schedule.start_date.slice(8, 10));
  return t("recurring.onDay", { every, day: numberText(dayOfMonth) });
}

/** "After 12 invoices", "On 31/12/2027 at the latest", or "Never". */
export function untilWhen(schedule: Pick<Schedule, "end_date" | "count">): string {
  if (schedule.count !== null) return counted("recurring.endsAfter", schedule.count);
  if (schedule.end_date !== null) return t("recurring.endsOn", { date: day(schedule.end_date) });
  return t("recurring.endsNever");
}
