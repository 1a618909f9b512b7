// POST /api/webhooks/{id}/rotate-secret: a new secret shown once; for 24 hours deliveries are signed
// by the new and the old secret (both verify), then by the new one only.
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

/** Sends a test event to the endpoint and returns what the receiver got. */
async function delivered(endpointId: string) {
  expectStatus(await owner.client.post(`/api/webhooks/${endpointId}/test`, {}), 200);
  await server.scheduler.run("deliver-webhooks");
  return receiver.received.at(-1)!;
}

describe("POST /api/webhooks/{id}/rotate-secret", () => {
  test("old and new secret both sign for 24 hours, then only the new one", async () => {
    const endpoint = await createWebhook(owner.client, { url: `${receiver.url}/rotate` });
    const before = await delivered(endpoint.id);
    expect(before.headers["webhook-signature"]!.split(" ")).toHaveLength(1);
    verifyDelivery(endpoint.secret, before, server.clock.now());

    const rotated = expectStatus(await owner.client.post(`/api/webhooks/${endpoint.id}/rotate-secret`, {}), 200);
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(endpoint.secret);
    expect(rotated).toMatchObject({ id: endpoint.id, url: endpoint.url, enabled: true });
    expect(expectStatus(await owner.client.get(`/api/webhooks/${endpoint.id}`), 200).secret).toBeUndefined();

    const during = await delivered(endpoint.id);
    expect(during.headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    verifyDelivery(rotated.secret, during, server.clock.now());
    verifyDelivery(endpoint.secret, during, server.clock.now());

    server.clock.advance(24 * 3_600_000 + 1000);
    const after = await delivered(endpoint.id);
    expect(after.headers["webhook-signature"]!.split(" ")).toHaveLength(1);
    verifyDelivery(rotated.secret, after, server.clock.now());
    expect(() => verifyDelivery(endpoint.secret, after, server.clock.now())).toThrow();
  });

  test("through the tool; a missing endpoint is 404", async () => {
    const endpoint = await createWebhook(owner.client, { url: `${receiver.url}/tool` });
    const byTool = await automate(owner.client, "rotate_webhook_secret", { id: endpoint.id });
    expect(byTool.structuredContent.secret).toMatch(/^whsec_/);
    expectError(await owner.client.post(`/api/webhooks/${EXAMPLE_IDS.webhook}/rotate-secret`, {}), 404, "NOT_FOUND");
  });

  test("security: no key, unknown, revoked, wrong scope, another account's endpoint", async () => {
    const endpoint = await createWebhook(owner.client, { url: `${receiver.url}/security` });
    await expectSecurityCases({ server, owner, scope: "account:admin", call: (key) => api(server.url).post(`/api/webhooks/${endpoint.id}/rotate-secret`, {}, key) });
  });
});
