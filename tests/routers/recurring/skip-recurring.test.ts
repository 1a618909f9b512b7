// POST /api/recurring/{id}/skip: the next period is recorded skipped, never issued, not counted.
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

describe("POST /api/recurring/{id}/skip", () => {
  test("the next date moves on; the skipped period is never issued and does not count", async () => {
    const account = await steppedAccount(server);
    const { rule } = await createRule(account, { start_date: "2027-01-31", count: 2 });
    expect(expectStatus(await account.client.post(rulePath(rule.id, "/skip")), 200)).toMatchObject({ next_date: "2027-02-28", issued_count: 0, status: "active" });
    server.clock.set("2027-03-31T10:00:00Z");
    await server.scheduler.run("issue-recurring");
    server.clock.set("2026-11-21T10:00:00Z");
    const events = expectStatus(await account.client.get(withQuery("/api/events", { resource_id: rule.id, type: "recurring.invoice_created" })), 200).data;
    expect(events.map((event: { data: { period: string } }) => event.data.period).reverse()).toEqual(["2027-02-28", "2027-03-31"]);
    expect(expectStatus(await account.client.get(rulePath(rule.id)), 200)).toMatchObject({ status: "ended", issued_count: 2, next_date: null });
  });

  test("through the tool; a paused rule may skip; skipping the last period of an end date ends the rule, then 409", async () => {
    const { rule } = await createRule(owner, { frequency: "weekly", start_date: "2026-12-01", end_date: "2026-12-08" });
    expectStatus(await owner.client.post(rulePath(rule.id, "/pause")), 200);
    expect((await automate(owner.client, "skip_recurring", { id: rule.id })).structuredContent).toMatchObject({ status: "paused", next_date: "2026-12-08" });
    expect(expectStatus(await owner.client.post(rulePath(rule.id, "/skip")), 200)).toMatchObject({ status: "ended", next_date: null });
    const refused = await owner.client.post(rulePath(rule.id, "/skip"));
    expectError(refused, 409, "INVALID_TRANSITION");
    expect(refused.body.details).toEqual({ status: "ended" });
    expectError(await owner.client.post(rulePath("rec_01KB4Z5E9F1G3H5J7K9M1N3P5Q", "/skip")), 404, "NOT_FOUND");
  });

  test("security: no key, unknown, revoked, wrong scope, another account's rule", async () => {
    const { rule } = await createRule(owner, { start_date: "2026-12-01" });
    await expectSecurityCases({ server, owner, scope: "invoices:write", call: (key) => api(server.url).post(rulePath(rule.id, "/skip"), undefined, key) });
    expect(expectStatus(await owner.client.get(rulePath(rule.id)), 200).next_date).toBe("2026-12-01");
  });
});
