// Payment reminder rules (server/domain/reminders.ts): which invoices, which offset on which day,
// the catch-up limit, and the due dates the job reads.
import { describe, expect, test } from "bun:test";
import type { InvoiceRecord } from "../../server/domain/invoice.ts";
import { dueReminder, isRemindable, normalizedSchedule, REMINDER_CATCH_UP_DAYS, reminderDueDates } from "../../server/domain/reminders.ts";

const open = { type: "invoice", status: "sent", amount_due: 10_000, due_date: "2026-11-25" } as InvoiceRecord;
const schedule = { enabled: true, offsets: [-3, 1, 7, 14] };

describe("isRemindable", () => {
  test("open invoices with an amount due and a due date only", () => {
    expect(["sent", "viewed", "overdue"].map((status) => isRemindable({ ...open, status } as InvoiceRecord))).toEqual([true, true, true]);
    expect(["draft", "review", "approved", "paid", "void"].some((status) => isRemindable({ ...open, status } as InvoiceRecord))).toBe(false);
    expect(["credit_note", "quote", "purchase_order"].some((type) => isRemindable({ ...open, type } as InvoiceRecord))).toBe(false);
    expect(isRemindable({ ...open, amount_due: 0 })).toBe(false);
    expect(isRemindable({ ...open, due_date: null })).toBe(false);
  });
});

describe("dueReminder", () => {
  test("the offset whose day it is, day by day", () => {
    const days = ["2026-11-21", "2026-11-22", "2026-11-25", "2026-11-26", "2026-12-02", "2026-12-09"];
    expect(days.map((today) => dueReminder(schedule, open, today, []))).toEqual([null, -3, -3, 1, 7, 14]);
  });

  test("one already sent is not due again; an overtaken one is never sent late", () => {
    expect(dueReminder(schedule, open, "2026-11-23", [-3])).toBeNull();
    expect(dueReminder(schedule, open, "2026-11-27", [-3])).toBe(1);
    expect(dueReminder(schedule, open, "2026-12-03", [-3])).toBe(7);
  });

  test(`none more than ${REMINDER_CATCH_UP_DAYS} days after its day, none when off, none for a paid invoice`, () => {
    expect(dueReminder(schedule, open, "2026-12-15", [])).toBe(14);
    expect(dueReminder(schedule, open, "2026-12-16", [])).toBeNull();
    expect(dueReminder({ ...schedule, enabled: false }, open, "2026-11-22", [])).toBeNull();
    expect(dueReminder(schedule, { ...open, status: "paid", amount_due: 0 }, "2026-11-22", [])).toBeNull();
  });
});

describe("reminderDueDates", () => {
  test("from the due date whose last offset's catch-up ends today to the one whose first offset is today", () => {
    expect(reminderDueDates(schedule, "2026-12-01")).toEqual({ from: "2026-11-11", to: "2026-12-04" });
    expect(reminderDueDates({ enabled: true, offsets: [] }, "2026-12-01")).toBeNull();
    expect(reminderDueDates({ ...schedule, enabled: false }, "2026-12-01")).toBeNull();
  });

  test("every due date that dueReminder answers for lies inside the range", () => {
    const today = "2026-12-01";
    const range = reminderDueDates(schedule, today)!;
    const dueDates = Array.from({ length: 81 }, (_, index) => new Date(Date.parse(`${today}T00:00:00Z`) + (index - 40) * 86_400_000).toISOString().slice(0, 10));
    const reminded = dueDates.filter((due_date) => dueReminder(schedule, { ...open, due_date }, today, []) !== null);
    expect(reminded.length).toBeGreaterThan(0);
    expect(reminded.filter((due_date) => due_date < range.from || due_date > range.to)).toEqual([]);
  });
});

describe("normalizedSchedule", () => {
  test("offsets sorted, once each", () => {
    expect(normalizedSchedule({ enabled: true, offsets: [7, -3, 7, 1] })).toEqual({ enabled: true, offsets: [-3, 1, 7] });
  });
});
