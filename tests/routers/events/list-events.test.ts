// GET /api/events and GET /api/events/{id}: every change writes its events in its own transaction;
// the list pages, filters by type, resource and time, and keeps events 30 days.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTRPCClient, httpLink } from "@trpc/client";
import type { AppRouter } from "../../../routers/index.ts";
import { operation } from "../../helpers/factories.ts";
import { api } from "../../helpers/http.ts";
import { expectError, expectStatus, invoicePath, setProfile, steppedAccount, withQuery, type SteppedAccount } from "../../helpers/invoices.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestServer } from "../../helpers/server.ts";
import { createWebhook, RECEIVER_ENV, startReceiver } from "../../helpers/webhooks.ts";

let server: TestServer;
let owner: SteppedAccount;

beforeAll(async () => {
  server = await startTestServer();
  owner = await steppedAccount(server);
});
afterAll(() => server.close());

type Listed = { id: string; type: string; created_at: string; resource: { type: string; id: string }; data: any };

async function eventsOf(account: SteppedAccount, query: Record<string, string | number | undefined> = {}): Promise<{ data: Listed[]; total: number }> {
  return expectStatus(await account.client.get(withQuery("/api/events", query)), 200);
}

/** The types of a resource's events, oldest first. */
async function typesOf(account: SteppedAccount, resourceId: string): Promise<string[]> {
  return (await eventsOf(account, { resource_id: resourceId, limit: 100 })).data.map((event) => event.type).reverse();
}

describe("events of invoice writes", () => {
  test("create, edit, finalize, send, partial and final payment: each change its events, with the new state", async () => {
    const account = await steppedAccount(server);
    let invoice = await account.steps.create();
    invoice = await account.steps.update(invoice, { notes: "Thanks" });
    invoice = await account.steps.finalize(invoice);
    invoice = await account.steps.transition(invoice, "sent");
    invoice = await account.steps.pay(invoice, 1_000);
    invoice = await account.steps.pay(invoice, invoice.amount_due);
    expect(await typesOf(account, invoice.id)).toEqual([
      "invoice.created",
      "invoice.updated",
      "invoice.finalized",
      "invoice.sent",
      "payment.recorded",
      "payment.recorded",
      "invoice.paid",
    ]);
    const [paid, lastPayment] = (await eventsOf(account, { resource_id: invoice.id, limit: 2 })).data;
    expect(paid).toMatchObject({ type: "invoice.paid", resource: { type: "invoice", id: invoice.id }, data: invoice, created_at: server.clock.now().toISOString() });
    expect(paid!.id).toMatch(/^evt_/);
    expect(lastPayment!.data).toMatchObject({ amount: invoice.total - 1_000, amount_paid: invoice.total, amount_due: 0, invoice: { status: "paid" } });
  });

  test("a move to paid, a void and a deleted draft are announced; the deleted one keeps its last state", async () => {
    const account = await steppedAccount(server);
    const paid = await account.steps.transition(await account.steps.sent(), "paid");
    expect((await typesOf(account, paid.id)).slice(-2)).toEqual(["payment.recorded", "invoice.paid"]);
    const voided = await account.steps.transition(await account.steps.create(), "void");
    expect((await typesOf(account, voided.id)).at(-1)).toBe("invoice.voided");
    const draft = await account.steps.create();
    expectStatus(await account.client.delete(invoicePath(draft.id)), 200);
    const [deleted] = (await eventsOf(account, { resource_id: draft.id, limit: 1 })).data;
    expect(deleted).toMatchObject({ type: "invoice.deleted", data: { id: draft.id, status: "draft" } });
  });

  test("system moves: the share page's beacon (viewed) and the scheduler (overdue)", async () => {
    const account = await steppedAccount(server);
    const sent = await account.steps.sent({ issue_date: "2026-10-01", due_date: "2026-10-31" });
    const { token } = (await account.client.post(invoicePath(sent.id, "/share"), {})).body;
    expect((await fetch(`${server.url}/share/${token}/viewed`, { method: "POST" })).status).toBe(204);
    await server.scheduler.run("mark-overdue");
    expect((await typesOf(account, sent.id)).slice(-2)).toEqual(["invoice.viewed", "invoice.overdue"]);
  });

  test("a write that fails leaves no event behind", async () => {
    const account = await steppedAccount(server);
    const invoice = await account.steps.create();
    expectError(await account.client.put(invoicePath(invoice.id), { ...operation(invoice.revision + 5), notes: "stale" }), 409, "REVISION_CONFLICT");
    expectError(await account.client.post(invoicePath(invoice.id, "/payments"), { ...operation(invoice.revision), amount: 1 }), 409, "INVALID_TRANSITION");
    expect(await typesOf(account, invoice.id)).toEqual(["invoice.created"]);
  });

  test("a replayed operation writes no second event", async () => {
    const account = await steppedAccount(server);
    const invoice = await account.steps.create();
    const body = { ...operation(invoice.revision), notes: "once" };
    expectStatus(await account.client.put(invoicePath(invoice.id), body), 200);
    expectStatus(await account.client.put(invoicePath(invoice.id), body), 200);
    expect(await typesOf(account, invoice.id)).toEqual(["invoice.created", "invoice.updated"]);
  });
});

describe("events of client writes", () => {
  test("created, updated (archiving too) and deleted, each with the client's state", async () => {
    const account = await steppedAccount(server);
    const client = expectStatus(await account.client.post("/api/clients", { name: "Globex" }), 201);
    const renamed = expectStatus(await account.client.put(`/api/clients/${client.id}`, { name: "Globex AG" }), 200);
    expectStatus(await account.client.put(`/api/clients/${client.id}`, { archived: true }), 200);
    expectStatus(await account.client.delete(`/api/clients/${client.id}`), 200);
    const events = (await eventsOf(account, { resource_id: client.id })).data.reverse();
    expect(events.map((event) => event.type)).toEqual(["client.created", "client.updated", "client.updated", "client.deleted"]);
    expect(events[1]!.data).toEqual(renamed);
    expect(events[2]!.data).toMatchObject({ archived: true });
    expect(events[3]!.resource).toEqual({ type: "client", id: client.id });
  });

  test("a client still in use is not deleted, and no event says it was", async () => {
    const account = await steppedAccount(server);
    const client = expectStatus(await account.client.post("/api/clients", { name: "Initech" }), 201);
    await account.steps.create({ client_id: client.id });
    expectError(await account.client.delete(`/api/clients/${client.id}`), 409, "RESOURCE_IN_USE");
    expect((await eventsOf(account, { resource_id: client.id })).data.map((event) => event.type)).toEqual(["client.created"]);
  });
});

describe("GET /api/events", () => {
  test("newest first, paginated with total, filtered by type and time; only the account's own", async () => {
    const account = await steppedAccount(server);
    const first = await account.steps.create();
    server.clock.advance(60_000);
    const since = server.clock.now().toISOString();
    await account.steps.create();
    await account.steps.finalize(first);
    const all = await eventsOf(account);
    expect(all.total).toBe(3);
    expect(all.data.map((event) => event.type)).toEqual(["invoice.finalized", "invoice.created", "invoice.created"]);
    const page = expectStatus(await account.client.get(withQuery("/api/events", { limit: 1, offset: 1 })), 200);
    expect(page).toMatchObject({ total: 3, limit: 1, offset: 1, data: [{ id: all.data[1]!.id }] });
    expect((await eventsOf(account, { type: "invoice.created" })).total).toBe(2);
    expect((await eventsOf(account, { since })).total).toBe(2);
    const stranger = await steppedAccount(server);
    expect((await eventsOf(stranger)).total).toBe(0);
  });

  test("events are kept 30 days, then the purge forgets them and their settled webhook deliveries", async () => {
    const dedicated = await startTestServer({ env: RECEIVER_ENV });
    const receiver = await startReceiver();
    try {
      const account = await steppedAccount(dedicated);
      const endpoint = await createWebhook(account.client, { url: receiver.url, event_types: ["*"] });
      await account.steps.create();
      await dedicated.scheduler.run("deliver-webhooks");
      const deliveries = () => account.client.get(`/api/webhooks/${endpoint.id}/deliveries`);
      expect(expectStatus(await deliveries(), 200)).toMatchObject({ total: 1, data: [{ status: "delivered" }] });
      dedicated.clock.advance(29 * 86_400_000);
      await dedicated.scheduler.run("purge-operations");
      expect((await eventsOf(account)).total).toBe(1);
      expect(expectStatus(await deliveries(), 200).total).toBe(1);
      dedicated.clock.advance(2 * 86_400_000);
      await dedicated.scheduler.run("purge-operations");
      expect((await eventsOf(account)).total).toBe(0);
      expect(expectStatus(await deliveries(), 200).total).toBe(0);
    } finally {
      await receiver.stop();
      await dedicated.close();
    }
  });

  test("an unknown type, a bad time or a limit over 100 is 422 naming the field", async () => {
    for (const [query, field] of [
      [{ type: "invoice.exploded" }, "type"],
      [{ since: "yesterday" }, "since"],
      [{ limit: 101 }, "limit"],
    ] as const) {
      const reply = await owner.client.get(withQuery("/api/events", query));
      expectError(reply, 422, "VALIDATION_ERROR");
      expect(reply.body.details.field).toBe(field);
    }
  });

  test("security: no key, unknown, revoked, and a key without invoices:read", async () => {
    await expectSecurityCases({ server, owner, scope: "invoices:read", ownsResource: false, call: (key) => api(server.url).get("/api/events", key) });
  });
});

describe("GET /api/events/{id}", () => {
  test("one event, the same as listed; on the tool and the tRPC client too", async () => {
    const invoice = await owner.steps.create();
    const [listed] = (await eventsOf(owner, { resource_id: invoice.id })).data;
    expect(expectStatus(await owner.client.get(`/api/events/${listed!.id}`), 200)).toEqual(listed);
    const mcp = await owner.client.post("/api/mcp", { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "invoices.automate", arguments: { action: "get_event", id: listed!.id } } });
    expect(mcp.body.result.structuredContent).toEqual(listed);
    const listedByTool = await owner.client.post("/api/mcp", {
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: { name: "invoices.automate", arguments: { action: "list_events", resource_id: invoice.id } },
    });
    expect(listedByTool.body.result.structuredContent.data).toEqual([listed]);
    const trpc = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${server.url}/trpc`, headers: { authorization: `Bearer ${owner.key}` } })] });
    expect(await trpc.events.get.query({ id: listed!.id })).toEqual(listed as never);
  });

  test("a missing event is 404", async () => {
    expectError(await owner.client.get("/api/events/evt_01KB4Z5F0G2H4J6K8M0N2P4Q6R"), 404, "NOT_FOUND");
  });

  test("security: no key, unknown, revoked, wrong scope, another account's event", async () => {
    const invoice = await owner.steps.create();
    const [event] = (await eventsOf(owner, { resource_id: invoice.id })).data;
    await expectSecurityCases({ server, owner, scope: "invoices:read", call: (key) => api(server.url).get(`/api/events/${event!.id}`, key) });
  });
});

describe("account settings do not leak into events", () => {
  test("a profile change writes no invoice event", async () => {
    const account = await steppedAccount(server);
    await setProfile(account.client, { timezone: "Europe/Berlin" });
    expect((await eventsOf(account)).total).toBe(0);
  });
});
