import { describe, expect, test } from "bun:test";
import { AppError } from "../../server/domain/errors.ts";
import { INVOICE_STATUSES, planTransition, type InvoiceStatus, type Mover } from "../../server/domain/lifecycle.ts";

const approver: Mover = { kind: "user", canApprove: true };
const agent: Mover = { kind: "user", canApprove: false };
const system: Mover = { kind: "system" };

function outcome(from: InvoiceStatus, to: InvoiceStatus, mover: Mover): string {
  try {
    planTransition("invoice", from, to, mover);
    return "ok";
  } catch (error) {
    return (error as AppError).code;
  }
}

function allowedFrom(mover: Mover): Record<string, string[]> {
  return Object.fromEntries(INVOICE_STATUSES.map((from) => [from, INVOICE_STATUSES.filter((to) => outcome(from, to, mover) === "ok")]));
}

describe("the state machine, every pair", () => {
  test("a caller holding invoices:approve", () => {
    expect(allowedFrom(approver)).toEqual({
      draft: ["review", "approved", "sent", "void"],
      review: ["draft", "approved", "void"],
      approved: ["sent", "void"],
      sent: ["viewed", "paid", "void"],
      viewed: ["paid", "void"],
      paid: [],
      overdue: ["paid", "void"],
      void: [],
    });
  });

  test("an agent without the approval right must pass through review", () => {
    expect(allowedFrom(agent)).toEqual({
      draft: ["review", "void"],
      review: ["draft", "void"],
      approved: ["sent", "void"],
      sent: ["viewed", "paid", "void"],
      viewed: ["paid", "void"],
      paid: [],
      overdue: ["paid", "void"],
      void: [],
    });
    expect(outcome("review", "approved", agent)).toBe("FORBIDDEN");
    expect(outcome("draft", "sent", agent)).toBe("FORBIDDEN");
    expect(outcome("draft", "paid", agent)).toBe("INVALID_TRANSITION");
  });

  test("the service itself only marks viewed and overdue", () => {
    expect(allowedFrom(system)).toEqual({ draft: [], review: [], approved: [], sent: ["viewed", "overdue"], viewed: ["overdue"], paid: [], overdue: [], void: [] });
  });

  test("quotes and purchase orders are never paid or overdue", () => {
    for (const type of ["quote", "purchase_order"] as const) {
      expect(() => planTransition(type, "sent", "paid", approver)).toThrow(AppError);
      expect(() => planTransition(type, "sent", "overdue", system)).toThrow(AppError);
      expect(planTransition(type, "sent", "void", approver)).toEqual({ approves: false, sends: false });
    }
  });

  test("the plan says when the move approves and when it sends", () => {
    expect(planTransition("invoice", "review", "approved", approver)).toEqual({ approves: true, sends: false });
    expect(planTransition("invoice", "draft", "sent", approver)).toEqual({ approves: true, sends: true });
    expect(planTransition("invoice", "approved", "sent", agent)).toEqual({ approves: false, sends: true });
  });
});
