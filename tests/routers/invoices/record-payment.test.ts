import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { operation } from "../../helpers/factories.ts";
import { api } from "../../helpers/http.ts";
import { expectError, expectStatus, invoicePath, setProfile, steppedAccount, type Invoice, type SteppedAccount } from "../../helpers/invoices.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestServer } from "../../helpers/server.ts";

let server: TestServer;
let owner: SteppedAccount;

beforeAll(async () => {
  server = await startTestServer({ now: "2026-11-21T12:00:00Z" });
  owner = await steppedAccount(server);
});
afterAll(() => server.close());

const pay = (invoice: Invoice, body: Record<string, unknown>) => owner.client.post(invoicePath(invoice.id, "/payments"), { ...operation(invoice.revision), ...body });

describe("POST /api/invoices/{id}/payments: happy", () => {
  test("a partial payment raises amount_paid and keeps the status", async () => {
    const sent = await owner.steps.sent();
    const reply = await pay(sent, { amount: 50_000, date: "2026-11-20", method: "bank transfer", reference: "SEPA-123" });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ status: "sent", amount_paid: 50_000, amount_due: sent.total - 50_000, revision: sent.revision + 1, paid_at: null });
    expect(await owner.steps.payments(sent.id)).toEqual([
      expect.objectContaining({ invoice_id: sent.id, amount: 50_000, date: "2026-11-20", method: "bank transfer", reference: "SEPA-123" }),
    ]);
  });

  test("payments reaching the total mark the invoice paid", async () => {
    const sent = await owner.steps.sent();
    const partly = await owner.steps.pay(sent, 48_215);
    const paid = await owner.steps.pay(partly, sent.total - 48_215);
    expect(paid).toMatchObject({ status: "paid", amount_paid: sent.total, amount_due: 0, paid_at: server.clock.now().toISOString() });
    expect((await owner.steps.payments(sent.id)).reduce((sum, payment) => sum + payment.amount, 0)).toBe(sent.total);
  });

  test("the date defaults to today in the account's time zone", async () => {
    const account = await steppedAccount(server);
    await setProfile(account.client, { timezone: "Pacific/Auckland" });
    // 12:00 UTC on 21 November is already 01:00 on 22 November in Auckland.
    const sent = await account.steps.sent();
    await account.steps.pay(sent, 1_000);
    expect((await account.steps.payments(sent.id))[0]?.date).toBe("2026-11-22");
  });

  test("a retry of a lost response returns the same body and records one payment", async () => {
    const sent = await owner.steps.sent();
    const body = { ...operation(sent.revision), amount: 1_000 };
    const first = expectStatus(await owner.client.post(invoicePath(sent.id, "/payments"), body), 200);
    const retry = await owner.client.post(invoicePath(sent.id, "/payments"), body);
    expect(retry).toMatchObject({ status: 200, body: first });
    expect(await owner.steps.payments(sent.id)).toHaveLength(1);
    expect((await owner.steps.get(sent.id)).revision).toBe(first.revision);
  });
});

describe("POST /api/invoices/{id}/payments: errors", () => {
  let sent: Invoice;
  beforeAll(async () => {
    sent = await owner.steps.sent();
  });

  test("more than the amount due is 422 INVALID_AMOUNT", async () => {
    const reply = await pay(sent, { amount: sent.total + 1 });
    expectError(reply, 422, "INVALID_AMOUNT");
    expect(reply.body.details.field).toBe("amount");
    const partly = await owner.steps.pay(sent, 100_000);
    expectError(await pay(partly, { amount: partly.amount_due + 1 }), 422, "INVALID_AMOUNT");
    expect(await owner.steps.get(sent.id)).toEqual(partly);
    sent = partly;
  });

  test.each([
    ["zero", 0],
    ["negative", -500],
    ["fractional", 10.5],
    ["a string", "100"],
    ["beyond 2^53", 2 ** 53],
  ])("an amount that is %s is 422 INVALID_AMOUNT", async (_name, amount) => {
    const reply = await pay(sent, { amount });
    expectError(reply, 422, "INVALID_AMOUNT");
    expect(reply.body.details.field).toBe("amount");
    expect(await owner.steps.get(sent.id)).toEqual(sent);
  });

  test.each([
    ["impossible date", { amount: 1, date: "2026-02-30" }, "date"],
    ["unknown field", { amount: 1, currency: "EUR" }, "currency"],
    ["method too long", { amount: 1, method: "x".repeat(101) }, "method"],
  ])("%s → 422 VALIDATION_ERROR", async (_name, body, field) => {
    const reply = await pay(sent, body);
    expectError(reply, 422, "VALIDATION_ERROR");
    expect(reply.body.details.field).toBe(field);
  });

  test.each([
    ["a draft", async () => owner.steps.create()],
    ["an approved invoice", async () => owner.steps.through(await owner.steps.create(), "review", "approved")],
    ["a paid invoice", async () => owner.steps.transition(await owner.steps.sent(), "paid")],
    ["a void invoice", async () => owner.steps.transition(await owner.steps.sent(), "void")],
    ["a sent quote", async () => owner.steps.sent({ type: "quote" })],
  ])("a payment on %s is 409 INVALID_TRANSITION", async (_name, make) => {
    const invoice = await make();
    const reply = await pay(invoice, { amount: 1 });
    expectError(reply, 409, "INVALID_TRANSITION");
    expect(reply.body.details).toMatchObject({ status: invoice.status, allowed: expect.any(Array) });
    expect(await owner.steps.get(invoice.id)).toEqual(invoice);
  });

  test("the refusal says which documents take payments and what the draft can do instead", async () => {
    const reply = await pay(await owner.steps.create(), { amount: 1 });
    expect(reply.body.error).toBe("Payments are recorded on sent invoices and credit notes; the status of this invoice is draft; from draft it can move to review, approved, sent, void");
    expect(reply.body.details.allowed).toEqual(["review", "approved", "sent", "void"]);
  });

  test("revision rules: 428 first, then 422, then 409", async () => {
    const path = invoicePath(sent.id, "/payments");
    expectError(await owner.client.post(path, { amount: 1 }), 428, "REVISION_REQUIRED");
    expectError(await owner.client.post(path, { base_revision: sent.revision, amount: "lots" }), 428, "REVISION_REQUIRED");
    expectError(await owner.client.post(path, { ...operation(sent.revision - 1), amount: 0.5 }), 422, "INVALID_AMOUNT");
    const stale = await owner.client.post(path, { ...operation(sent.revision - 1), amount: 1 });
    expectError(stale, 409, "REVISION_CONFLICT");
    expect(stale.body.details.current_revision).toBe(sent.revision);
    const body = { ...operation(sent.revision), amount: 1 };
    sent = expectStatus(await owner.client.post(path, body), 200);
    expectError(await owner.client.post(path, { ...body, amount: 2 }), 409, "OPERATION_REUSED");
  });

  test("no refused payment changed the invoice", async () => {
    expect(await owner.steps.get(sent.id)).toEqual(sent);
    const amounts = (await owner.steps.payments(sent.id)).map((payment) => payment.amount as number);
    expect(amounts.sort((a, b) => a - b)).toEqual([1, 100_000]);
  });

  test("an unknown invoice is 404", async () => {
    expectError(await owner.client.post(invoicePath("inv_missing", "/payments"), { ...operation(1), amount: 1 }), 404, "NOT_FOUND");
  });
});

describe("POST /api/invoices/{id}/payments: security", () => {
  test("no key, unknown key, revoked key, wrong scope, another account", async () => {
    const sent = await owner.steps.sent();
    await expectSecurityCases({
      server,
      owner,
      scope: "invoices:write",
      call: (key) => api(server.url).post(invoicePath(sent.id, "/payments"), { ...operation(sent.revision), amount: 100 }, key),
    });
    expect(await owner.steps.get(sent.id)).toEqual(sent);
    expect(await owner.steps.payments(sent.id)).toEqual([]);
  });
});
