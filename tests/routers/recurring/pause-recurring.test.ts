// POST /api/recurring/{id}/pause: an active rule stops issuing, and says so with recurring.paused.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { api } from "../../helpers/http.ts";
import { expectError, expectStatus, steppedAccount, withQuery, type SteppedAccount } from "../../helpers/invoices.ts";
import { createRule, rulePath } from "../../helpers/recurring.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestServer } from "../../helpers/server.ts";
import { automate } from "../../helpers/webhooks.ts";

let server: TestServer;
let owner: SteppedAccount;

beforeAll(async () => {
  server = await startTestServer({ now: "2026-11-21T10:00:00Z" });
  owner = await steppedAccount(server);
});
afterAll(() => server.close());

describe("POST /api/recurring/{id}/pause", () => {
  test("paused: nothing is issued, and the event gives the reason", async () => {
    const account = await steppedAccount(server);
    const { rule } = await createRule(account, { frequency: "daily" });
    const paused = expectStatus(await account.client.post(rulePath(rule.id, "/pause")), 200);
    expect(paused).toMatchObject({ id: rule.id, status: "paused", next_date: "2026-11-21" });
    await server.scheduler.run("issue-recurring");
    expect(expectStatus(await account.client.get("/api/invoices"), 200).total).toBe(1);
    const [event] = expectStatus(await account.client.get(withQuery("/api/events", { resource_id: rule.id })), 200).data;
    expect(event).toMatchObject({ type: "recurring.paused", resource: { type: "recurring_rule", id: rule.id }, data: { rule_id: rule.id, reason: "paused by request", failures: 0 } });
  });

  test("through the tool; pausing a paused rule is 409 naming its status", async () => {
    const { rule } = await createRule(owner);
    expect((await automate(owner.client, "pause_recurring", { id: rule.id })).structuredContent).toMatchObject({ status: "paused" });
    const again = await owner.client.post(rulePath(rule.id, "/pause"));
    expectError(again, 409, "INVALID_TRANSITION");
    expect(again.body.details).toEqual({ status: "paused" });
  });

  test("an ended rule is 409; a missing one 404", async () => {
    const { rule } = await createRule(owner, { frequency: "daily", count: 1 });
    await server.scheduler.run("issue-recurring");
    expect(expectStatus(await owner.client.get(rulePath(rule.id)), 200).status).toBe("ended");
    expectError(await owner.client.post(rulePath(rule.id, "/pause")), 409, "INVALID_TRANSITION");
    expectError(await owner.client.post(rulePath("rec_01KB4Z5E9F1G3H5J7K9M1N3P5Q", "/pause")), 404, "NOT_FOUND");
  });

  test("security: no key, unknown, revoked, wrong scope, another account's rule", async () => {
    const { rule } = await createRule(owner);
    await expectSecurityCases({ server, owner, scope: "invoices:write", call: (key) => api(server.url).post(rulePath(rule.id, "/pause"), undefined, key) });
    expect(expectStatus(await owner.client.get(rulePath(rule.id)), 200).status).toBe("active");
  });
});
