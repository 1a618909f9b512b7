// Two service processes over one libSQL server (sqld) and one bucket (s3rver), behind a round-robin
// proxy (tests/helpers/scaled.ts), in every run: what must hold across processes does.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { abandoned } from "../../server/documents/render-pool.ts";
import { operation } from "../helpers/factories.ts";
import { api } from "../helpers/http.ts";
import { expectStatus, invoicePath, setProfile, steppedAccount, type Invoice, type SteppedAccount } from "../helpers/invoices.ts";
import { keyIdOf } from "../helpers/keys.ts";
import { connectAgent } from "../helpers/oauth.ts";
import { signedIn } from "../helpers/people.ts";
import { createRule } from "../helpers/recurring.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { sqldAvailable } from "../../scripts/sqld.ts";
import { createWebhook, RECEIVER_ENV } from "../helpers/webhooks.ts";

let server: TestServer;
let account: SteppedAccount;

beforeAll(async () => {
  server = await startTestServer({ topology: "scaled", now: "2026-11-20T12:00:00Z", env: { ...RECEIVER_ENV, RATE_LIMIT_FREE: "5,1000,10000", KEY_CACHE_MS: "2000" } });
  account = await steppedAccount(server);
}, 60_000);
afterAll(() => server?.close());

/** Both processes at once: the suite's own scheduler and the second process's, racing for the lease. */
async function runInBoth(job: string): Promise<boolean[]> {
  const second = server.second!;
  return Promise.all([server.scheduler.run(job), second.runJob(job, server.clock.now())]);
}

describe.skipIf(!sqldAvailable)("two processes, one database", () => {
  test("50 conflicting saves spread over both processes: exactly one wins, the rest are REVISION_CONFLICT", async () => {
    const invoice = await account.steps.create();
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, index) => account.client.put(invoicePath(invoice.id), { ...operation(invoice.revision), notes: `save ${index}` })),
    );
    const statuses = replies.map((reply) => reply.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(replies.filter((reply) => reply.status === 409).every((reply) => reply.body.code === "REVISION_CONFLICT")).toBe(true);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    const winner = replies.find((reply) => reply.status === 200)!.body as Invoice;
    expect(await account.steps.get(invoice.id)).toEqual(winner);
    expect(winner.revision).toBe(invoice.revision + 1);
  });

  test("40 drafts finalized at once through both processes: numbers 1 to 40, none skipped or doubled", async () => {
    const fresh = await steppedAccount(server);
    const drafts = await Promise.all(Array.from({ length: 40 }, () => fresh.steps.create()));
    const finalized = await Promise.all(drafts.map((draft) => fresh.steps.finalize(draft)));
    const sequence = finalized.map((invoice) => Number(/(\d+)$/.exec(invoice.number as string)?.[1])).sort((a, b) => a - b);
    expect(sequence).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
    expect(new Set(finalized.map((invoice) => invoice.number)).size).toBe(40);
  });

  test("rate limits count both processes' requests together", async () => {
    const free = await server.account({ tier: "free" });
    const caller = api(server.url, free.key);
    const statuses = [];
    for (let request = 0; request < 8; request++) statuses.push((await caller.get("/api/clients")).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
  });

  // Revocation (ADR 0006): each process has cached the credential (KEY_CACHE_MS=2000, the clock
  // standing still), one revokes it, and the other refuses it on its very next request.
  test("a key revoked in one process is refused by the other on its very next request", async () => {
    const fresh = await steppedAccount(server);
    const inSecond = () => server.second!.fetch("/api/invoices", server.clock.now(), { headers: { authorization: `Bearer ${fresh.key}` } });
    expect((await inSecond()).status).toBe(200);
    expect((await api(server.processUrl, fresh.key).get("/api/invoices")).status).toBe(200);
    const keyId = await keyIdOf(server, fresh.key);
    expectStatus(await api(server.processUrl, fresh.key).delete(`/api/keys/${keyId}`), 200);
    expect((await inSecond()).status).toBe(401);
    expect((await api(server.processUrl, fresh.key).get("/api/invoices")).status).toBe(401);
  });

  test("a refresh token revoked in one process: the other refuses its family's access tokens on REST and /api/mcp at once", async () => {
    const person = await signedIn(server, { accountId: account.accountId, role: "owner" });
    const { client, tokens } = await connectAgent(server, person.cookie);
    const other = await connectAgent(server, person.cookie);
    const inSecond = (token: string) => server.second!.fetch("/api/invoices", server.clock.now(), { headers: { authorization: `Bearer ${token}` } });
    const mcpInSecond = (token: string) =>
      server.second!.fetch("/api/mcp", server.clock.now(), {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "invoices.query", arguments: {} } }),
      });
    expect((await inSecond(tokens.access_token)).status).toBe(200);
    expect((await mcpInSecond(tokens.access_token)).status).toBe(200);
    expect((await inSecond(other.tokens.access_token)).status).toBe(200);

    const revoked = await fetch(`${server.processUrl}/oauth/revoke`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ client_id: client.client_id, token: tokens.refresh_token }),
    });
    expect(revoked.status).toBe(200);

    expect((await inSecond(tokens.access_token)).status).toBe(401);
    expect((await mcpInSecond(tokens.access_token)).status).toBe(401);
    expect((await inSecond(other.tokens.access_token)).status).toBe(200);
  });

  test("a session signed out in one process is refused by the other at once", async () => {
    const person = await signedIn(server, { accountId: account.accountId, role: "owner" });
    const meInSecond = () => server.second!.fetch("/api/me", server.clock.now(), { headers: { cookie: person.cookie } });
    expect((await meInSecond()).status).toBe(200);
    expect((await fetch(`${server.processUrl}/auth/sign-out`, { method: "POST", headers: { cookie: person.cookie } })).status).toBe(204);
    expect((await meInSecond()).status).toBe(401);
  });
});

describe.skipIf(!sqldAvailable)("scheduler jobs with both processes up", () => {
  test("overdue marking runs in one process per period: each invoice moves once", async () => {
    const sent = await Promise.all(Array.from({ length: 6 }, () => account.steps.sent({ issue_date: "2026-11-01", due_date: "2026-11-10" })));
    server.clock.advance(120_000);
    const ran = await runInBoth("mark-overdue");
    expect(ran.filter(Boolean)).toHaveLength(1);
    for (const invoice of sent) {
      const history = await account.steps.history(invoice.id);
      expect(history.filter((entry) => entry.to_status === "overdue")).toHaveLength(1);
    }
  });

  test("recurring rules issue each period once, whichever process runs them", async () => {
    const fresh = await steppedAccount(server);
    server.clock.set("2026-12-01T12:00:00Z");
    const { rule } = await createRule(fresh, { frequency: "daily", start_date: "2026-12-01" });
    server.clock.set("2026-12-10T12:00:00Z");
    await Promise.all([runInBoth("issue-recurring"), runInBoth("issue-recurring")]);
    server.clock.advance(30 * 60_000);
    await runInBoth("issue-recurring");
    const issued = expectStatus(await fresh.client.get(`/api/recurring/${rule.id}`), 200);
    expect(issued.issued_count).toBe(10);
    expect(expectStatus(await fresh.client.get("/api/invoices?limit=100"), 200).total).toBe(11);
  });
});

describe.skipIf(!sqldAvailable)("long work in one process, followed and cancelled from the other (the work board)", () => {
  test("an import not waited for: the other process reads its progress and cancels it, and nothing is stored", async () => {
    const fresh = await steppedAccount(server);
    await setProfile(fresh.client, { legal_name: "Acme GmbH", currency: "EUR", locale: "en-IE" });
    const auth = { authorization: `Bearer ${fresh.key}`, "content-type": "application/json" };
    // The suite's own process takes the import and, its write queue held, cannot commit yet.
    let release!: () => void;
    void server.services.database.write(() => new Promise<void>((resolve) => (release = resolve)));
    const rows = Array.from({ length: 30 }, (_, index) => `X-${index + 1},2026-11-01,2026-11-30,EUR,Buyer ${index % 3},Line,1,10.00,19`);
    const content = ["number,issue_date,due_date,currency,bill_to_name,description,quantity,unit_price,tax_rate", ...rows].join("\n");
    const started = expectStatus(await api(server.processUrl, fresh.key).post("/api/import", { content, encoding: "text", options: { wait: false } }), 202);
    const elsewhere = (method: string) => server.second!.fetch(`/api/imports/${started.id}`, server.clock.now(), { method, headers: auth }).then((reply) => reply.json());
    expect(await elsewhere("GET")).toMatchObject({ id: started.id, status: "running" });
    expect(await elsewhere("DELETE")).toMatchObject({ id: started.id, status: "cancelled" });
    release();
    const ended = await server.logLine((line) => line.includes("background import ended") && line.includes(started.id));
    expect(ended).toContain("cancelled");
    expect(await elsewhere("GET")).toMatchObject({ status: "cancelled" });
    expect(expectStatus(await fresh.client.get("/api/invoices?limit=1"), 200).total).toBe(0);
  });

  test("a streamed tool call: notifications/cancelled posted to the other process stops it, with no reply", async () => {
    const fresh = await steppedAccount(server);
    const ids = await Promise.all(Array.from({ length: 40 }, async () => (await fresh.steps.create()).id));
    // The export is still running when the cancel arrives, however fast this machine renders: after
    // the first invoice (whose progress the client sees) each render waits, until the call is stopped.
    const renderer = server.services.renderer;
    const render = renderer.render;
    let renders = 0;
    renderer.render = (payload, owner, signal) => {
      if (renders++ === 0) return render.call(renderer, payload, owner, signal);
      return new Promise((_resolve, reject) => {
        if (signal?.aborted) reject(abandoned(signal));
        signal?.addEventListener("abort", () => reject(abandoned(signal)), { once: true });
      });
    };
    try {
      const headers = { authorization: `Bearer ${fresh.key}`, "content-type": "application/json", accept: "application/json, text/event-stream" };
      const cancelled = server.logLine((line) => line.includes('"tool call cancelled"') && line.includes('"rpc_id":"far"'));
      const stream = await fetch(`${server.processUrl}/api/mcp/stream`, {
        method: "POST",
        headers,
        body: JSON.stringify({ jsonrpc: "2.0", id: "far", method: "tools/call", params: { name: "invoices.export", arguments: { action: "bulk", ids, format: "pdf" }, _meta: { progressToken: 1 } } }),
      });
      const reader = stream.body!.getReader();
      expect(new TextDecoder().decode((await reader.read()).value)).toContain("notifications/progress");
      const notice = await server.second!.fetch("/api/mcp/stream", server.clock.now(), { method: "POST", headers, body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: "far" } }) });
      expect(notice.status).toBe(202);
      await cancelled;
      let rest = "";
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += new TextDecoder().decode(chunk.value);
      expect(rest).not.toContain('"result"');
    } finally {
      renderer.render = render;
    }
  });
});

/** A webhook receiver that holds the first request open until released, and answers 200 after. */
async function holdingReceiver(): Promise<{ url: string; arrivals: IncomingMessage[]; firstArrived: Promise<void>; close(): Promise<void> }> {
  const arrivals: IncomingMessage[] = [];
  let arrived!: () => void;
  const firstArrived = new Promise<void>((resolve) => (arrived = resolve));
  const held: ServerResponse[] = [];
  const receiver: Server = createServer((request, response) => {
    arrivals.push(request);
    request.resume();
    if (arrivals.length === 1) {
      held.push(response);
      arrived();
    } else response.writeHead(200).end("ok");
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
    arrivals,
    firstArrived,
    async close() {
      for (const response of held) response.destroy();
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
    },
  };
}

describe.skipIf(!sqldAvailable)("a process killed in the middle of a job", () => {
  test("webhook deliveries: the survivor delivers after the lease lapses — at least once, the same webhook-id, never lost", async () => {
    const receiver = await holdingReceiver();
    try {
      const fresh = await steppedAccount(server);
      const endpoint = await createWebhook(fresh.client, { url: receiver.url, event_types: ["client.created"] });
      expectStatus(await fresh.client.post("/api/clients", { name: "Killed Mid-Job GmbH" }), 201);
      const second = server.second!;
      const midJob = second.runJob("deliver-webhooks", server.clock.now()).catch(() => "killed");
      await receiver.firstArrived;
      await second.kill();
      expect(await midJob).toBe("killed");
      // The dead process holds the job's lease for its period and a 5-minute margin; then the survivor takes it.
      expect(await server.scheduler.run("deliver-webhooks")).toBe(false);
      server.clock.advance(6 * 60_000);
      expect(await server.scheduler.run("deliver-webhooks")).toBe(true);
      expect(receiver.arrivals).toHaveLength(2);
      expect(receiver.arrivals[1]!.headers["webhook-id"]).toBe(receiver.arrivals[0]!.headers["webhook-id"]);
      const [delivery] = expectStatus(await api(server.processUrl, fresh.key).get(`/api/webhooks/${endpoint.id}/deliveries`), 200).data;
      expect(delivery).toMatchObject({ status: "delivered" });
    } finally {
      await receiver.close();
    }
  });
});
