// DELETE /api/webhooks/{id}: the endpoint goes with its deliveries.
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

async function deliveriesOf(endpointId: string): Promise<number> {
  const counted = await server.services.database.client.execute({ sql: "select count(*) as n from webhook_deliveries where endpoint_id = ?", args: [endpointId] });
  return Number(counted.rows[0]?.n);
}

describe("DELETE /api/webhooks/{id}", () => {
  test("deletes the endpoint and what was owed to it; a second delete is 404", async () => {
    const endpoint = await createWebhook(owner.client, { url: PUBLIC_URL });
    expectStatus(await owner.client.post(`/api/webhooks/${endpoint.id}/test`, {}), 200);
    expect(await deliveriesOf(endpoint.id)).toBe(1);
    expect(expectStatus(await owner.client.delete(`/api/webhooks/${endpoint.id}`), 200)).toEqual({ id: endpoint.id, deleted: true });
    expect(await deliveriesOf(endpoint.id)).toBe(0);
    expectError(await owner.client.get(`/api/webhooks/${endpoint.id}`), 404, "NOT_FOUND");
    expectError(await owner.client.delete(`/api/webhooks/${endpoint.id}`), 404, "NOT_FOUND");
  });

  test("through the tool", async () => {
    const endpoint = await createWebhook(owner.client, { url: PUBLIC_URL });
    expect((await automate(owner.client, "delete_webhook", { id: endpoint.id })).structuredContent).toEqual({ id: endpoint.id, deleted: true });
    expect((await automate(owner.client, "delete_webhook", { id: EXAMPLE_IDS.webhook })).isError).toBe(true);
  });

  test("security: no key, unknown, revoked, wrong scope, another account's endpoint", async () => {
    const endpoint = await createWebhook(owner.client, { url: PUBLIC_URL });
    await expectSecurityCases({ server, owner, scope: "account:admin", call: (key) => api(server.url).delete(`/api/webhooks/${endpoint.id}`, key) });
    expectStatus(await owner.client.get(`/api/webhooks/${endpoint.id}`), 200);
  });
});
