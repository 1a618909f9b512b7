// The invoice state machine (DESIGN "Lifecycle"). Pure: callers pass who is moving and what they may do.
import { AppError } from "./errors.ts";

export const INVOICE_STATUSES = ["draft", "review", "approved", "sent", "viewed", "paid", "overdue", "void"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_TYPES = ["invoice", "credit_note", "quote", "purchase_order"] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];

/** Who asks for a move: a person or agent through the API, or the service itself (scheduler, share page). */
export type Mover = { kind: "user"; canApprove: boolean } | { kind: "system" };

const USER_MOVES: Record<InvoiceStatus, readonly InvoiceStatus[]> = {
  draft: ["review", "void"],
  review: ["approved", "draft", "void"],
  approved: ["sent", "void"],
  sent: ["viewed", "paid", "void"],
  viewed: ["paid", "void"],
  overdue: ["paid", "void"],
  paid: [],
  void: [],
};
/** Moves only the service makes: overdue when the due date has passed, viewed from the share page. */
const SYSTEM_MOVES: Partial<Record<InvoiceStatus, readonly InvoiceStatus[]>> = {
  sent: ["viewed", "overdue"],
  viewed: ["overdue"],
};
/** Moves that skip review; only a caller holding the approval right may make them (approval recorded). */
const APPROVING_SHORTCUTS: Partial<Record<InvoiceStatus, readonly InvoiceStatus[]>> = {
  draft: ["approved", "sent"],
};

export type TransitionPlan = { approves: boolean; sends: boolean };

export function planTransition(type: InvoiceType, from: InvoiceStatus, to: InvoiceStatus, mover: Mover): TransitionPlan {
  const invalid = (reason: string): AppError =>
    new AppError("INVALID_TRANSITION", `Cannot move a ${type} from ${from} to ${to}: ${reason}`, { from, to });
  if ((to === "paid" || to === "overdue") && !isPayable(type)) {
    throw invalid(`a ${type} is never ${to}`);
  }
  if (mover.kind === "system") {
    if (!SYSTEM_MOVES[from]?.includes(to)) throw invalid("not a move the service makes");
    return { approves: false, sends: false };
  }
  const approves = (from === "review" && to === "approved") || (APPROVING_SHORTCUTS[from]?.includes(to) ?? false);
  if (!USER_MOVES[from].includes(to) && !APPROVING_SHORTCUTS[from]?.includes(to)) {
    throw invalid(from === "paid" || from === "void" ? `${from} is final` : "not an allowed move");
  }
  if (approves && !mover.canApprove) {
    throw new AppError("FORBIDDEN", "Approving an invoice needs the invoices:approve right; move it to review instead", {
      required_scope: "invoices:approve",
    });
  }
  return { approves, sends: to === "sent" };
}

/** Quotes and purchase orders are never paid (nor overdue); invoices and credit notes are. */
export function isPayable(type: InvoiceType): boolean {
  return type === "invoice" || type === "credit_note";
}

/** Payments are recorded on payable documents once sent and until settled. */
export function acceptsPayment(type: InvoiceType, status: InvoiceStatus): boolean {
  return isPayable(type) && (status === "sent" || status === "viewed" || status === "overdue");
}
