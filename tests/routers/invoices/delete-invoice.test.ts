import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { operation } from "../../helpers/factories.ts";
import { api } from "../../helpers/http.ts";
import { expectError, expectStatus, invoicePath, steppedAccount, withQuery, type Invoice, type SteppedAccount } from "../../helpers/invoices.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestServer } from "../../helpers/server.ts";

let server: TestServer;
let owner: SteppedAccount;

beforeAll(async () => {
  server = await startTestServer();
  owner = await steppedAccount(server);
});
afterAll(() => server.close());

const remove = (invoice: Pick<Invoice, "id">, query: Record<string, string | number | undefined> = {}) =>
  owner.client.delete(withQuery(invoicePath(invoice.id), query));

async function expectGone(id: string): Promise<void> {
  expectError(await owner.client.get(invoicePath(id)), 404, "NOT_FOUND");
  expectError(await owner.client.get(invoicePath(id, "/history")), 404, "NOT_FOUND");
  expectError(await owner.client.get(invoicePath(id, "/payments")), 404, "NOT_FOUND");
  const listed = expectStatus(await owner.client.get("/api/invoices?limit=100"), 200);
  expect(listed.data.map((invoice: Invoice) => invoice.id)).not.toContain(id);
}

describe("DELETE /api/invoices/{id}: happy", () => {
  test("a draft that never had a number is deleted for good", async () => {
    const draft = await owner.steps.create();
    const reply = await remove(draft);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ id: draft.id, deleted: true });
    await expectGone(draft.id);
  });

  test("the current base_revision as a query parameter is honoured", async () => {
    const edited = await owner.steps.update(await owner.steps.create(), { notes: "edited" });
    expect(await remove(edited, { base_revision: 2 })).toMatchObject({ status: 200, body: { id: edited.id, deleted: true } });
    await expectGone(edited.id);
  });

  test("base_revision and operation_id as query parameters are accepted, as on every bodiless route", async () => {
    const draft = await owner.steps.create();
    expect(await remove(draft, operation(1))).toMatchObject({ status: 200, body: { id: draft.id, deleted: true } });
    await expectGone(draft.id);
  });

  test("a retry with the same operation_id answers as the first call did, though the draft is gone", async () => {
    const draft = await owner.steps.create();
    const retried = operation(1);
    expect(await remove(draft, retried)).toMatchObject({ status: 200, body: { id: draft.id, deleted: true } });
    expect(await remove(draft, retried)).toMatchObject({ status: 200, body: { id: draft.id, deleted: true } });
    await expectGone(draft.id);
  });

  test.each([
    ["in review", ["review"]],
    ["approved", ["review", "approved"]],
    ["voided before it got a number", ["void"]],
  ])("an unnumbered invoice %s can be deleted", async (_name, moves) => {
    const invoice = await owner.steps.through(await owner.steps.create(), ...moves);
    expect((await remove(invoice)).status).toBe(200);
    await expectGone(invoice.id);
  });
});

describe("DELETE /api/invoices/{id}: errors", () => {
  test.each([
    ["finalized", async () => owner.steps.finalize(await owner.steps.create())],
    ["finalized then unlocked (it keeps its number)", async () => owner.steps.undoFinalize(await owner.steps.finalize(await owner.steps.create()))],
    ["numbered on create", async () => owner.steps.create({ number: `OWN-${crypto.randomUUID()}` })],
    ["sent", async () => owner.steps.sent()],
    ["sent then voided", async () => owner.steps.transition(await owner.steps.sent(), "void")],
  ])("a numbered invoice (%s) is 409 INVOICE_LOCKED and stays", async (_name, make) => {
    const invoice = await make();
    expect(invoice.number).not.toBeNull();
    expectError(await remove(invoice), 409, "INVOICE_LOCKED");
    expect(await owner.steps.get(invoice.id)).toEqual(invoice);
  });

  test("a stale base_revision is 409 REVISION_CONFLICT and the draft stays", async () => {
    const edited = await owner.steps.update(await owner.steps.create(), { notes: "edited" });
    const reply = await remove(edited, { base_revision: 1 });
    expectError(reply, 409, "REVISION_CONFLICT");
    expect(reply.body.details.current_revision).toBe(2);
    expect(await owner.steps.get(edited.id)).toEqual(edited);
  });

  test("an operation_id reused on another invoice is 409 OPERATION_REUSED and that invoice stays", async () => {
    const [first, second] = [await owner.steps.create(), await owner.steps.create()];
    const used = operation(1);
    expect((await remove(first, used)).status).toBe(200);
    expectError(await remove(second, used), 409, "OPERATION_REUSED");
    expect(await owner.steps.get(second.id)).toEqual(second);
  });

  test("a base_revision that is not a positive integer is 422", async () => {
    const draft = await owner.steps.create();
    for (const base_revision of ["one", 0, 1.5]) {
      const reply = await remove(draft, { base_revision });
      expectError(reply, 422, "VALIDATION_ERROR");
      expect(reply.body.details.field).toBe("base_revision");
    }
    expect(await owner.steps.get(draft.id)).toEqual(draft);
  });

  test("an unknown or already deleted invoice is 404", async () => {
    expectError(await remove({ id: "inv_missing" }), 404, "NOT_FOUND");
    const draft = await owner.steps.create();
    expect((await remove(draft)).status).toBe(200);
    expectError(await remove(draft), 404, "NOT_FOUND");
  });
});

describe("DELETE /api/invoices/{id}: security", () => {
  test("no key, unknown key, revoked key, wrong scope, another account", async () => {
    const draft = await owner.steps.create();
    await expectSecurityCases({
      server,
      owner,
      scope: "invoices:write",
      call: (key) => api(server.url).delete(invoicePath(draft.id), key),
    });
    expect(await owner.steps.get(draft.id)).toEqual(draft);
  });
});
