// PUT /api/webhooks/{id}: URL (checked again), description, event types, enabled; re-enabling
// clears why it was disabled.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { EXAMPLE_IDS } from "../../../routers/shared/examples.ts";
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

describe("PUT /api/webhooks/{id}", () => {
  test("changes only the fields given; null clears the description", async () => {
    const endpoint = await createWebhook(owner.client, { url: PUBLIC_URL, description: "old", event_types: ["invoice.paid"] });
    server.clock.advance(60_000);
    const updated = expectStatus(await owner.client.put(`/api/webhooks/${endpoint.id}`, { url: `${PUBLIC_URL}/v2`, event_types: ["*"] }), 200);
    expect(updated).toMatchObject({ url: `${PUBLIC_URL}/v2`, description: "old", event_types: ["*"], enabled: true, updated_at: server.clock.now().toISOString(), created_at: endpoint.created_at });
    expect(updated.secret).toBeUndefined();
    const cleared = expectStatus(await owner.client.put(`/api/webhooks/${endpoint.id}`, { description: null }), 200);
    expect(cleared.description).toBeNull();
    expect(expectStatus(await owner.client.get(`/api/webhooks/${endpoint.id}`), 200)).toEqual(cleared);
  });

  test("disabling records the reason; enabling again clears it (through the tool)", async () => {
    const endpoint = await createWebhook(owner.client, { url: PUBLIC_URL });
    const disabled = expectStatus(await owner.client.put(`/api/webhooks/${endpoint.id}`, { enabled: false }), 200);
    expect(disabled).toMatchObject({ enabled: false, disabled_reason: "disabled by the account" });
    const enabled = await automate(owner.client, "update_webhook", { id: endpoint.id, enabled: true });
    expect(enabled.structuredContent).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null });
  });

  test("a refused URL is 422 on url and changes nothing; bad event types, unknown fields 422; missing 404", async () => {
    const endpoint = await createWebhook(owner.client, { url: PUBLIC_URL });
    const refused = await owner.client.put(`/api/webhooks/${endpoint.id}`, { url: "https://169.254.169.254/" });
    expectError(refused, 422, "VALIDATION_ERROR");
    expect(refused.body.details).toEqual({ field: "url", issue: "169.254.169.254 is a refused address (cloud metadata)" });
    expect(expectStatus(await owner.client.get(`/api/webhooks/${endpoint.id}`), 200).url).toBe(PUBLIC_URL);
    for (const [body, field] of [
      [{ event_types: ["nope"] }, "event_types.0"],
      [{ enabled: "yes" }, "enabled"],
      [{ secret: "whsec_x" }, "secret"],
    ] as const) {
      const reply = await owner.client.put(`/api/webhooks/${endpoint.id}`, body);
      expectError(reply, 422, "VALIDATION_ERROR");
      expect(reply.body.details.field).toBe(field);
    }
    expectError(await owner.client.put(`/api/webhooks/${EXAMPLE_IDS.webhook}`, { enabled: false }), 404, "NOT_FOUND");
  });

  test("security: no key, unknown, revoked, wrong scope, another account's endpoint", async () => {
    const endpoint = await createWebhook(owner.client, { url: PUBLIC_URL });
    await expectSecurityCases({ server, owner, scope: "account:admin", call: (key) => api(server.url).put(`/api/webhooks/${endpoint.id}`, { description: "x" }, key) });
  });
});
