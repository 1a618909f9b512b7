// POST /api/webhooks/{id}/test: a webhook.test event about the endpoint, delivered to it alone.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { EXAMPLE_IDS } from "../../../routers/shared/examples.ts";
import { api } from "../../helpers/http.ts";
import { expectError, expectStatus, steppedAccount, type SteppedAccount } from "../../helpers/invoices.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestServer } from "../../helpers/server.ts";
import { automate, createWebhook, RECEIVER_ENV, startReceiver, verifyDelivery, type Receiver } from "../../helpers/webhooks.ts";

let server: TestServer;
let owner: SteppedAccount;
let receiver: Receiver;

beforeAll(async () => {
  server = await startTestServer({ env: RECEIVER_ENV });
  owner = await steppedAccount(server);
  receiver = await startReceiver();
});
afterAll(async () => {
  await server.close();
  await receiver.stop();
});

describe("POST /api/webhooks/{id}/test", () => {
  test("answers the event and delivery ids; only this endpoint receives it, signed, with the endpoint as data", async () => {
    const target = await createWebhook(owner.client, { url: `${receiver.url}/target`, event_types: ["invoice.paid"] });
    await createWebhook(owner.client, { url: `${receiver.url}/bystander` });
    const answer = expectStatus(await owner.client.post(`/api/webhooks/${target.id}/test`, {}), 200);
    expect(answer.event_id).toMatch(/^evt_/);
    expect(answer.delivery_id).toMatch(/^dlv_/);
    await server.scheduler.run("deliver-webhooks");
    expect(receiver.received.map((request) => request.path)).toEqual(["/target"]);
    const payload = verifyDelivery(target.secret, receiver.received[0]!, server.clock.now());
    const { secret: _secret, ...shown } = target;
    expect(payload).toEqual({ id: answer.event_id, type: "webhook.test", created_at: server.clock.now().toISOString(), timestamp: server.clock.now().toISOString(), resource: { type: "webhook_endpoint", id: target.id }, data: shown });
    expect(receiver.received[0]!.headers["webhook-id"]).toBe(answer.event_id);
    const [delivery] = expectStatus(await owner.client.get(`/api/webhooks/${target.id}/deliveries`), 200).data;
    expect(delivery).toMatchObject({ id: answer.delivery_id, event_id: answer.event_id, status: "delivered" });
    const [event] = expectStatus(await owner.client.get(`/api/events?type=webhook.test`), 200).data;
    expect(event.id).toBe(answer.event_id);
  });

  test("through the tool", async () => {
    const endpoint = await createWebhook(owner.client, { url: `${receiver.url}/tool` });
    const byTool = await automate(owner.client, "test_webhook", { id: endpoint.id });
    expect(byTool.structuredContent.delivery_id).toMatch(/^dlv_/);
  });

  test("a disabled endpoint is 409 (nothing would be attempted); a missing one 404", async () => {
    const endpoint = await createWebhook(owner.client, { url: `${receiver.url}/off` });
    expectStatus(await owner.client.put(`/api/webhooks/${endpoint.id}`, { enabled: false }), 200);
    const reply = await owner.client.post(`/api/webhooks/${endpoint.id}/test`, {});
    expectError(reply, 409, "INVALID_TRANSITION");
    expect(reply.body.error).toContain("enable it first");
    expectError(await owner.client.post(`/api/webhooks/${EXAMPLE_IDS.webhook}/test`, {}), 404, "NOT_FOUND");
  });

  test("security: no key, unknown, revoked, wrong scope, another account's endpoint", async () => {
    const endpoint = await createWebhook(owner.client, { url: `${receiver.url}/security` });
    await expectSecurityCases({ server, owner, scope: "account:admin", call: (key) => api(server.url).post(`/api/webhooks/${endpoint.id}/test`, {}, key) });
  });
});
