// templates.apply: a revisioned write of the invoice's template_id (REST POST /invoices/{id}/template).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { operation } from "../../helpers/factories.ts";
import { api } from "../../helpers/http.ts";
import { expectError, expectStatus, invoicePath, steppedAccount, type SteppedAccount } from "../../helpers/invoices.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestServer } from "../../helpers/server.ts";

let server: TestServer;
let owner: SteppedAccount;

beforeAll(async () => {
  server = await startTestServer();
  owner = await steppedAccount(server);
});
afterAll(() => server.close());

const apply = (account: SteppedAccount, id: string, body: Record<string, unknown>, key?: string | null) => account.client.post(invoicePath(id, "/template"), body, key);

describe("POST /api/invoices/{id}/template: happy", () => {
  test("applies a custom template, then a built-in, then null (the default): one revision and history entry each", async () => {
    const template = expectStatus(await owner.client.post("/api/templates", { name: "Mine", base: "minimal" }), 201);
    const invoice = await owner.steps.create();
    const first = expectStatus(await apply(owner, invoice.id, { ...operation(invoice.revision), template_id: template.id }), 200);
    expect(first).toMatchObject({ template_id: template.id, revision: invoice.revision + 1 });
    const second = expectStatus(await apply(owner, invoice.id, { ...operation(first.revision), template_id: "bold" }), 200);
    expect(second.template_id).toBe("bold");
    const cleared = expectStatus(await apply(owner, invoice.id, { ...operation(second.revision), template_id: null }), 200);
    expect(cleared.template_id).toBeNull();
    const history = await owner.steps.history(invoice.id);
    expect(history.filter((entry) => entry.action === "template_applied")).toHaveLength(3);
  });

  test("a retried operation replays the stored answer", async () => {
    const invoice = await owner.steps.create();
    const body = { ...operation(invoice.revision), template_id: "modern" };
    const first = expectStatus(await apply(owner, invoice.id, body), 200);
    expect(expectStatus(await apply(owner, invoice.id, body), 200)).toEqual(first);
  });
});

describe("POST /api/invoices/{id}/template: unhappy", () => {
  test("428 without base_revision, 409 on a stale one, 404 for a missing template, 409 once finalized", async () => {
    const invoice = await owner.steps.create();
    expectError(await apply(owner, invoice.id, { template_id: "bold" }), 428, "REVISION_REQUIRED");
    const moved = await owner.steps.update(invoice, { notes: "moved on" });
    const stale = await apply(owner, invoice.id, { ...operation(invoice.revision), template_id: "bold" });
    expectError(stale, 409, "REVISION_CONFLICT");
    expectError(await apply(owner, invoice.id, { ...operation(moved.revision), template_id: "tpl_missing" }), 404, "NOT_FOUND");
    const finalized = await owner.steps.finalize(moved);
    expectError(await apply(owner, invoice.id, { ...operation(finalized.revision), template_id: "bold" }), 409, "INVOICE_LOCKED");
    expect((await owner.steps.get(invoice.id)).template_id).toBeNull();
  });
});

describe("POST /api/invoices/{id}/template: security", () => {
  test("needs invoices:write and the invoice's owner; another account's template is 403", async () => {
    const invoice = await owner.steps.create();
    await expectSecurityCases({
      server,
      owner,
      scope: "invoices:write",
      call: (key) => api(server.url).post(invoicePath(invoice.id, "/template"), { ...operation(invoice.revision), template_id: "bold" }, key),
    });
    const stranger = await steppedAccount(server);
    const theirs = expectStatus(await stranger.client.post("/api/templates", { name: "Theirs" }), 201);
    const reply = await apply(owner, invoice.id, { ...operation(invoice.revision), template_id: theirs.id });
    expectError(reply, 403, "FORBIDDEN");
    expect(reply.body.details.field).toBe("template_id");
  });
});
