import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { operation } from "../../helpers/factories.ts";
import { api } from "../../helpers/http.ts";
import { expectError, invoicePath, steppedAccount, withQuery, type Invoice, type SteppedAccount } from "../../helpers/invoices.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestServer } from "../../helpers/server.ts";

let server: TestServer;
let owner: SteppedAccount;

beforeAll(async () => {
  server = await startTestServer();
  owner = await steppedAccount(server);
});
afterAll(() => server.close());

/** DELETE has no body: base_revision and operation_id travel as query parameters (docs/openapi.json). */
const undoPath = (invoice: Invoice, params: Record<string, string | number | undefined> = operation(invoice.revision)) =>
  withQuery(invoicePath(invoice.id, "/finalize"), params);

describe("DELETE /api/invoices/{id}/finalize: happy", () => {
  test("unlocks the invoice and keeps its number", async () => {
    const finalized = await owner.steps.finalize(await owner.steps.create());
    const reply = await owner.client.delete(undoPath(finalized));
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ locked: false, number: finalized.number, finalized_at: null, status: "draft", revision: finalized.revision + 1 });
    expect(await owner.steps.get(finalized.id)).toEqual(reply.body);
  });

  test("content can be edited again, and finalizing again keeps the number without taking a new one", async () => {
    const account = await steppedAccount(server);
    const finalized = await account.steps.finalize(await account.steps.create());
    const undone = await account.steps.undoFinalize(finalized);
    const edited = await account.steps.update(undone, { notes: "fixed a typo" });
    expect(edited).toMatchObject({ notes: "fixed a typo", number: "INV-2026-0001" });
    expect(await account.steps.finalize(edited)).toMatchObject({ locked: true, number: "INV-2026-0001" });
    expect((await account.steps.finalize(await account.steps.create())).number).toBe("INV-2026-0002");
  });

  test("an approved invoice can be unlocked before it is sent", async () => {
    const approved = await owner.steps.through(await owner.steps.create(), "review", "approved");
    const undone = await owner.steps.undoFinalize(await owner.steps.finalize(approved));
    expect(undone).toMatchObject({ status: "approved", locked: false });
  });

  test("a retry of a lost response returns the same body", async () => {
    const finalized = await owner.steps.finalize(await owner.steps.create());
    const path = undoPath(finalized);
    const first = await owner.client.delete(path);
    expect(first.status).toBe(200);
    expect(await owner.client.delete(path)).toMatchObject({ status: 200, body: first.body });
    expect((await owner.steps.get(finalized.id)).revision).toBe(first.body.revision);
  });
});

describe("DELETE /api/invoices/{id}/finalize: errors", () => {
  test.each([
    ["sent", ["sent"]],
    ["paid", ["sent", "paid"]],
    ["sent then voided", ["sent", "void"]],
  ])("after sending (%s) it is 409 INVALID_TRANSITION", async (_name, moves) => {
    const invoice = await owner.steps.through(await owner.steps.create(), ...moves);
    expectError(await owner.client.delete(undoPath(invoice)), 409, "INVALID_TRANSITION");
    expect(await owner.steps.get(invoice.id)).toEqual(invoice);
  });

  test("an invoice that is not finalized is 409 INVALID_TRANSITION", async () => {
    const draft = await owner.steps.create();
    expectError(await owner.client.delete(undoPath(draft)), 409, "INVALID_TRANSITION");
    const undone = await owner.steps.undoFinalize(await owner.steps.finalize(await owner.steps.create()));
    expectError(await owner.client.delete(undoPath(undone)), 409, "INVALID_TRANSITION");
  });

  test("revision rules: 428 without the query parameters, 409 when stale or reused", async () => {
    const finalized = await owner.steps.finalize(await owner.steps.create());
    expectError(await owner.client.delete(invoicePath(finalized.id, "/finalize")), 428, "REVISION_REQUIRED");
    expectError(await owner.client.delete(undoPath(finalized, { base_revision: finalized.revision })), 428, "REVISION_REQUIRED");
    expectError(await owner.client.delete(undoPath(finalized, { operation_id: crypto.randomUUID() })), 428, "REVISION_REQUIRED");
    expectError(await owner.client.delete(undoPath(finalized, { ...operation(finalized.revision), base_revision: "two" })), 422, "VALIDATION_ERROR");
    const stale = await owner.client.delete(undoPath(finalized, operation(1)));
    expectError(stale, 409, "REVISION_CONFLICT");
    expect(stale.body.details.current_revision).toBe(finalized.revision);
    expect(await owner.steps.get(finalized.id)).toEqual(finalized);
    const used = operation(finalized.revision);
    expect((await owner.client.delete(undoPath(finalized, used))).status).toBe(200);
    const other = await owner.steps.finalize(await owner.steps.create());
    expectError(await owner.client.delete(undoPath(other, { ...used, base_revision: other.revision })), 409, "OPERATION_REUSED");
  });

  test("an unknown invoice is 404", async () => {
    expectError(await owner.client.delete(withQuery(invoicePath("inv_missing", "/finalize"), operation(2))), 404, "NOT_FOUND");
  });
});

describe("DELETE /api/invoices/{id}/finalize: security", () => {
  test("no key, unknown key, revoked key, wrong scope, another account", async () => {
    const finalized = await owner.steps.finalize(await owner.steps.create());
    await expectSecurityCases({
      server,
      owner,
      scope: "invoices:write",
      call: (key) => api(server.url).delete(undoPath(finalized), key),
    });
    expect(await owner.steps.get(finalized.id)).toEqual(finalized);
  });
});
