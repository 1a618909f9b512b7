import { describe, expect, test } from "bun:test";
import { AppError } from "../../server/domain/errors.ts";
import { allowedMoves, documentWithArticle, INVOICE_STATUSES, INVOICE_TYPES, planTransition, type InvoiceStatus, type InvoiceType, type Mover } from "../../server/domain/lifecycle.ts";

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

describe("a refused move names the moves that remain", () => {
  test("allowedMoves is exactly what planTransition accepts, for every type, mover and status", () => {
    for (const type of INVOICE_TYPES) {
      for (const mover of [approver, agent, system]) {
        for (const from of INVOICE_STATUSES) {
          const accepted = INVOICE_STATUSES.filter((to) => {
            try {
              planTransition(type, from, to, mover);
              return true;
            } catch {
              return false;
            }
          });
          // An agent may ask for approving moves (403, not 409): they are not among its allowed moves.
          expect(allowedMoves(type, from, mover)).toEqual(accepted);
        }
      }
    }
  });

  function refusal(type: InvoiceType, from: InvoiceStatus, to: InvoiceStatus, mover: Mover): AppError {
    try {
      planTransition(type, from, to, mover);
    } catch (error) {
      return error as AppError;
    }
    throw new Error(`${from} → ${to} was allowed`);
  }

  test.each([
    ["invoice", "paid", "draft", approver, "Cannot move an invoice from paid to draft; paid is final", []],
    ["credit_note", "draft", "paid", agent, "Cannot move a credit note from draft to paid; from draft it can move to review, void", ["review", "void"]],
    ["quote", "sent", "paid", approver, "Cannot move a quote from sent to paid: a quote is never paid; from sent it can move to viewed, void", ["viewed", "void"]],
    ["purchase_order", "approved", "overdue", system, "Cannot move a purchase order from approved to overdue: a purchase order is never overdue; approved is final", []],
    ["invoice", "draft", "viewed", approver, "Cannot move an invoice from draft to viewed; from draft it can move to review, approved, sent, void", ["review", "approved", "sent", "void"]],
  ] as const)("%s %s → %s: a grammatical message and details.allowed", (type, from, to, mover, message, allowed) => {
    const error = refusal(type, from, to, mover);
    expect(error.code).toBe("INVALID_TRANSITION");
    expect(error.message).toBe(message);
    expect(error.details).toEqual({ status: from, from, to, allowed: [...allowed] });
  });

  test("documentWithArticle takes an for vowels", () => {
    expect(INVOICE_TYPES.map(documentWithArticle)).toEqual(["an invoice", "a credit note", "a quote", "a purchase order"]);
  });
});
