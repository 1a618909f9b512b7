// The recurring rules' calendar: month ends, the 31st clamped, leap years, every frequency and
// interval, ends by date and by count, and properties over random schedules.
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { addDays } from "../../server/domain/clock.ts";
import {
  FREQUENCIES,
  firstIndexOnOrAfter,
  isMonthBased,
  nextDateAfter,
  nextDateFrom,
  occurrence,
  scheduleProblem,
  upcomingDates,
  type Frequency,
  type Schedule,
} from "../../server/domain/recurrence.ts";

const schedule = (overrides: Partial<Schedule> & Pick<Schedule, "frequency" | "start_date">): Schedule => ({ interval: 1, day_of_month: null, end_date: null, count: null, ...overrides });

const first = (rule: Schedule, n: number): string[] => Array.from({ length: n }, (_, k) => occurrence(rule, k));

const PROPERTY_RUNS = { numRuns: Number(process.env.RUNS ?? 300), seed: Number(process.env.SEED ?? 20_270_131) };

describe("month ends and the 31st", () => {
  test("a monthly rule on the 31st: 31 Jan → 28 Feb 2027 → 31 Mar, each from the start, never from the clamped date", () => {
    expect(first(schedule({ frequency: "monthly", start_date: "2027-01-31" }), 5)).toEqual(["2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30", "2027-05-31"]);
  });

  test("29 February in a leap year (2028), 28 in the years around it", () => {
    expect(first(schedule({ frequency: "monthly", start_date: "2027-12-31" }), 4)).toEqual(["2027-12-31", "2028-01-31", "2028-02-29", "2028-03-31"]);
    expect(first(schedule({ frequency: "yearly", start_date: "2028-02-29" }), 5)).toEqual(["2028-02-29", "2029-02-28", "2030-02-28", "2031-02-28", "2032-02-29"]);
    // 2100 is not a leap year (divisible by 100, not by 400); 2000 was.
    expect(occurrence(schedule({ frequency: "yearly", start_date: "2096-02-29" }), 4)).toBe("2100-02-28");
    expect(occurrence(schedule({ frequency: "yearly", start_date: "1996-02-29" }), 4)).toBe("2000-02-29");
  });

  test("day_of_month: the first such day on or after the start, clamped in each month", () => {
    const rule = schedule({ frequency: "monthly", start_date: "2027-02-10", day_of_month: 31 });
    expect(first(rule, 3)).toEqual(["2027-02-28", "2027-03-31", "2027-04-30"]);
    const later = schedule({ frequency: "monthly", start_date: "2027-02-10", day_of_month: 5 });
    expect(first(later, 2)).toEqual(["2027-03-05", "2027-04-05"]);
    expect(occurrence(schedule({ frequency: "monthly", start_date: "2027-02-05", day_of_month: 5 }), 0)).toBe("2027-02-05");
  });

  test("quarterly and every six months on the 30th cross February and the year", () => {
    expect(first(schedule({ frequency: "quarterly", start_date: "2027-11-30" }), 4)).toEqual(["2027-11-30", "2028-02-29", "2028-05-30", "2028-08-30"]);
    expect(first(schedule({ frequency: "every_six_months", start_date: "2027-08-31" }), 3)).toEqual(["2027-08-31", "2028-02-29", "2028-08-31"]);
  });
});

describe("every frequency and interval", () => {
  const expected: Record<Frequency, string[]> = {
    daily: ["2027-02-27", "2027-03-01", "2027-03-03"],
    weekly: ["2027-02-27", "2027-03-13", "2027-03-27"],
    every_two_weeks: ["2027-02-27", "2027-03-27", "2027-04-24"],
    monthly: ["2027-02-27", "2027-04-27", "2027-06-27"],
    quarterly: ["2027-02-27", "2027-08-27", "2028-02-27"],
    every_six_months: ["2027-02-27", "2028-02-27", "2029-02-27"],
    yearly: ["2027-02-27", "2029-02-27", "2031-02-27"],
  };
  for (const frequency of FREQUENCIES) {
    test(`${frequency} with interval 2`, () => {
      expect(first(schedule({ frequency, start_date: "2027-02-27", interval: 2 }), 3)).toEqual(expected[frequency]);
    });
  }

  test("daily across a leap day and a year end", () => {
    expect(first(schedule({ frequency: "daily", start_date: "2028-02-28" }), 3)).toEqual(["2028-02-28", "2028-02-29", "2028-03-01"]);
    expect(first(schedule({ frequency: "weekly", start_date: "2027-12-29" }), 2)).toEqual(["2027-12-29", "2028-01-05"]);
  });
});

describe("ends", () => {
  test("end_date: no period after it", () => {
    const rule = schedule({ frequency: "monthly", start_date: "2027-01-31", end_date: "2027-04-29" });
    expect(upcomingDates(rule, "2027-01-31", 0, 10)).toEqual(["2027-01-31", "2027-02-28", "2027-03-31"]);
    expect(nextDateAfter(rule, "2027-03-31", 3)).toBeNull();
    expect(nextDateAfter(rule, "2027-02-28", 2)).toBe("2027-03-31");
  });

  test("count: the invoices issued in all, so the next date is null once they are", () => {
    const rule = schedule({ frequency: "weekly", start_date: "2027-01-04", count: 3 });
    expect(upcomingDates(rule, "2027-01-04", 0, 10)).toEqual(["2027-01-04", "2027-01-11", "2027-01-18"]);
    expect(upcomingDates(rule, "2027-01-11", 1, 10)).toEqual(["2027-01-11", "2027-01-18"]);
    expect(nextDateAfter(rule, "2027-01-11", 2)).toBe("2027-01-18");
    expect(nextDateAfter(rule, "2027-01-18", 3)).toBeNull();
    // A skipped period is not counted: with one skipped, the third invoice comes a week later.
    expect(nextDateAfter(rule, "2027-01-18", 2)).toBe("2027-01-25");
  });

  test("from a date: the first period on or after it", () => {
    const rule = schedule({ frequency: "monthly", start_date: "2027-01-31" });
    expect(nextDateFrom(rule, "2027-02-15", 1)).toBe("2027-02-28");
    expect(nextDateFrom(rule, "2027-03-01", 2)).toBe("2027-03-31");
    expect(nextDateFrom(rule, "2026-12-01", 0)).toBe("2027-01-31");
    expect(upcomingDates(rule, null, 0, 5)).toEqual([]);
  });
});

describe("problems", () => {
  test("day_of_month on a day-based rule, both ends, an end before the first period", () => {
    expect(scheduleProblem(schedule({ frequency: "weekly", start_date: "2027-01-01", day_of_month: 3 }))).toMatchObject({ field: "day_of_month" });
    expect(scheduleProblem(schedule({ frequency: "monthly", start_date: "2027-01-01", end_date: "2027-12-31", count: 3 }))).toMatchObject({ field: "count" });
    expect(scheduleProblem(schedule({ frequency: "monthly", start_date: "2027-01-10", day_of_month: 31, end_date: "2027-01-20" }))).toMatchObject({ field: "end_date", issue: "before the first period (2027-01-31)" });
    expect(scheduleProblem(schedule({ frequency: "monthly", start_date: "2027-01-10", day_of_month: 31, end_date: "2027-01-31" }))).toBeNull();
    expect(isMonthBased("yearly")).toBe(true);
    expect(isMonthBased("every_two_weeks")).toBe(false);
  });
});

describe("properties", () => {
  const day = fc.integer({ min: 0, max: 365 * 200 }).map((offset) => addDays("1950-01-01", offset));
  const arbitrarySchedule = fc
    .record({ frequency: fc.constantFrom(...FREQUENCIES), interval: fc.integer({ min: 1, max: 12 }), start_date: day, day: fc.option(fc.integer({ min: 1, max: 31 })) })
    .map(({ frequency, interval, start_date, day: dayOfMonth }) => schedule({ frequency, interval, start_date, day_of_month: isMonthBased(frequency) ? dayOfMonth : null }));
  const daysIn = (date: string): number => new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)), 0)).getUTCDate();

  test("strictly increasing, never before the start, each a real calendar date", () => {
    fc.assert(
      fc.property(arbitrarySchedule, fc.integer({ min: 0, max: 200 }), (rule, k) => {
        const [a, b] = [occurrence(rule, k), occurrence(rule, k + 1)];
        expect(a < b).toBe(true);
        expect(a >= rule.start_date).toBe(true);
        expect(new Date(`${a}T00:00:00Z`).toISOString().slice(0, 10)).toBe(a);
      }),
      PROPERTY_RUNS,
    );
  });

  test("monthly-type: occurrence k is k × interval × months after the first, on the day clamped to its month", () => {
    fc.assert(
      fc.property(arbitrarySchedule.filter((rule) => isMonthBased(rule.frequency)), fc.integer({ min: 0, max: 200 }), (rule, k) => {
        const months = (date: string): number => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7));
        const step = { monthly: 1, quarterly: 3, every_six_months: 6, yearly: 12 }[rule.frequency as "monthly"] * rule.interval;
        const date = occurrence(rule, k);
        expect(months(date) - months(occurrence(rule, 0))).toBe(k * step);
        const wanted = rule.day_of_month ?? Number(rule.start_date.slice(8, 10));
        expect(Number(date.slice(8, 10))).toBe(Math.min(wanted, daysIn(date)));
      }),
      PROPERTY_RUNS,
    );
  });

  test("the first index on or after a date finds the first occurrence not before it", () => {
    fc.assert(
      fc.property(arbitrarySchedule, day, (rule, date) => {
        const k = firstIndexOnOrAfter(rule, date);
        expect(occurrence(rule, k) >= date).toBe(true);
        if (k > 0) expect(occurrence(rule, k - 1) < date).toBe(true);
      }),
      PROPERTY_RUNS,
    );
  });

  test("upcoming dates respect the count left and the end date, in order", () => {
    fc.assert(
      fc.property(arbitrarySchedule, fc.integer({ min: 1, max: 30 }), fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 3000 }), (rule, count, issued, span) => {
        const byCount = upcomingDates({ ...rule, count }, rule.start_date, issued, 100);
        expect(byCount.length).toBe(Math.max(0, Math.min(100, count - issued)));
        const end_date = addDays(rule.start_date, span);
        const byDate = upcomingDates({ ...rule, end_date }, rule.start_date, 0, 100);
        expect(byDate.every((date) => date <= end_date)).toBe(true);
        expect(byDate).toEqual(first(rule, byDate.length));
        if (byDate.length < 100) expect(occurrence(rule, byDate.length) > end_date).toBe(true);
      }),
      PROPERTY_RUNS,
    );
  });
});
