// GET /api/webhooks/{id}/deliveries: newest event first, each with its attempts; status filter, pages.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTRPCClient, httpLink } from "@trpc/client";
import type { AppRouter } from "../../../routers/index.ts";
import { EXAMPLE_IDS } from "../../../routers/shared/examples.ts";
import { api } from "../../helpers/http.ts";
import { expectError, expectStatus, steppedAccount, withQuery, type SteppedAccount } from "../../helpers/invoices.ts";
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

describe("GET /api/webhooks/{id}/deliveries", () => {
  test("each delivery with its attempts (status, duration, excerpt); filtered by status; paged", async () => {
    const endpoint = await createWebhook(owner.client, { url: `${receiver.url}/list`, event_types: ["client.created"] });
    receiver.answer({ status: 200, body: "thanks" });
    expectStatus(await owner.client.post("/api/clients", { name: "Delivered Ltd" }), 201);
    await server.scheduler.run("deliver-webhooks");
    receiver.answer({ status: 503, body: "busy" });
    expectStatus(await owner.client.post("/api/clients", { name: "Pending Ltd" }), 201);
    await server.scheduler.run("deliver-webhooks");

    const all = expectStatus(await owner.client.get(`/api/webhooks/${endpoint.id}/deliveries`), 200);
    expect(all.total).toBe(2);
    const [pending, delivered] = all.data;
    expect(pending).toMatchObject({ endpoint_id: endpoint.id, status: "pending", last_status: 503, delivered_at: null, attempts: [{ status: 503, response_excerpt: "busy", error: null }] });
    expect(Date.parse(pending.next_attempt_at) - server.clock.now().getTime()).toBeGreaterThanOrEqual(4000);
    expect(delivered).toMatchObject({ status: "delivered", last_status: 200, delivered_at: server.clock.now().toISOString(), attempts: [{ status: 200, response_excerpt: "thanks" }] });
    expect(delivered.attempts[0].duration_ms).toBeGreaterThanOrEqual(0);

    const onlyDelivered = expectStatus(await owner.client.get(withQuery(`/api/webhooks/${endpoint.id}/deliveries`, { status: "delivered" })), 200);
    expect(onlyDelivered.data.map((delivery: { id: string }) => delivery.id)).toEqual([delivered.id]);
    expect(expectStatus(await owner.client.get(withQuery(`/api/webhooks/${endpoint.id}/deliveries`, { limit: 1, offset: 1 })), 200)).toMatchObject({ total: 2, data: [{ id: delivered.id }] });

    expect((await automate(owner.client, "list_deliveries", { id: endpoint.id })).structuredContent).toEqual(all);
    const trpc = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${server.url}/trpc`, headers: { authorization: `Bearer ${owner.key}` } })] });
    expect(await trpc.webhooks.deliveries.query({ id: endpoint.id, status: "pending" })).toMatchObject({ total: 1, data: [{ id: pending.id }] });
  });

  test("an unknown status is 422; a missing endpoint 404", async () => {
    const endpoint = await createWebhook(owner.client, { url: `${receiver.url}/errors` });
    const reply = await owner.client.get(withQuery(`/api/webhooks/${endpoint.id}/deliveries`, { status: "lost" }));
    expectError(reply, 422, "VALIDATION_ERROR");
    expect(reply.body.details.field).toBe("status");
    expectError(await owner.client.get(`/api/webhooks/${EXAMPLE_IDS.webhook}/deliveries`), 404, "NOT_FOUND");
  });

  test("security: no key, unknown, revoked, wrong scope, another account's endpoint", async () => {
    const endpoint = await createWebhook(owner.client, { url: `${receiver.url}/security` });
    await expectSecurityCases({ server, owner, scope: "account:admin", call: (key) => api(server.url).get(`/api/webhooks/${endpoint.id}/deliveries`, key) });
  });
});
