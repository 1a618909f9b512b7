import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { operation } from "../../helpers/factories.ts";
import { api } from "../../helpers/http.ts";
import { expectError, expectStatus, invoicePath, invoiceSteps, steppedAccount, type Invoice, type SteppedAccount } from "../../helpers/invoices.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestServer } from "../../helpers/server.ts";
import { SCOPES } from "../../../server/domain/scopes.ts";

let server: TestServer;
let owner: SteppedAccount;

beforeAll(async () => {
  server = await startTestServer();
  owner = await steppedAccount(server);
});
afterAll(() => server.close());

const move = (invoice: Invoice, status: string, key?: string) =>
  owner.client.post(invoicePath(invoice.id, "/transition"), { ...operation(invoice.revision), status }, key);

/** A new invoice of the owner brought to `status` by allowed moves. */
async function invoiceIn(status: string, overrides: Record<string, unknown> = {}): Promise<Invoice> {
  const paths: Record<string, string[]> = {
    draft: [],
    review: ["review"],
    approved: ["review", "approved"],
    sent: ["sent"],
    viewed: ["sent", "viewed"],
    paid: ["sent", "paid"],
    void: ["void"],
  };
  return owner.steps.through(await owner.steps.create(overrides), ...(paths[status] ?? []));
}

describe("POST /api/invoices/{id}/transition: happy", () => {
  test("draft → review → approved → sent → paid", async () => {
    const account = await steppedAccount(server);
    const draft = await account.steps.create({ issue_date: "2026-11-01" });
    const review = await account.steps.transition(draft, "review");
    expect(review).toMatchObject({ status: "review", revision: 2, number: null, locked: false });
    const approved = await account.steps.transition(review, "approved");
    expect(approved).toMatchObject({ status: "approved", revision: 3, number: null });
    const sent = await account.steps.transition(approved, "sent");
    expect(sent).toMatchObject({ status: "sent", revision: 4, number: "INV-2026-0001", locked: true });
    expect(sent.sent_at).toBe(server.clock.now().toISOString());
    expect(sent.finalized_at).toBe(server.clock.now().toISOString());
    const paid = await account.steps.transition(sent, "paid");
    expect(paid).toMatchObject({ status: "paid", revision: 5, amount_paid: sent.total, amount_due: 0, number: "INV-2026-0001" });
    expect(paid.paid_at).toBe(server.clock.now().toISOString());
  });

  test("sent → viewed → paid", async () => {
    const viewed = await owner.steps.transition(await invoiceIn("sent"), "viewed");
    expect(viewed).toMatchObject({ status: "viewed", locked: true });
    expect(await owner.steps.transition(viewed, "paid")).toMatchObject({ status: "paid", amount_due: 0 });
  });

  test("sending an invoice finalized earlier keeps its number and finalization time", async () => {
    const finalized = await owner.steps.finalize(await owner.steps.create());
    server.clock.advance(60_000);
    const sent = await owner.steps.transition(finalized, "sent");
    expect(sent).toMatchObject({ number: finalized.number, finalized_at: finalized.finalized_at, sent_at: server.clock.now().toISOString() });
  });

  test("review → draft sends it back for changes", async () => {
    const review = await invoiceIn("review");
    const back = await owner.steps.transition(review, "draft", "fix the address");
    expect(back).toMatchObject({ status: "draft", revision: 3 });
    expect((await owner.steps.history(back.id)).at(-1)).toMatchObject({ from_status: "review", to_status: "draft", note: "fix the address" });
  });

  test("a key with invoices:approve may go draft → approved and draft → sent directly", async () => {
    expect(await owner.steps.transition(await invoiceIn("draft"), "approved")).toMatchObject({ status: "approved" });
    expect(await owner.steps.transition(await invoiceIn("draft"), "sent")).toMatchObject({ status: "sent", locked: true });
  });

  test("a key without invoices:approve may still move draft → review", async () => {
    const agent = invoiceSteps(api(server.url, await server.key(owner.accountId, SCOPES.filter((scope) => scope !== "invoices:approve"))));
    expect(await agent.transition(await invoiceIn("draft"), "review")).toMatchObject({ status: "review" });
    expect(await agent.transition(await invoiceIn("approved"), "sent")).toMatchObject({ status: "sent" });
  });

  test("sending numbers gaplessly per account, type and year of issue_date", async () => {
    const account = await steppedAccount(server);
    const numbers: Array<string | null> = [];
    for (const overrides of [{}, {}, { type: "credit_note" }, { issue_date: "2025-12-31", due_date: undefined }, {}, { type: "credit_note" }]) {
      numbers.push((await account.steps.sent(overrides)).number);
    }
    expect(numbers).toEqual(["INV-2026-0001", "INV-2026-0002", "CN-2026-0001", "INV-2025-0001", "INV-2026-0003", "CN-2026-0002"]);
    // Another account starts its own sequence.
    expect((await owner.steps.sent({ issue_date: "2030-01-01", due_date: undefined })).number).toBe("INV-2030-0001");
  });

  test("a move to paid records a payment of the amount due", async () => {
    const sent = await invoiceIn("sent");
    const partly = await owner.steps.pay(sent, 10_000);
    server.clock.advance(1_000);
    const paid = await owner.steps.transition(partly, "paid");
    expect(paid).toMatchObject({ status: "paid", amount_paid: sent.total, amount_due: 0 });
    const payments = await owner.steps.payments(sent.id);
    expect(payments.map((payment) => payment.amount)).toEqual([10_000, sent.total - 10_000]);
  });

  test.each(["draft", "review", "approved", "sent", "viewed"])("%s → void", async (from) => {
    const voided = await owner.steps.transition(await invoiceIn(from), "void");
    expect(voided.status).toBe("void");
    expect(voided.voided_at).toBe(server.clock.now().toISOString());
  });

  test("a quote is sent and voided, never paid", async () => {
    const quote = await invoiceIn("sent", { type: "quote" });
    expect(quote.number).toMatch(/^QUO-2026-\d{4}$/);
    expectError(await move(quote, "paid"), 409, "INVALID_TRANSITION");
    expect(await owner.steps.transition(quote, "void")).toMatchObject({ status: "void" });
  });
});

describe("POST /api/invoices/{id}/transition: errors", () => {
  test.each([
    ["draft", "viewed"],
    ["draft", "paid"],
    ["draft", "overdue"],
    ["draft", "draft"],
    ["review", "sent"],
    ["review", "paid"],
    ["approved", "draft"],
    ["approved", "paid"],
    ["sent", "draft"],
    ["sent", "approved"],
    ["sent", "overdue"],
    ["viewed", "sent"],
    ["viewed", "overdue"],
    ["paid", "void"],
    ["paid", "sent"],
    ["void", "draft"],
    ["void", "void"],
  ])("%s → %s is 409 INVALID_TRANSITION", async (from, to) => {
    const invoice = await invoiceIn(from);
    const reply = await move(invoice, to);
    expectError(reply, 409, "INVALID_TRANSITION");
    expect(await owner.steps.get(invoice.id)).toEqual(invoice);
  });

  test("the refusal names the moves allowed from the current status, in a grammatical message", async () => {
    const paid = await invoiceIn("paid");
    const fromPaid = await move(paid, "draft");
    expect(fromPaid.body).toEqual({
      error: "Cannot move an invoice from paid to draft; paid is final",
      code: "INVALID_TRANSITION",
      details: { status: "paid", from: "paid", to: "draft", allowed: [] },
    });
    const creditNote = await invoiceIn("draft", { type: "credit_note" });
    const fromDraft = await move(creditNote, "viewed");
    expect(fromDraft.body.error).toBe("Cannot move a credit note from draft to viewed; from draft it can move to review, approved, sent, void");
    expect(fromDraft.body.details.allowed).toEqual(["review", "approved", "sent", "void"]);
  });

  test("quotes and purchase orders never become paid or overdue", async () => {
    for (const type of ["quote", "purchase_order"]) {
      const sent = await invoiceIn("sent", { type });
      expectError(await move(sent, "paid"), 409, "INVALID_TRANSITION");
      expectError(await move(sent, "overdue"), 409, "INVALID_TRANSITION");
    }
  });

  test.each([
    ["review", "approved"],
    ["draft", "approved"],
    ["draft", "sent"],
  ])("without invoices:approve, %s → %s is 403 FORBIDDEN", async (from, to) => {
    const agentKey = await server.key(owner.accountId, SCOPES.filter((scope) => scope !== "invoices:approve"));
    const invoice = await invoiceIn(from);
    const reply = await move(invoice, to, agentKey);
    expectError(reply, 403, "FORBIDDEN");
    expect(await owner.steps.get(invoice.id)).toEqual(invoice);
  });

  test("sending an invoice without lines is 422 and uses no number", async () => {
    const account = await steppedAccount(server);
    const empty = await account.steps.create({ items: [] });
    const reply = await account.client.post(invoicePath(empty.id, "/transition"), { ...operation(1), status: "sent" });
    expectError(reply, 422, "VALIDATION_ERROR");
    expect(await account.steps.get(empty.id)).toEqual(empty);
    expect((await account.steps.sent()).number).toBe("INV-2026-0001");
  });

  test("revision rules: 428 without base_revision, 409 when stale, 409 when the operation is reused", async () => {
    const draft = await invoiceIn("draft");
    expectError(await owner.client.post(invoicePath(draft.id, "/transition"), { status: "review" }), 428, "REVISION_REQUIRED");
    expectError(await owner.client.post(invoicePath(draft.id, "/transition"), { base_revision: 1, status: "bogus" }), 428, "REVISION_REQUIRED");
    expectError(await owner.client.post(invoicePath(draft.id, "/transition"), { ...operation(1), status: "bogus" }), 422, "VALIDATION_ERROR");
    expectError(await owner.client.post(invoicePath(draft.id, "/transition"), { ...operation(1) }), 422, "VALIDATION_ERROR");
    const body = { ...operation(1), status: "review" };
    const review = expectStatus(await owner.client.post(invoicePath(draft.id, "/transition"), body), 200);
    expect(await owner.client.post(invoicePath(draft.id, "/transition"), body)).toMatchObject({ status: 200, body: review });
    expectError(await owner.client.post(invoicePath(draft.id, "/transition"), { ...body, status: "void" }), 409, "OPERATION_REUSED");
    const stale = await move(draft, "void");
    expectError(stale, 409, "REVISION_CONFLICT");
    expect(stale.body.details.current_revision).toBe(2);
    expect(await owner.steps.get(draft.id)).toEqual(review);
  });

  test("an unknown invoice is 404", async () => {
    expectError(await owner.client.post(invoicePath("inv_missing", "/transition"), { ...operation(1), status: "review" }), 404, "NOT_FOUND");
  });
});

describe("POST /api/invoices/{id}/transition: security", () => {
  test("no key, unknown key, revoked key, wrong scope, another account", async () => {
    const draft = await invoiceIn("draft");
    await expectSecurityCases({
      server,
      owner,
      scope: "invoices:write",
      call: (key) => api(server.url).post(invoicePath(draft.id, "/transition"), { ...operation(1), status: "review" }, key),
    });
    expect(await owner.steps.get(draft.id)).toEqual(draft);
  });
});
