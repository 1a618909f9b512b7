// Which events an invoice write announces (server/domain/events.ts).
import { describe, expect, test } from "bun:test";
import { invoiceEvents } from "../../server/domain/events.ts";
import type { InvoiceRecord } from "../../server/domain/invoice.ts";

const draft = { id: "inv_1", status: "draft", locked: false, number: null, amount_paid: 0, amount_due: 10_000, total: 10_000, currency: "EUR" } as unknown as InvoiceRecord;
const typesOf = (before: InvoiceRecord | null, after: InvoiceRecord, action?: string): string[] => invoiceEvents(before, after, action).map((event) => event.type);

describe("invoiceEvents", () => {
  test("a create is invoice.created; a create already locked is also finalized", () => {
    expect(typesOf(null, draft)).toEqual(["invoice.created"]);
    expect(typesOf(null, { ...draft, locked: true })).toEqual(["invoice.created", "invoice.finalized"]);
  });

  test("an edit is invoice.updated, and so is a move to a status that is not announced", () => {
    expect(typesOf(draft, { ...draft, notes: "x" } as InvoiceRecord)).toEqual(["invoice.updated"]);
    expect(typesOf(draft, { ...draft, status: "review" })).toEqual(["invoice.updated"]);
  });

  test("a send that finalizes announces finalized, then sent", () => {
    expect(typesOf(draft, { ...draft, status: "sent", locked: true })).toEqual(["invoice.finalized", "invoice.sent"]);
  });

  test("a partial payment is payment.recorded with the amount received; the last one also invoice.paid", () => {
    const sent = { ...draft, status: "sent", locked: true } as InvoiceRecord;
    const partial = { ...sent, amount_paid: 4_000, amount_due: 6_000 };
    const [recorded] = invoiceEvents(sent, partial);
    expect(recorded).toMatchObject({ type: "payment.recorded", resource: { type: "invoice", id: "inv_1" }, data: { amount: 4_000, currency: "EUR", amount_paid: 4_000, amount_due: 6_000 } });
    expect(typesOf(partial, { ...partial, status: "paid", amount_paid: 10_000, amount_due: 0 })).toEqual(["payment.recorded", "invoice.paid"]);
  });

  test("system moves and voiding are announced by their status", () => {
    const sent = { ...draft, status: "sent", locked: true } as InvoiceRecord;
    expect(typesOf(sent, { ...sent, status: "viewed" })).toEqual(["invoice.viewed"]);
    expect(typesOf(sent, { ...sent, status: "overdue" })).toEqual(["invoice.overdue"]);
    expect(typesOf(sent, { ...sent, status: "void" })).toEqual(["invoice.voided"]);
  });

  test("sending an invoice already sent (history action sent) is announced as a send", () => {
    const sent = { ...draft, status: "sent", locked: true } as InvoiceRecord;
    expect(typesOf(sent, sent, "sent")).toEqual(["invoice.sent"]);
    expect(typesOf(sent, sent, "updated")).toEqual(["invoice.updated"]);
  });

  test("every event carries the invoice's new state", () => {
    const after = { ...draft, status: "sent", locked: true } as InvoiceRecord;
    for (const event of invoiceEvents(draft, after)) expect(event.data).toBe(after);
  });
});
