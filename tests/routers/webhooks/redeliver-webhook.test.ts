// POST /api/webhooks/{id}/deliveries/{delivery_id}/redeliver: a delivered or failed delivery is sent
// again now, with the same webhook-id.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { EXAMPLE_IDS } from "../../../routers/shared/examples.ts";
import { api } from "../../helpers/http.ts";
import { expectError, expectStatus, steppedAccount, type SteppedAccount } from "../../helpers/invoices.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestServer } from "../../helpers/server.ts";
import { automate, createWebhook, RECEIVER_ENV, startReceiver, type Receiver } from "../../helpers/webhooks.ts";

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

/** An endpoint at `path` with one delivery (a test event) already attempted once. */
async function attempted(path: string) {
  const endpoint = await createWebhook(owner.client, { url: `${receiver.url}${path}` });
  const { delivery_id } = expectStatus(await owner.client.post(`/api/webhooks/${endpoint.id}/test`, {}), 200);
  await server.scheduler.run("deliver-webhooks");
  return { endpoint, deliveryId: delivery_id as string, redeliverPath: `/api/webhooks/${endpoint.id}/deliveries/${delivery_id}/redeliver` };
}

describe("POST /api/webhooks/{id}/deliveries/{delivery_id}/redeliver", () => {
  test("a delivered one is pending now, then sent again with the same webhook-id", async () => {
    receiver.answer({ status: 204 });
    const { redeliverPath, deliveryId } = await attempted("/again");
    server.clock.advance(3_600_000);
    const pending = expectStatus(await owner.client.post(redeliverPath, {}), 200);
    expect(pending).toMatchObject({ id: deliveryId, status: "pending", next_attempt_at: server.clock.now().toISOString(), attempts: [{ status: 204 }] });
    await server.scheduler.run("deliver-webhooks");
    const sent = receiver.received.filter((request) => request.path === "/again");
    expect(sent).toHaveLength(2);
    expect(sent[1]!.headers["webhook-id"]).toBe(sent[0]!.headers["webhook-id"]!);
    expect(sent[1]!.body).toBe(sent[0]!.body);
  });

  test("a failed one (410 Gone) after the endpoint is enabled again, through the tool", async () => {
    receiver.answer({ status: 410 });
    const { endpoint, deliveryId } = await attempted("/gone");
    const refused = await owner.client.post(`/api/webhooks/${endpoint.id}/deliveries/${deliveryId}/redeliver`, {});
    expectError(refused, 409, "INVALID_TRANSITION");
    expectStatus(await owner.client.put(`/api/webhooks/${endpoint.id}`, { enabled: true }), 200);
    receiver.answer({ status: 200 });
    const byTool = await automate(owner.client, "redeliver", { id: endpoint.id, delivery_id: deliveryId });
    expect(byTool.structuredContent).toMatchObject({ id: deliveryId, status: "pending" });
    await server.scheduler.run("deliver-webhooks");
    const [delivery] = expectStatus(await owner.client.get(`/api/webhooks/${endpoint.id}/deliveries`), 200).data;
    expect(delivery).toMatchObject({ status: "delivered", attempts: [{ status: 410 }, { status: 200 }] });
  });

  test("a pending one is 409; another endpoint's delivery or a missing one 404", async () => {
    receiver.answer({ status: 500 });
    const { endpoint, redeliverPath, deliveryId } = await attempted("/busy");
    expectError(await owner.client.post(redeliverPath, {}), 409, "INVALID_TRANSITION");
    const other = await createWebhook(owner.client, { url: `${receiver.url}/other` });
    const elsewhere = await owner.client.post(`/api/webhooks/${other.id}/deliveries/${deliveryId}/redeliver`, {});
    expectError(elsewhere, 404, "NOT_FOUND");
    expect(elsewhere.body.details.field).toBe("delivery_id");
    expectError(await owner.client.post(`/api/webhooks/${endpoint.id}/deliveries/${EXAMPLE_IDS.delivery}/redeliver`, {}), 404, "NOT_FOUND");
    expectError(await owner.client.post(`/api/webhooks/${EXAMPLE_IDS.webhook}/deliveries/${deliveryId}/redeliver`, {}), 404, "NOT_FOUND");
  });

  test("security: no key, unknown, revoked, wrong scope, another account's endpoint", async () => {
    receiver.answer({ status: 200 });
    const { redeliverPath } = await attempted("/security");
    await expectSecurityCases({ server, owner, scope: "account:admin", call: (key) => api(server.url).post(redeliverPath, {}, key) });
  });
});
