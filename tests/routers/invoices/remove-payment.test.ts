// DELETE /api/invoices/{id}/payments/{payment_id} (invoices.removePayment): a payment recorded by
// mistake goes, the amount paid falls by it, a paid invoice is owed again (sent), with its history
// entry and a payment.removed event and no invoice.sent; then each refusal and the security cases.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { operation } from "../../helpers/factories.ts";
import { api } from "../../helpers/http.ts";
import { expectError, expectStatus, invoicePath, steppedAccount, withQuery, type Invoice, type SteppedAccount } from "../../helpers/invoices.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestServer } from "../../helpers/server.ts";

let server: TestServer;
let owner: SteppedAccount;

beforeAll(async () => {
  server = await startTestServer({ now: "2026-11-21T12:00:00Z" });
  owner = await steppedAccount(server);
});
afterAll(() => server.close());

/** The removal as `key` asks it (none: no credential). */
const removeAs = (key: string | null | undefined, invoice: Invoice, paymentId: string) =>
  api(server.url).delete(withQuery(invoicePath(invoice.id, `/payments/${paymentId}`), operation(invoice.revision)), key);
const remove = (invoice: Invoice, paymentId: string) => removeAs(owner.key, invoice, paymentId);

const eventsOf = async (id: string) => expectStatus(await owner.client.get(`/api/events?resource_id=${id}`), 200).data.map((event: { type: string }) => event.type);

describe("DELETE /api/invoices/{id}/payments/{payment_id}: happy", () => {
  test("a paid invoice's mistaken payment goes: owed again and sent, the rest kept, its history and event", async () => {
    const sent = await owner.steps.sent();
    const partly = await owner.steps.pay(sent, 10_000);
    // Recorded a second later: payments of one date list in the order they were recorded, and two
    // in the same millisecond (by two processes of the scaled topology) would have no order between them.
    server.clock.advance(1_000);
    const paid = await owner.steps.pay(partly, sent.total - 10_000);
    const [first, second] = await owner.steps.payments(sent.id);
    const reply = expectStatus(await remove(paid, second!.id), 200);
    expect(reply).toMatchObject({ status: "sent", amount_paid: 10_000, amount_due: sent.total - 10_000, paid_at: null, revision: paid.revision + 1 });
    expect(await owner.steps.payments(sent.id)).toEqual([first!]);
    expect((await owner.steps.history(sent.id)).at(-1)).toMatchObject({ action: "payment_removed", from_status: "paid", to_status: "sent", changes: ["amount_paid", "status"] });
    const events = await eventsOf(sent.id);
    expect(events.filter((type: string) => type === "payment.removed")).toHaveLength(1);
    // Owed again is not a send: the one invoice.sent is the first.
    expect(events.filter((type: string) => type === "invoice.sent")).toHaveLength(1);
  });

  test("an owing invoice keeps its status; a retry of a lost response answers the same and removes nothing more", async () => {
    const partly = await owner.steps.pay(await owner.steps.sent(), 5_000);
    const [payment] = await owner.steps.payments(partly.id);
    const body = operation(partly.revision);
    const path = withQuery(invoicePath(partly.id, `/payments/${payment!.id}`), body);
    const first = expectStatus(await owner.client.delete(path), 200);
    expect(first).toMatchObject({ status: "sent", amount_paid: 0 });
    expect(expectStatus(await owner.client.delete(path), 200)).toEqual(first);
  });
});

describe("DELETE /api/invoices/{id}/payments/{payment_id}: errors", () => {
  test("a payment of another invoice, or none, is 404 naming payment_id; a void invoice keeps its payments (409); a stale revision 409", async () => {
    const one = await owner.steps.pay(await owner.steps.sent(), 1_000);
    const other = await owner.steps.sent();
    const [payment] = await owner.steps.payments(one.id);
    const elsewhere = await remove(other, payment!.id);
    expectError(elsewhere, 404, "NOT_FOUND");
    expect(elsewhere.body.details.field).toBe("payment_id");
    expectError(await remove(one, "pay_01KB4Z2W9X6M3Q7R8T5V0C1NPE"), 404, "NOT_FOUND");
    expectError(await remove({ ...one, revision: one.revision - 1 }, payment!.id), 409, "REVISION_CONFLICT");
    const voided = await owner.steps.transition(one, "void");
    expectError(await remove(voided, payment!.id), 409, "INVALID_TRANSITION");
    expect(await owner.steps.payments(one.id)).toEqual([payment!]);
  });
});

describe("DELETE /api/invoices/{id}/payments/{payment_id}: security", () => {
  test("no key, unknown key, revoked key, wrong scope, another account", async () => {
    const partly = await owner.steps.pay(await owner.steps.sent(), 1_000);
    const [payment] = await owner.steps.payments(partly.id);
    await expectSecurityCases({ server, owner, scope: "invoices:write", call: (key) => removeAs(key, partly, payment!.id) });
    expect(await owner.steps.payments(partly.id)).toEqual([payment!]);
  });
});
