// GET /api/invoices/{id}/preview (invoices.preview): the editor's live preview — the saved revision
// painted as its PNG export is, base64 in the reply, stored nowhere and counted against no export
// quota (ADR 0039). Every security case.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { api } from "../../helpers/http.ts";
import { expectStatus, invoicePath, steppedAccount, type SteppedAccount } from "../../helpers/invoices.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestServer } from "../../helpers/server.ts";
import { operation } from "../../helpers/factories.ts";

let server: TestServer;
let owner: SteppedAccount;

beforeAll(async () => {
  server = await startTestServer();
  owner = await steppedAccount(server);
});
afterAll(() => server.close());

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const previewOf = async (id: string) => expectStatus(await owner.client.get(invoicePath(id, "/preview")), 200);

describe("GET /api/invoices/{id}/preview", () => {
  test("the saved revision as the PNG export paints it, and each save paints the new one", async () => {
    const draft = await owner.steps.create();
    const first = await previewOf(draft.id);
    expect(first).toMatchObject({ revision: draft.revision, media_type: "image/png" });
    const bytes = Buffer.from(first.data, "base64");
    expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    const exported = expectStatus(await owner.client.post(invoicePath(draft.id, "/export"), { format: "png" }), 200);
    const file = new Uint8Array(await (await fetch(exported.url)).arrayBuffer());
    expect(bytes.length).toBe(file.length);

    const edited = expectStatus(await owner.client.put(invoicePath(draft.id), { ...operation(draft.revision), notes: "Thank you for your order" }), 200);
    const second = await previewOf(draft.id);
    expect(second.revision).toBe(edited.revision);
    expect(second.data).not.toBe(first.data);
  });

  test("stores no file: the account's export count stays where it was", async () => {
    const draft = await owner.steps.create();
    const before = expectStatus(await owner.client.get("/api/usage"), 200).storage.exports.used;
    for (let round = 0; round < 3; round++) await previewOf(draft.id);
    expect(expectStatus(await owner.client.get("/api/usage"), 200).storage.exports.used).toBe(before);
  });

  test("an unknown invoice is 404 NOT_FOUND naming the id", async () => {
    const missing = await owner.client.get(invoicePath("inv_01KB4Z2W9X6M3Q7R8T5V0C1NPE", "/preview"));
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: "NOT_FOUND" });
  });

  test("no key, unknown key, revoked key, wrong scope, another account", async () => {
    const invoice = await owner.steps.create();
    await expectSecurityCases({ server, owner, scope: "invoices:read", call: (key) => api(server.url).get(invoicePath(invoice.id, "/preview"), key) });
  });
});
