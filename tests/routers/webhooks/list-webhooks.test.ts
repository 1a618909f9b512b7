// GET /api/webhooks: the account's endpoints, oldest first, paginated; never their secrets.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { api } from "../../helpers/http.ts";
import { expectError, expectStatus, steppedAccount, withQuery, type SteppedAccount } from "../../helpers/invoices.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestServer } from "../../helpers/server.ts";
import { automate, createWebhook, PUBLIC_URL } from "../../helpers/webhooks.ts";

let server: TestServer;
let owner: SteppedAccount;

beforeAll(async () => {
  server = await startTestServer();
  owner = await steppedAccount(server);
});
afterAll(() => server.close());

describe("GET /api/webhooks", () => {
  test("oldest first with total and pages, without secrets; only the account's own", async () => {
    const first = await createWebhook(owner.client, { url: PUBLIC_URL, description: "first" });
    server.clock.advance(1000);
    const second = await createWebhook(owner.client, { url: `${PUBLIC_URL}/2`, event_types: ["invoice.paid"] });
    const all = expectStatus(await owner.client.get("/api/webhooks"), 200);
    expect(all).toMatchObject({ total: 2, limit: 20, offset: 0 });
    expect(all.data.map((endpoint: { id: string }) => endpoint.id)).toEqual([first.id, second.id]);
    expect(all.data.every((endpoint: object) => !("secret" in endpoint))).toBe(true);
    const { secret: _secret, ...shown } = second;
    expect(all.data[1]).toEqual(shown);
    expect(expectStatus(await owner.client.get(withQuery("/api/webhooks", { limit: 1, offset: 1 })), 200)).toMatchObject({ total: 2, data: [{ id: second.id }] });
    const stranger = await steppedAccount(server);
    expect(expectStatus(await stranger.client.get("/api/webhooks"), 200).total).toBe(0);
  });

  test("through the tool: the same page", async () => {
    const listed = expectStatus(await owner.client.get("/api/webhooks"), 200);
    expect((await automate(owner.client, "list_webhooks")).structuredContent).toEqual(listed);
  });

  test("a limit over 100 or an unknown filter is 422 naming it", async () => {
    for (const [query, field] of [
      [{ limit: 101 }, "limit"],
      [{ offset: -1 }, "offset"],
    ] as const) {
      const reply = await owner.client.get(withQuery("/api/webhooks", query));
      expectError(reply, 422, "VALIDATION_ERROR");
      expect(reply.body.details.field).toBe(field);
    }
  });

  test("security: no key, unknown, revoked, and a key without account:admin", async () => {
    await expectSecurityCases({ server, owner, scope: "account:admin", ownsResource: false, call: (key) => api(server.url).get("/api/webhooks", key) });
  });
});
