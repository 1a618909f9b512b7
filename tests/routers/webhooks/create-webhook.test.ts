// POST /api/webhooks: an endpoint subscribed to event types (or all), its secret shown once, its URL
// checked against server-side request forgery.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTRPCClient, httpLink } from "@trpc/client";
import type { AppRouter } from "../../../routers/index.ts";
import { MAX_ENDPOINTS_PER_ACCOUNT } from "../../../server/domain/webhooks.ts";
import { api } from "../../helpers/http.ts";
import { expectError, expectStatus, steppedAccount, type SteppedAccount } from "../../helpers/invoices.ts";
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

describe("POST /api/webhooks", () => {
  test("201 with Location; the secret is whsec_ and 32 random bytes, shown only now", async () => {
    const reply = await owner.client.post("/api/webhooks", { url: PUBLIC_URL, event_types: ["invoice.paid", "invoice.overdue"], description: "Accounting" });
    const created = expectStatus(reply, 201);
    expect(created).toMatchObject({
      url: PUBLIC_URL,
      description: "Accounting",
      event_types: ["invoice.paid", "invoice.overdue"],
      enabled: true,
      disabled_reason: null,
      failing_since: null,
      created_at: server.clock.now().toISOString(),
    });
    expect(created.id).toMatch(/^whk_/);
    expect(reply.headers.get("location")).toBe(`/api/webhooks/${created.id}`);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(atob(created.secret.slice(6)).length).toBe(32);
    const shown = expectStatus(await owner.client.get(`/api/webhooks/${created.id}`), 200);
    expect(shown.secret).toBeUndefined();
    expect(JSON.stringify(shown)).not.toContain(created.secret.slice(6));
  });

  test("every event type by default; the secret is stored sealed, never in the clear", async () => {
    const created = await createWebhook(owner.client, { url: PUBLIC_URL });
    expect(created.event_types).toEqual(["*"]);
    const stored = await server.services.database.client.execute({ sql: "select secret from webhook_endpoints where id = ?", args: [created.id] });
    const sealed = String(stored.rows[0]?.secret);
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain(created.secret.slice(6));
  });

  test("through the tool and the tRPC client too", async () => {
    const account = await steppedAccount(server);
    const byTool = await automate(account.client, "create_webhook", { url: PUBLIC_URL, event_types: ["client.created"] });
    expect(byTool.isError).toBeFalsy();
    expect(byTool.structuredContent).toMatchObject({ url: PUBLIC_URL, event_types: ["client.created"], enabled: true });
    expect(byTool.structuredContent.secret).toMatch(/^whsec_/);
    const trpc = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${server.url}/trpc`, headers: { authorization: `Bearer ${account.key}` } })] });
    const byTrpc = await trpc.webhooks.create.mutate({ url: PUBLIC_URL, event_types: ["*"] });
    expect(byTrpc.secret).toMatch(/^whsec_/);
    expect(expectStatus(await account.client.get("/api/webhooks"), 200).total).toBe(2);
  });

  test("URLs the guard refuses are 422 on field url, saying why", async () => {
    for (const [url, issue] of [
      ["http://203.0.113.10/hooks", "only https URLs"],
      ["https://127.0.0.1/hooks", "127.0.0.1 is a refused address (loopback)"],
      ["https://[::1]/hooks", "::1 is a refused address (loopback)"],
      ["https://0.0.0.0/hooks", "0.0.0.0 is a refused address (this network)"],
      ["https://169.254.169.254/latest/meta-data", "169.254.169.254 is a refused address (cloud metadata)"],
      ["https://2130706433/hooks", "127.0.0.1 is a refused address (loopback)"],
      ["https://[::ffff:10.0.0.1]/hooks", "::ffff:a00:1 is a refused address (private network)"],
      ["https://[::ffff:0:127.0.0.1]/hooks", "::ffff:0:7f00:1 is a refused address (IPv4-translated)"],
      ["https://[64:ff9b::7f00:1]/hooks", "64:ff9b::7f00:1 is a refused address (NAT64)"],
      ["https://[64:ff9b:1::7f00:1]/hooks", "64:ff9b:1::7f00:1 is a refused address (NAT64 (local use))"],
      ["https://user:pw@203.0.113.10/hooks", "credentials in the URL"],
      ["https://203.0.113.10:25/hooks", "port 25: only 80, 443 or 1024 and above"],
    ] as const) {
      const reply = await owner.client.post("/api/webhooks", { url });
      expectError(reply, 422, "VALIDATION_ERROR");
      expect(reply.body.details).toEqual({ field: "url", issue });
    }
    const localhost = await owner.client.post("/api/webhooks", { url: "https://localhost/hooks" });
    expectError(localhost, 422, "VALIDATION_ERROR");
    expect(localhost.body.details.issue).toMatch(/^localhost resolves to .* \(loopback\)$/);
  });

  test("unknown event types, \"*\" beside others, an empty list or unknown fields are 422 naming the field", async () => {
    for (const [body, field] of [
      [{ url: PUBLIC_URL, event_types: ["invoice.exploded"] }, "event_types.0"],
      [{ url: PUBLIC_URL, event_types: ["*", "invoice.paid"] }, "event_types"],
      [{ url: PUBLIC_URL, event_types: [] }, "event_types"],
      [{ event_types: ["*"] }, "url"],
      [{ url: PUBLIC_URL, secret: "whsec_mine" }, "secret"],
    ] as const) {
      const reply = await owner.client.post("/api/webhooks", body);
      expectError(reply, 422, "VALIDATION_ERROR");
      expect(reply.body.details.field).toBe(field);
    }
  });

  test(`at most ${MAX_ENDPOINTS_PER_ACCOUNT} endpoints per account`, async () => {
    const account = await steppedAccount(server);
    for (let made = 0; made < MAX_ENDPOINTS_PER_ACCOUNT; made++) await createWebhook(account.client, { url: PUBLIC_URL });
    const reply = await account.client.post("/api/webhooks", { url: PUBLIC_URL });
    expectError(reply, 422, "VALIDATION_ERROR");
    expect(reply.body.details).toMatchObject({ field: "url", issue: `at most ${MAX_ENDPOINTS_PER_ACCOUNT} endpoints per account` });
  });

  test("security: no key, unknown, revoked, and a key without account:admin", async () => {
    await expectSecurityCases({ server, owner, scope: "account:admin", ownsResource: false, call: (key) => api(server.url).post("/api/webhooks", { url: PUBLIC_URL }, key) });
  });
});
