// Webhook delivery end to end (the deliver-webhooks job): a receiver on 127.0.0.1 inside the test,
// every delivery checked with the independent `standardwebhooks` verifier; retries on the schedule,
// 410 and three days of failures disabling the endpoint, a receiver that dies, a service restarted
// between attempts, order per resource, and bounded response excerpts.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rm } from "node:fs/promises";
import { RETRY_JITTER } from "../../server/domain/retry.ts";
import { MAX_ATTEMPTS, RESPONSE_EXCERPT_CHARS, RETRY_DELAYS_MS } from "../../server/domain/webhooks.ts";
import { api } from "../helpers/http.ts";
import { expectStatus, steppedAccount, type SteppedAccount } from "../helpers/invoices.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { createWebhook, RECEIVER_ENV, startReceiver, verifyDelivery, type Receiver } from "../helpers/webhooks.ts";

let server: TestServer;
let receiver: Receiver;

beforeAll(async () => {
  server = await startTestServer({ env: RECEIVER_ENV });
  receiver = await startReceiver();
});
afterAll(async () => {
  await server.close();
  await receiver.stop();
});

/** Past the longest jittered wait after `attempts` failed attempts. */
const pastRetry = (attempts: number): number => Math.ceil(RETRY_DELAYS_MS[attempts - 1]! * (1 + RETRY_JITTER)) + 1000;

async function deliver(on: TestServer = server): Promise<void> {
  expect(await on.scheduler.run("deliver-webhooks")).toBe(true);
}

async function deliveries(account: SteppedAccount, endpointId: string): Promise<any[]> {
  return expectStatus(await account.client.get(`/api/webhooks/${endpointId}/deliveries?limit=100`), 200).data;
}

describe("a change reaches the endpoint", () => {
  test("creating an invoice: nothing is sent during the request; the job sends the event, signed, with the invoice as data", async () => {
    const account = await steppedAccount(server);
    const endpoint = await createWebhook(account.client, { url: `${receiver.url}/invoices`, event_types: ["invoice.created"] });
    const invoice = await account.steps.create();
    expect(receiver.events("/invoices")).toEqual([]);
    await deliver();
    const [request] = receiver.received.filter((received) => received.path === "/invoices");
    const payload = verifyDelivery(endpoint.secret, request!, server.clock.now());
    const [event] = expectStatus(await account.client.get(`/api/events?resource_id=${invoice.id}`), 200).data;
    expect(payload).toEqual({ ...event, timestamp: event.created_at });
    expect(payload).toMatchObject({ type: "invoice.created", resource: { type: "invoice", id: invoice.id }, data: invoice });
    expect(request!.headers).toMatchObject({ "webhook-id": event.id, "webhook-timestamp": String(server.clock.now().getTime() / 1000), "content-type": "application/json" });
    const [delivery] = await deliveries(account, endpoint.id);
    expect(delivery).toMatchObject({ event_id: event.id, status: "delivered", attempts: [{ status: 200 }] });
  });

  test("only subscribed types, only the account's own events, only events after the endpoint was made", async () => {
    const account = await steppedAccount(server);
    const early = await account.steps.create();
    const endpoint = await createWebhook(account.client, { url: `${receiver.url}/subscribed`, event_types: ["invoice.finalized"] });
    await account.steps.finalize(early);
    await account.steps.create();
    const stranger = await steppedAccount(server);
    await stranger.steps.finalize(await stranger.steps.create());
    await deliver();
    expect(receiver.events("/subscribed").map((event) => [event.type, event.resource.id])).toEqual([["invoice.finalized", early.id]]);
    expect(await deliveries(account, endpoint.id)).toHaveLength(1);
  });
});

describe("retries", () => {
  test("500 then 200: delivered by the second attempt after the backoff; the run of failures is over", async () => {
    const account = await steppedAccount(server);
    const endpoint = await createWebhook(account.client, { url: `${receiver.url}/retry`, event_types: ["client.created"] });
    receiver.answer({ status: 500, body: "oops" }, { status: 200 });
    expectStatus(await account.client.post("/api/clients", { name: "Retry GmbH" }), 201);
    await deliver();
    const failedAt = server.clock.now().toISOString();
    expect(expectStatus(await account.client.get(`/api/webhooks/${endpoint.id}`), 200).failing_since).toBe(failedAt);
    server.clock.advance(RETRY_DELAYS_MS[0]! * (1 - RETRY_JITTER) - 1000);
    await deliver();
    expect(receiver.events("/retry")).toHaveLength(1);
    server.clock.advance(pastRetry(1));
    await deliver();
    const sent = receiver.received.filter((request) => request.path === "/retry");
    expect(sent).toHaveLength(2);
    for (const request of sent) verifyDelivery(endpoint.secret, request, new Date(Number(request.headers["webhook-timestamp"]) * 1000));
    expect(sent[1]!.headers["webhook-id"]).toBe(sent[0]!.headers["webhook-id"]!);
    const [delivery] = await deliveries(account, endpoint.id);
    expect(delivery).toMatchObject({ status: "delivered", attempts: [{ status: 500, response_excerpt: "oops" }, { status: 200 }] });
    expect(expectStatus(await account.client.get(`/api/webhooks/${endpoint.id}`), 200).failing_since).toBeNull();
  });

  test(`after ${MAX_ATTEMPTS} failed attempts over about a day the delivery has failed`, async () => {
    const account = await steppedAccount(server);
    const endpoint = await createWebhook(account.client, { url: `${receiver.url}/always-failing`, event_types: ["client.created"] });
    receiver.answer({ status: 503 });
    expectStatus(await account.client.post("/api/clients", { name: "Never Ltd" }), 201);
    const started = server.clock.now().getTime();
    await deliver();
    for (let made = 1; made < MAX_ATTEMPTS; made++) {
      server.clock.advance(pastRetry(made));
      await deliver();
    }
    const [delivery] = await deliveries(account, endpoint.id);
    expect(delivery.status).toBe("failed");
    expect(delivery.attempts).toHaveLength(MAX_ATTEMPTS);
    const span = Date.parse(delivery.attempts.at(-1).at) - started;
    expect(span).toBeGreaterThan(20 * 3_600_000);
    server.clock.advance(86_400_000);
    await deliver();
    expect(receiver.events("/always-failing")).toHaveLength(MAX_ATTEMPTS);
    receiver.answer({ status: 200 });
  });

  test("a receiver that hangs up, then is gone, then is back: each attempt records its error, then it is delivered", async () => {
    const account = await steppedAccount(server);
    const endpoint = await createWebhook(account.client, { url: `${receiver.url}/flaky`, event_types: ["client.created"] });
    receiver.answer("hang-up", { status: 200 });
    expectStatus(await account.client.post("/api/clients", { name: "Flaky SA" }), 201);
    await deliver();
    await receiver.stop();
    server.clock.advance(pastRetry(1));
    await deliver();
    await receiver.start();
    server.clock.advance(pastRetry(2));
    await deliver();
    const [delivery] = await deliveries(account, endpoint.id);
    expect(delivery.status).toBe("delivered");
    expect(delivery.attempts.map((attempt: { status: number | null }) => attempt.status)).toEqual([null, null, 200]);
    expect(delivery.attempts[0].error).toMatch(/^connection failed: /);
    expect(delivery.attempts[1].error).toBe("connection failed: ECONNREFUSED");
  });

  test("the service restarted between attempts: the retry still happens, once", async () => {
    const dataDir = server.dataDir.replace(/[^/]+$/, `restart-${crypto.randomUUID()}`);
    const first = await startTestServer({ env: RECEIVER_ENV, dataDir });
    const account = await steppedAccount(first);
    const endpoint = await createWebhook(account.client, { url: `${receiver.url}/restart`, event_types: ["client.created"] });
    receiver.answer({ status: 500 }, { status: 200 });
    expectStatus(await account.client.post("/api/clients", { name: "Restart BV" }), 201);
    await deliver(first);
    // The dead process's job lease lapses (its period and a 5-minute margin) before another takes it.
    const restartAt = new Date(first.clock.now().getTime() + 6 * 60_000).toISOString();
    await first.close();
    const second = await startTestServer({ env: RECEIVER_ENV, dataDir, now: restartAt });
    try {
      await deliver(second);
      await deliver(second);
      const sent = receiver.received.filter((request) => request.path === "/restart");
      expect(sent).toHaveLength(2);
      verifyDelivery(endpoint.secret, sent[1]!, second.clock.now());
      const [delivery] = expectStatus(await api(second.url, account.key).get(`/api/webhooks/${endpoint.id}/deliveries`), 200).data;
      expect(delivery).toMatchObject({ status: "delivered", attempts: [{ status: 500 }, { status: 200 }] });
    } finally {
      await second.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe("order per resource", () => {
  test("a later event of the same invoice waits for the earlier one; other resources do not wait", async () => {
    const account = await steppedAccount(server);
    const endpoint = await createWebhook(account.client, { url: `${receiver.url}/ordered` });
    const invoice = await account.steps.create();
    receiver.answer({ status: 500 }, { status: 200 });
    await deliver();
    const updated = await account.steps.update(invoice, { notes: "second" });
    await account.steps.finalize(updated);
    const other = await account.steps.create();
    await deliver();
    // The first failed; the invoice's later events wait behind it; the other invoice's event went out.
    expect(receiver.events("/ordered").map((event) => [event.type, event.resource.id])).toEqual([
      ["invoice.created", invoice.id],
      ["invoice.created", other.id],
    ]);
    server.clock.advance(pastRetry(1));
    await deliver();
    expect(receiver.events("/ordered").slice(2).map((event) => event.type)).toEqual(["invoice.created", "invoice.updated", "invoice.finalized"]);
    expect((await deliveries(account, endpoint.id)).every((delivery) => delivery.status === "delivered")).toBe(true);
  });
});

describe("disabling", () => {
  test("410 Gone disables the endpoint, ends its pending deliveries, and announces webhook.disabled", async () => {
    const account = await steppedAccount(server);
    const endpoint = await createWebhook(account.client, { url: `${receiver.url}/gone`, event_types: ["client.created"] });
    const watcher = await createWebhook(account.client, { url: `${receiver.url}/watcher`, event_types: ["webhook.disabled"] });
    receiver.answer({ status: 410 }, { status: 200 });
    expectStatus(await account.client.post("/api/clients", { name: "Gone Inc" }), 201);
    await deliver();
    const shown = expectStatus(await account.client.get(`/api/webhooks/${endpoint.id}`), 200);
    expect(shown).toMatchObject({ enabled: false, disabled_reason: "the endpoint answered 410 Gone" });
    const [disabled] = receiver.events("/watcher");
    expect(disabled).toMatchObject({ type: "webhook.disabled", resource: { type: "webhook_endpoint", id: endpoint.id }, data: shown });
    verifyDelivery(watcher.secret, receiver.received.find((request) => request.path === "/watcher")!, server.clock.now());
    expectStatus(await account.client.post("/api/clients", { name: "Unheard Inc" }), 201);
    await deliver();
    expect(receiver.events("/gone")).toHaveLength(1);
    expect((await deliveries(account, endpoint.id)).map((delivery) => delivery.status)).toEqual(["failed"]);
  });

  test("failing for three days disables it at the next failure, with a webhook.disabled event", async () => {
    const account = await steppedAccount(server);
    const endpoint = await createWebhook(account.client, { url: `${receiver.url}/down`, event_types: ["client.created"] });
    receiver.answer({ status: 502 });
    const firstFailure = server.clock.now().toISOString();
    for (let hour = 0; hour <= 72; hour += 12) {
      expectStatus(await account.client.post("/api/clients", { name: `Down ${hour}` }), 201);
      await deliver();
      const state = expectStatus(await account.client.get(`/api/webhooks/${endpoint.id}`), 200);
      expect(state).toMatchObject(hour < 72 ? { enabled: true, failing_since: firstFailure } : { enabled: false, disabled_reason: `failing since ${firstFailure}` });
      server.clock.advance(12 * 3_600_000);
    }
    const [event] = expectStatus(await account.client.get("/api/events?type=webhook.disabled"), 200).data;
    expect(event).toMatchObject({ resource: { type: "webhook_endpoint", id: endpoint.id }, data: { enabled: false } });
    expect((await deliveries(account, endpoint.id)).every((delivery) => delivery.status === "failed")).toBe(true);
    receiver.answer({ status: 200 });
  });
});

describe("attempt log", () => {
  test("keeps a bounded excerpt of a long answer", async () => {
    const account = await steppedAccount(server);
    const endpoint = await createWebhook(account.client, { url: `${receiver.url}/chatty`, event_types: ["client.created"] });
    receiver.answer({ status: 200, body: "é".repeat(5000) });
    expectStatus(await account.client.post("/api/clients", { name: "Chatty" }), 201);
    await deliver();
    const [delivery] = await deliveries(account, endpoint.id);
    expect(delivery.attempts[0].response_excerpt).toBe("é".repeat(RESPONSE_EXCERPT_CHARS));
    receiver.answer({ status: 200 });
  });
});
