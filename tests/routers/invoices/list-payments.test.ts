import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { api } from "../../helpers/http.ts";
import { expectError, invoicePath, steppedAccount, type SteppedAccount } from "../../helpers/invoices.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestServer } from "../../helpers/server.ts";

let server: TestServer;
let owner: SteppedAccount;

beforeAll(async () => {
  server = await startTestServer();
  owner = await steppedAccount(server);
});
afterAll(() => server.close());

describe("GET /api/invoices/{id}/payments: happy", () => {
  test("an invoice without payments lists none", async () => {
    const reply = await owner.client.get(invoicePath((await owner.steps.sent()).id, "/payments"));
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ data: [] });
  });

  test("lists each payment with its fields, oldest date first", async () => {
    const sent = await owner.steps.sent();
    const first = await owner.steps.pay(sent, 30_000, { date: "2026-11-15", method: "card", reference: "R-2" });
    await owner.steps.pay(first, 20_000, { date: "2026-11-10", reference: "R-1" });
    const payments = await owner.steps.payments(sent.id);
    expect(payments).toEqual([
      { id: expect.stringMatching(/^pay_/), invoice_id: sent.id, amount: 20_000, date: "2026-11-10", method: null, reference: "R-1", created_at: server.clock.now().toISOString() },
      { id: expect.stringMatching(/^pay_/), invoice_id: sent.id, amount: 30_000, date: "2026-11-15", method: "card", reference: "R-2", created_at: server.clock.now().toISOString() },
    ]);
  });

  test("the payment recorded by a move to paid is listed", async () => {
    const paid = await owner.steps.transition(await owner.steps.sent(), "paid");
    expect(await owner.steps.payments(paid.id)).toEqual([expect.objectContaining({ amount: paid.total, date: "2026-11-21" })]);
  });

  test("payments of other invoices are not listed", async () => {
    const one = await owner.steps.sent();
    const other = await owner.steps.sent();
    await owner.steps.pay(other, 5_000);
    expect(await owner.steps.payments(one.id)).toEqual([]);
  });
});

describe("GET /api/invoices/{id}/payments: errors", () => {
  test("an unknown invoice is 404", async () => {
    expectError(await owner.client.get(invoicePath("inv_missing", "/payments")), 404, "NOT_FOUND");
  });

  test("a deleted invoice is 404", async () => {
    const draft = await owner.steps.create();
    expect((await owner.client.delete(invoicePath(draft.id))).status).toBe(200);
    expectError(await owner.client.get(invoicePath(draft.id, "/payments")), 404, "NOT_FOUND");
  });
});

describe("GET /api/invoices/{id}/payments: security", () => {
  test("no key, unknown key, revoked key, wrong scope, another account", async () => {
    const paid = await owner.steps.transition(await owner.steps.sent(), "paid");
    await expectSecurityCases({
      server,
      owner,
      scope: "invoices:read",
      call: (key) => api(server.url).get(invoicePath(paid.id, "/payments"), key),
    });
  });
});
