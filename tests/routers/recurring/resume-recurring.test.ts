// POST /api/recurring/{id}/resume: a paused rule issues again, failures cleared; periods missed
// while paused follow its missed setting.
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

async function periodsOf(account: SteppedAccount, ruleId: string): Promise<string[]> {
  const events = expectStatus(await account.client.get(withQuery("/api/events", { resource_id: ruleId, type: "recurring.invoice_created" })), 200).data;
  return events.map((event: { data: { period: string } }) => event.data.period).reverse();
}

describe("POST /api/recurring/{id}/resume", () => {
  test("missed issue: the periods of the pause are issued in order; missed skip: only from today", async () => {
    server.clock.set("2026-11-21T10:00:00Z");
    const account = await steppedAccount(server);
    const issuing = (await createRule(account, { frequency: "daily" })).rule;
    const skipping = (await createRule(account, { frequency: "daily", missed: "skip" })).rule;
    for (const rule of [issuing, skipping]) expectStatus(await account.client.post(rulePath(rule.id, "/pause")), 200);
    server.clock.set("2026-11-24T10:00:00Z");
    await server.scheduler.run("issue-recurring");
    for (const rule of [issuing, skipping]) {
      expect(expectStatus(await account.client.post(rulePath(rule.id, "/resume")), 200)).toMatchObject({ status: "active", failures: 0, last_error: null });
    }
    await server.scheduler.run("issue-recurring");
    expect(await periodsOf(account, issuing.id)).toEqual(["2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24"]);
    expect(await periodsOf(account, skipping.id)).toEqual(["2026-11-24"]);
    server.clock.set("2026-11-21T10:00:00Z");
  });

  test("through the tool; resuming an active rule is 409; a missing one 404", async () => {
    const { rule } = await createRule(owner, { start_date: "2026-12-01" });
    expectError(await owner.client.post(rulePath(rule.id, "/resume")), 409, "INVALID_TRANSITION");
    expectStatus(await owner.client.post(rulePath(rule.id, "/pause")), 200);
    expect((await automate(owner.client, "resume_recurring", { id: rule.id })).structuredContent).toMatchObject({ status: "active", next_date: "2026-12-01" });
    expectError(await owner.client.post(rulePath("rec_01KB4Z5E9F1G3H5J7K9M1N3P5Q", "/resume")), 404, "NOT_FOUND");
  });

  test("security: no key, unknown, revoked, wrong scope, another account's rule", async () => {
    const { rule } = await createRule(owner, { start_date: "2026-12-01" });
    expectStatus(await owner.client.post(rulePath(rule.id, "/pause")), 200);
    await expectSecurityCases({ server, owner, scope: "invoices:write", call: (key) => api(server.url).post(rulePath(rule.id, "/resume"), undefined, key) });
    expect(expectStatus(await owner.client.get(rulePath(rule.id)), 200).status).toBe("paused");
  });
});
