// What an approver approved, and what changed since: the content of an invoice as it was moved into
// approved, compared with the same invoice back in review, field by field and line by line. The
// approval inbox shows it so an approver reads the difference, not the whole invoice again.
import type { InvoiceRecord, LineItem } from "./invoice.ts";
import type { Mover } from "./lifecycle.ts";

/** The fields that are the document's content: what the person approving agreed to. */
export const CONTENT_FIELDS = [
  "type",
  "from_name",
  "from_email",
  "from_address",
  "from_tax_id",
  "bill_to_name",
  "bill_to_email",
  "bill_to_address",
  "bill_to_tax_id",
  "buyer_reference",
  "currency",
  "locale",
  "issue_date",
  "due_date",
  "delivery_date",
  "payment_terms",
  "payment",
  "notes",
  "tax_rate",
  "tax_exemption_reason",
  "preceding_invoice",
  "total",
] as const satisfies ReadonlyArray<keyof InvoiceRecord>;

type ContentField = (typeof CONTENT_FIELDS)[number];

export type ApprovedContent = Pick<InvoiceRecord, ContentField | "items" | "revision">;

export type FieldChange = { field: ContentField; approved: unknown; now: unknown };
export type LineChange = { change: "added" | "removed" | "changed"; approved: LineItem | null; now: LineItem | null };
export type ContentChanges = { approved_revision: number; fields: FieldChange[]; lines: LineChange[] };

/** The record's content as approved, to keep beside it. */
export function approvedContentOf(record: InvoiceRecord): ApprovedContent {
  const content: Partial<ApprovedContent> = { revision: record.revision, items: record.items };
  for (const field of CONTENT_FIELDS) (content as Record<string, unknown>)[field] = record[field];
  return content as ApprovedContent;
}

// Values are plain JSON (strings, numbers, addresses): equal when they write the same.
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** A line's own content: the computed amount follows from it and the id only pairs the versions. */
const lineContent = ({ id: _id, amount: _amount, ...rest }: LineItem): Omit<LineItem, "id" | "amount"> => rest;

/**
 * What differs between the approved content and the record now: changed fields in the order of
 * CONTENT_FIELDS, and lines paired by id, in the order they now stand, removed ones after.
 */
export function changesSinceApproved(approved: ApprovedContent, now: InvoiceRecord): ContentChanges {
  const fields = CONTENT_FIELDS.filter((field) => !same(approved[field], now[field])).map((field) => ({ field, approved: approved[field] ?? null, now: now[field] ?? null }));
  const before = new Map(approved.items.map((item) => [item.id, item]));
  const lines: LineChange[] = [];
  for (const item of now.items) {
    const was = before.get(item.id);
    if (!was) lines.push({ change: "added", approved: null, now: item });
    else if (!same(lineContent(was), lineContent(item))) lines.push({ change: "changed", approved: was, now: item });
  }
  const kept = new Set(now.items.map((item) => item.id));
  for (const item of approved.items) if (!kept.has(item.id)) lines.push({ change: "removed", approved: item, now: null });
  return { approved_revision: approved.revision, fields, lines };
}

/**
 * An edit of an approved invoice by a caller who may not approve withdraws the approval: the invoice
 * goes back to review, so what is sent is always what a person approved (ADR 0041). An approver's
 * own edit stays approved, as the approval it would need is theirs.
 */
export function approvalAfterEdit(current: InvoiceRecord, edited: InvoiceRecord, mover: Mover): InvoiceRecord {
  if (current.status !== "approved" || edited === current || mover.kind === "system" || mover.canApprove) return edited;
  return { ...edited, status: "review" };
}
