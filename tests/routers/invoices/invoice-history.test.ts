import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { operation } from "../../helpers/factories.ts";
import { api } from "../../helpers/http.ts";
import { expectError, invoicePath, invoiceSteps, steppedAccount, type SteppedAccount } from "../../helpers/invoices.ts";
import { keyIdOf } from "../../helpers/keys.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestServer } from "../../helpers/server.ts";
import { SCOPES } from "../../../server/domain/scopes.ts";

let server: TestServer;
let owner: SteppedAccount;
let actor: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await steppedAccount(server);
  actor = `key:${await keyIdOf(server, owner.key)}`;
});
afterAll(() => server.close());

/** The parts of history entries a test compares: action, move, changes and who. */
const summary = (entries: Array<Record<string, any>>) =>
  entries.map(({ revision, action, from_status, to_status, actor: who }) => ({ revision, action, from_status, to_status, actor: who }));

describe("GET /api/invoices/{id}/history: happy", () => {
  test("lists every edit and move in revision order, with who and when", async () => {
    const { steps } = owner;
    const created = await steps.create();
    server.clock.advance(1_000);
    const edited = await steps.update(created, { notes: "edited" });
    const review = await steps.transition(edited, "review", "ready for a look");
    const approved = await steps.transition(review, "approved");
    const finalized = await steps.finalize(approved);
    const undone = await steps.undoFinalize(finalized);
    const sent = await steps.transition(undone, "sent");
    const partly = await steps.pay(sent, 1_000);
    await steps.transition(partly, "paid");

    const reply = await owner.client.get(invoicePath(created.id, "/history"));
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body)).toEqual(["data"]);
    expect(summary(reply.body.data)).toEqual([
      { revision: 1, action: "created", from_status: null, to_status: "draft", actor },
      { revision: 2, action: "updated", from_status: "draft", to_status: "draft", actor },
      { revision: 3, action: "transitioned", from_status: "draft", to_status: "review", actor },
      { revision: 4, action: "transitioned", from_status: "review", to_status: "approved", actor },
      { revision: 5, action: "finalized", from_status: "approved", to_status: "approved", actor },
      { revision: 6, action: "finalize_undone", from_status: "approved", to_status: "approved", actor },
      { revision: 7, action: "transitioned", from_status: "approved", to_status: "sent", actor },
      { revision: 8, action: "payment_recorded", from_status: "sent", to_status: "sent", actor },
      { revision: 9, action: "transitioned", from_status: "sent", to_status: "paid", actor },
    ]);
    const [first, second, third] = reply.body.data;
    expect(first.at).toBe(created.created_at);
    expect(second).toMatchObject({ changes: ["notes"], at: server.clock.now().toISOString() });
    expect(third).toMatchObject({ changes: ["status"], note: "ready for a look" });
    for (const entry of reply.body.data) expect(entry.id).toStartWith("his_");
  });

  test("each key is named as its own actor", async () => {
    const reviewerKey = await server.key(owner.accountId, SCOPES);
    const reviewer = invoiceSteps(api(server.url, reviewerKey));
    const review = await owner.steps.transition(await owner.steps.create(), "review");
    await reviewer.transition(review, "approved");
    const history = await owner.steps.history(review.id);
    expect(history.map((entry) => entry.actor)).toEqual([actor, actor, `key:${await keyIdOf(server, reviewerKey)}`]);
    // By name as well, as the approval inbox names them: the test server's keys are all called "test".
    expect(history.map((entry) => entry.by)).toEqual([
      { kind: "key", id: actor.slice(4), name: "test" },
      { kind: "key", id: actor.slice(4), name: "test" },
      { kind: "key", id: await keyIdOf(server, reviewerKey), name: "test" },
    ]);
  });

  test("the service's own moves (a job marking an invoice overdue) are named as the service", async () => {
    const sent = await owner.steps.transition(await owner.steps.create({ due_date: "2026-01-01", issue_date: "2026-01-01" }), "sent");
    server.clock.advance(2 * 86_400_000);
    await server.scheduler.run("mark-overdue");
    const moves = await owner.steps.history(sent.id);
    expect(moves.at(-1)).toMatchObject({ to_status: "overdue", actor: "system", by: { kind: "system", id: "system", name: "system" } });
  });

  test("refused writes and replays add nothing", async () => {
    const created = await owner.steps.create();
    const body = { ...operation(1), notes: "once" };
    expect((await owner.client.put(invoicePath(created.id), body)).status).toBe(200);
    expect((await owner.client.put(invoicePath(created.id), body)).status).toBe(200);
    expect((await owner.client.put(invoicePath(created.id), { ...operation(1), notes: "stale" })).status).toBe(409);
    expect((await owner.client.post(invoicePath(created.id, "/transition"), { ...operation(2), status: "paid" })).status).toBe(409);
    expect(summary(await owner.steps.history(created.id)).map((entry) => entry.action)).toEqual(["created", "updated"]);
  });
});

describe("GET /api/invoices/{id}/history: errors", () => {
  test("an unknown invoice is 404", async () => {
    expectError(await owner.client.get(invoicePath("inv_missing", "/history")), 404, "NOT_FOUND");
  });

  test("a deleted invoice has no history left", async () => {
    const draft = await owner.steps.create();
    expect((await owner.client.delete(invoicePath(draft.id))).status).toBe(200);
    expectError(await owner.client.get(invoicePath(draft.id, "/history")), 404, "NOT_FOUND");
  });
});

describe("GET /api/invoices/{id}/history: security", () => {
  test("no key, unknown key, revoked key, wrong scope, another account", async () => {
    const created = await owner.steps.create();
    await expectSecurityCases({
      server,
      owner,
      scope: "invoices:read",
      call: (key) => api(server.url).get(invoicePath(created.id, "/history"), key),
    });
  });
});
