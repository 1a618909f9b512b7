// GET /api/approvals: the inbox of invoices waiting in review, newest submission first, naming who
// drafted and who submitted each (a key, a person, an agent) and what changed; the answers are
// invoices.transition to approved, or back to draft with a note.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTRPCClient, httpLink } from "@trpc/client";
import type { AppRouter } from "../../../routers/index.ts";
import { api } from "../../helpers/http.ts";
import { expectError, expectStatus, invoiceSteps, type Invoice } from "../../helpers/invoices.ts";
import { agentOf, caller, type Agent, type Caller } from "../../helpers/members.ts";
import { signedIn, type SignedIn } from "../../helpers/people.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestAccount, type TestServer } from "../../helpers/server.ts";

let server: TestServer;
let account: TestAccount;
let approver: Caller;
let writerKey: { id: string; token: string };
let clerk: SignedIn;
let nameless: SignedIn;
let agent: Agent;
/** Drafted by a key, submitted by a person with no name; by a named person; by an agent. */
let byKey: Invoice;
let byPerson: Invoice;
let byAgent: Invoice;

const MINUTE = 60_000;

beforeAll(async () => {
  server = await startTestServer();
  account = await server.account();
  approver = caller(server.url, { cookie: (await signedIn(server, { accountId: account.accountId, role: "owner", name: "Olga Owner" })).cookie });
  writerKey = expectStatus(await api(server.url, account.key).post("/api/keys", { name: "Zapier drafts", scopes: ["invoices:read", "invoices:write"] }), 201);
  clerk = await signedIn(server, { accountId: account.accountId, role: "member", name: "Mia Member" });
  nameless = await signedIn(server, { accountId: account.accountId, role: "member", email: "no.name@example.com" });
  agent = await agentOf(server, { accountId: account.accountId, userId: clerk.userId, scopes: ["invoices:read", "invoices:write", "invoices:approve"], clientName: "Claude Desktop" });

  byKey = await invoiceSteps(api(server.url, writerKey.token)).create();
  server.clock.advance(MINUTE);
  byKey = await invoiceSteps(caller(server.url, { cookie: nameless.cookie })).transition(byKey, "review");

  server.clock.advance(MINUTE);
  const asClerk = invoiceSteps(caller(server.url, { cookie: clerk.cookie }));
  byPerson = await asClerk.update(await asClerk.create(), { notes: "Thanks for your business" });
  server.clock.advance(MINUTE);
  byPerson = await asClerk.transition(byPerson, "review", "ready");

  server.clock.advance(MINUTE);
  const asAgent = invoiceSteps(api(server.url, agent.token));
  byAgent = await asAgent.create();
  server.clock.advance(MINUTE);
  byAgent = await asAgent.transition(byAgent, "review");
});
afterAll(() => server.close());

const inbox = async (client: Caller = approver, query = "") => expectStatus(await client.get(`/api/approvals${query}`), 200);

describe("GET /api/approvals", () => {
  test("newest submission first, with who drafted and submitted each by name, and what changed", async () => {
    const page = await inbox();
    expect(page).toMatchObject({ total: 3, limit: 20, offset: 0 });
    expect(page.data.map((item: { invoice: Invoice }) => item.invoice.id)).toEqual([byAgent.id, byPerson.id, byKey.id]);
    const [agentItem, personItem, keyItem] = page.data;

    expect(agentItem.invoice).toEqual(byAgent);
    expect(agentItem.drafted_by).toEqual({ kind: "agent", id: agent.grantId, name: "Claude Desktop" });
    expect(agentItem.submitted_by).toEqual(agentItem.drafted_by);
    expect(agentItem.submitted_at).toBe("2026-11-21T10:05:00.000Z");
    expect(agentItem.changes).toEqual([expect.objectContaining({ action: "transitioned", from_status: "draft", to_status: "review", actor: `agent:${agent.grantId}` })]);

    expect(personItem.drafted_by).toEqual({ kind: "user", id: clerk.userId, name: "Mia Member" });
    expect(personItem.changes.map((entry: { action: string }) => entry.action)).toEqual(["updated", "transitioned"]);
    expect(personItem.changes[0].changes).toContain("notes");
    expect(personItem.changes[1].note).toBe("ready");

    expect(keyItem.drafted_by).toEqual({ kind: "key", id: writerKey.id, name: "Zapier drafts" });
    expect(keyItem.submitted_by).toEqual({ kind: "user", id: nameless.userId, name: "no.name@example.com" });
    expect(keyItem.submitted_at).toBe("2026-11-21T10:01:00.000Z");
  });

  test("an agent without its person's approval right cannot approve: review is as far as it goes", async () => {
    const refused = await api(server.url, agent.token).post(`/api/invoices/${byAgent.id}/transition`, { base_revision: byAgent.revision, operation_id: crypto.randomUUID(), status: "approved" });
    expectError(refused, 403, "FORBIDDEN");
  });

  test("pages: limit and offset, the total counted even past the end", async () => {
    const second = await inbox(approver, "?limit=1&offset=1");
    expect(second).toMatchObject({ total: 3, limit: 1, offset: 1 });
    expect(second.data.map((item: { invoice: Invoice }) => item.invoice.id)).toEqual([byPerson.id]);
    expect(await inbox(approver, "?limit=5&offset=10")).toEqual({ data: [], total: 3, limit: 5, offset: 10 });
    expectError(await approver.get("/api/approvals?limit=0"), 422, "VALIDATION_ERROR");
  });

  test("approving takes an invoice out; requesting changes sends it to draft with the note, and resubmitting brings it back first", async () => {
    const trpc = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${server.url}/trpc`, headers: { authorization: `Bearer ${account.key}` } })] });
    const typed = await trpc.approvals.list.query({ limit: 20, offset: 0 });
    expect(typed.total).toBe(3);

    const approved = expectStatus(await approver.post(`/api/invoices/${byAgent.id}/transition`, { base_revision: byAgent.revision, operation_id: crypto.randomUUID(), status: "approved" }), 200);
    expect(approved.status).toBe("approved");
    const sentBack = expectStatus(
      await approver.post(`/api/invoices/${byPerson.id}/transition`, { base_revision: byPerson.revision, operation_id: crypto.randomUUID(), status: "draft", note: "Add the PO number" }),
      200,
    );
    expect(sentBack.status).toBe("draft");
    expect((await inbox()).data.map((item: { invoice: Invoice }) => item.invoice.id)).toEqual([byKey.id]);

    server.clock.advance(MINUTE);
    const asClerk = invoiceSteps(caller(server.url, { cookie: clerk.cookie }));
    const resubmitted = await asClerk.transition(await asClerk.update(sentBack, { notes: "PO 4711" }), "review");
    const page = await inbox();
    expect(page.total).toBe(2);
    expect(page.data[0].invoice).toEqual(resubmitted);
    expect(page.data[0].changes.map((entry: { action: string; to_status: string; note: string | null }) => [entry.action, entry.to_status, entry.note])).toEqual([
      ["updated", "draft", null],
      ["transitioned", "review", "ready"],
      ["transitioned", "draft", "Add the PO number"],
      ["updated", "draft", null],
      ["transitioned", "review", null],
    ]);
    expect(page.data[0].changes[2].actor).toMatch(/^user:usr_/);
  });

  test("an approved invoice edited by someone who may not approve is back in review, showing what differs from the approved content", async () => {
    expect((await inbox()).data.every((item: { since_approval: unknown }) => item.since_approval === null)).toBe(true);
    const steps = invoiceSteps(approver);
    const written = await steps.create({ notes: "as agreed", items: [{ description: "Design", quantity: 10, rate: 9_000 }, { description: "Hosting", quantity: 1, rate: 2_000 }] });
    const approved = await steps.transition(await steps.transition(written, "review"), "approved");
    const [design, hosting] = approved.items;
    // The approver's own edit stays approved, and is what was approved from then on.
    const touched = await steps.update(approved, { notes: "as agreed", payment_terms: "14 days" });
    expect(touched.status).toBe("approved");
    const edited = await invoiceSteps(caller(server.url, { cookie: clerk.cookie })).update(touched, {
      notes: "as agreed on the call",
      items: [{ id: design.id, description: "Design", quantity: 12, rate: 9_000 }, { description: "Support", quantity: 1, rate: 500 }],
    });
    expect(edited.status).toBe("review");
    const history = expectStatus(await approver.get(`/api/invoices/${written.id}/history`), 200);
    expect(history.data.at(-1)).toMatchObject({ action: "updated", from_status: "approved", to_status: "review" });
    expect(history.data.at(-1).changes).toContain("status");

    const item = (await inbox()).data.find((pending: { invoice: Invoice }) => pending.invoice.id === written.id);
    expect(item.since_approval.approved_revision).toBe(touched.revision);
    expect(item.since_approval.fields).toEqual([
      { field: "notes", approved: "as agreed", now: "as agreed on the call" },
      { field: "total", approved: approved.total, now: item.invoice.total },
    ]);
    expect(item.since_approval.lines.map((line: { change: string; approved: { description: string; quantity: number } | null; now: { description: string; quantity: number } | null }) => [line.change, line.approved?.quantity ?? null, line.now?.quantity ?? null, (line.now ?? line.approved)?.description])).toEqual([
      ["changed", 10, 12, "Design"],
      ["added", null, 1, "Support"],
      ["removed", 1, null, "Hosting"],
    ]);
    expect(item.since_approval.lines[2].approved.id).toBe(hosting.id);
  });

  test("every member may read the inbox, and so may their agents; other accounts see their own", async () => {
    expect((await inbox(caller(server.url, { cookie: clerk.cookie }))).total).toBe(3);
    expect((await inbox(caller(server.url, { key: agent.token }))).total).toBe(3);
    const stranger = await server.account();
    expect(await inbox(caller(server.url, { key: stranger.key }))).toEqual({ data: [], total: 0, limit: 20, offset: 0 });
  });

  test("security: no key, bad keys, a key without invoices:read", async () => {
    await expectSecurityCases({ server, owner: account, scope: "invoices:read", ownsResource: false, call: (key) => api(server.url).get("/api/approvals", key) });
  });
});
