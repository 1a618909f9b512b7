// The invoice state machine: which moves between statuses a person or agent may make, and which only
// the service makes. Pure: callers pass who is moving and what they may do.
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

/** Moves that approve the document: review → approved, and the shortcuts that skip review. */
function approves(from: InvoiceStatus, to: InvoiceStatus): boolean {
  return (from === "review" && to === "approved") || (APPROVING_SHORTCUTS[from]?.includes(to) ?? false);
}

const DOCUMENT_NAMES: Record<InvoiceType, string> = { invoice: "invoice", credit_note: "credit note", quote: "quote", purchase_order: "purchase order" };

/** The document type in words, for messages: "credit note". */
export function documentName(type: InvoiceType): string {
  return DOCUMENT_NAMES[type];
}

/** The document named with its article, for messages: "an invoice", "a credit note". */
export function documentWithArticle(type: InvoiceType): string {
  const name = DOCUMENT_NAMES[type];
  return `${/^[aeiou]/.test(name) ? "an" : "a"} ${name}`;
}

/** The statuses `mover` may move a document of `type` to from `from`, in the machine's order. */
export function allowedMoves(type: InvoiceType, from: InvoiceStatus, mover: Mover): InvoiceStatus[] {
  const reachable = mover.kind === "system" ? (SYSTEM_MOVES[from] ?? []) : [...USER_MOVES[from], ...(APPROVING_SHORTCUTS[from] ?? [])];
  const permitted = (to: InvoiceStatus): boolean => mover.kind === "system" || mover.canApprove || !approves(from, to);
  const payableOnly = (to: InvoiceStatus): boolean => isPayable(type) || (to !== "paid" && to !== "overdue");
  return INVOICE_STATUSES.filter((to) => reachable.includes(to) && permitted(to) && payableOnly(to));
}

/**
 * 409 INVALID_TRANSITION for a document in `status`: the message says why, and `details.allowed`
 * names the moves that are possible from where it stands, so a caller knows what it can do instead.
 */
export function transitionRefused(document: { type: InvoiceType; status: InvoiceStatus }, mover: Mover, reason: string, details: Record<string, unknown> = {}): AppError {
  const allowed = allowedMoves(document.type, document.status, mover);
  const options = allowed.length ? `from ${document.status} it can move to ${allowed.join(", ")}` : `${document.status} is final`;
  return new AppError("INVALID_TRANSITION", `${reason}; ${options}`, { status: document.status, ...details, allowed });
}

export function planTransition(type: InvoiceType, from: InvoiceStatus, to: InvoiceStatus, mover: Mover): TransitionPlan {
  const invalid = (reason?: string): AppError =>
    transitionRefused({ type, status: from }, mover, `Cannot move ${documentWithArticle(type)} from ${from} to ${to}${reason ? `: ${reason}` : ""}`, { from, to });
  if ((to === "paid" || to === "overdue") && !isPayable(type)) {
    throw invalid(`${documentWithArticle(type)} is never ${to}`);
  }
  if (mover.kind === "system") {
    if (!SYSTEM_MOVES[from]?.includes(to)) throw invalid("not a move the service makes");
    return { approves: false, sends: false };
  }
  const approving = approves(from, to);
  if (!USER_MOVES[from].includes(to) && !APPROVING_SHORTCUTS[from]?.includes(to)) {
    throw invalid();
  }
  if (approving && !mover.canApprove) {
    throw new AppError("FORBIDDEN", "Approving an invoice needs the invoices:approve right; move it to review instead", {
      required_scope: "invoices:approve",
    });
  }
  return { approves: approving, sends: to === "sent" };
}

/**
 * Finalizing spends the next number of a sequence that never gives it back (a numbered invoice is
 * voided, never deleted): a commitment like approval's (ADR 0038). An invoice a person has approved
 * may be finalized by anyone who may write it; one not yet approved only by a caller who may approve.
 */
export function assertMayFinalize(status: InvoiceStatus, mover: Mover): void {
  if (mover.kind === "system" || mover.canApprove || status === "approved") return;
  throw new AppError("FORBIDDEN", "Finalizing spends the next invoice number: an invoice not yet approved needs the invoices:approve right; move it to review for a person to approve, then finalize it", {
    required_scope: "invoices:approve",
  });
}

/** Quotes and purchase orders are never paid (nor overdue); invoices and credit notes are. */
export function isPayable(type: InvoiceType): boolean {
  return type === "invoice" || type === "credit_note";
}

/** Payments are recorded on payable documents once sent and until settled. */
export function acceptsPayment(type: InvoiceType, status: InvoiceStatus): boolean {
  return isPayable(type) && (status === "sent" || status === "viewed" || status === "overdue");
}
