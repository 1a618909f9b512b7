// What an approver approved and what changed since (server/domain/approved-content.ts): content
// compared field by field and lines paired by id; an edit by someone who may not approve withdraws
// the approval, an approver's or the service's does not, and no edit at all changes nothing.
import { describe, expect, test } from "bun:test";
import { approvalAfterEdit, approvedContentOf, changesSinceApproved } from "../../server/domain/approved-content.ts";
import { editedInvoice, newInvoice, type InvoiceRecord } from "../../server/domain/invoice.ts";
import { emptyProfile } from "../../server/domain/profile.ts";

const now = new Date("2026-11-29T10:00:00Z");
const approved: InvoiceRecord = {
  ...newInvoice({
    id: "inv_1",
    input: { from_name: "Acme", bill_to_name: "Globex", currency: "EUR", locale: "de-DE", issue_date: "2026-11-29", items: [{ description: "Design", quantity: 2, rate: 5_000 }] },
    profile: emptyProfile(),
    resolved: {},
    now,
  }),
  status: "approved",
};
const edit = (input: Parameters<typeof editedInvoice>[1]) => editedInvoice(approved, input, emptyProfile(), {}, now);

describe("changesSinceApproved", () => {
  test("the same content is no change; a reordered or re-priced line is compared by id, its amount following", () => {
    const content = approvedContentOf(approved);
    expect(changesSinceApproved(content, approved)).toEqual({ approved_revision: approved.revision, fields: [], lines: [] });
    const [line] = approved.items;
    const repriced = edit({ items: [{ id: line?.id, description: "Design", quantity: 2, rate: 6_000 }] });
    const changes = changesSinceApproved(content, repriced);
    expect(changes.fields.map((change) => change.field)).toEqual(["total"]);
    expect(changes.lines).toEqual([{ change: "changed", approved: line ?? null, now: repriced.items[0] ?? null }]);
  });
});

describe("approvalAfterEdit", () => {
  const edited = edit({ notes: "changed" });
  test("someone who may not approve: back to review", () => {
    expect(approvalAfterEdit(approved, edited, { kind: "user", canApprove: false }).status).toBe("review");
  });
  test("an approver, or the service: still approved", () => {
    expect(approvalAfterEdit(approved, edited, { kind: "user", canApprove: true }).status).toBe("approved");
    expect(approvalAfterEdit(approved, edited, { kind: "system" }).status).toBe("approved");
  });
  test("no change at all, or an invoice not approved: as it is", () => {
    expect(approvalAfterEdit(approved, edit({}), { kind: "user", canApprove: false })).toBe(approved);
    const draft = { ...approved, status: "draft" as const };
    expect(approvalAfterEdit(draft, { ...edited, status: "draft" }, { kind: "user", canApprove: false }).status).toBe("draft");
  });
});
