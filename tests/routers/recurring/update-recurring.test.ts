// PUT /api/recurring/{id}: a new schedule, end, on-issue action, send options or missed setting.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SCOPES } from "../../../server/domain/scopes.ts";
import { api } from "../../helpers/http.ts";
import { expectError, expectStatus, steppedAccount, type SteppedAccount } from "../../helpers/invoices.ts";
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

const update = (ruleId: string, body: Record<string, unknown>, account: SteppedAccount = owner) => account.client.put(rulePath(ruleId), body);

describe("PUT /api/recurring/{id}: happy", () => {
  test("a new schedule starts from today and never issues a period again", async () => {
    const account = await steppedAccount(server);
    const { rule } = await createRule(account, { frequency: "daily" });
    await server.scheduler.run("issue-recurring");
    expect(expectStatus(await account.client.get(rulePath(rule.id)), 200)).toMatchObject({ issued_count: 1, next_date: "2026-11-22" });
    // Weekly from the same start would fall on today again (21 Nov), which is issued already.
    const weekly = expectStatus(await update(rule.id, { frequency: "weekly" }, account), 200);
    expect(weekly).toMatchObject({ frequency: "weekly", next_date: "2026-11-28", issued_count: 1, status: "active" });
    expect(weekly.updated_at).toBe("2026-11-21T10:00:00.000Z");
    const monthly = expectStatus(await update(rule.id, { frequency: "monthly", day_of_month: 31, start_date: "2026-12-01" }, account), 200);
    expect(monthly).toMatchObject({ day_of_month: 31, start_date: "2026-12-01", next_date: "2026-12-31" });
  });

  test("a count already reached ends the rule; raising it again brings it back", async () => {
    const account = await steppedAccount(server);
    const { rule } = await createRule(account, { frequency: "daily" });
    await server.scheduler.run("issue-recurring");
    expect(expectStatus(await update(rule.id, { count: 1 }, account), 200)).toMatchObject({ status: "ended", next_date: null, count: 1 });
    expect(expectStatus(await update(rule.id, { count: 3 }, account), 200)).toMatchObject({ status: "active", next_date: "2026-11-22" });
    expect(expectStatus(await update(rule.id, { count: null, end_date: "2026-12-31" }, account), 200)).toMatchObject({ count: null, end_date: "2026-12-31" });
  });

  test("on_issue: send gets default options, and stopping sending drops them; other fields keep the next date", async () => {
    const { rule } = await createRule(owner, { start_date: "2026-12-05" });
    expect(expectStatus(await update(rule.id, { on_issue: "send" }), 200)).toMatchObject({ on_issue: "send", send: { via: "email" }, next_date: "2026-12-05" });
    expect(expectStatus(await update(rule.id, { send: { via: "link" } }), 200).send).toEqual({ via: "link" });
    expect(expectStatus(await update(rule.id, { missed: "skip" }), 200)).toMatchObject({ missed: "skip", send: { via: "link" } });
    expect(expectStatus(await update(rule.id, { on_issue: "finalize" }), 200)).toMatchObject({ on_issue: "finalize", send: null });
  });

  test("through the tool", async () => {
    const { rule } = await createRule(owner);
    const result = await automate(owner.client, "update_recurring", { id: rule.id, frequency: "quarterly", end_date: "2027-12-31", count: null });
    expect(result.structuredContent).toMatchObject({ frequency: "quarterly", end_date: "2027-12-31", next_date: "2026-11-21" });
  });
});

describe("PUT /api/recurring/{id}: errors", () => {
  test("invalid changes are 422 naming the field, and change nothing", async () => {
    const { rule } = await createRule(owner, { count: 5 });
    for (const [body, field] of [
      [{ start_date: "2026-11-01" }, "start_date"],
      [{ frequency: "daily", day_of_month: 3 }, "day_of_month"],
      [{ end_date: "2027-01-01" }, "count"],
      [{ send: { via: "link" } }, "send"],
      [{ interval: 1.5 }, "interval"],
      [{ status: "paused" }, "status"],
    ] as const) {
      const reply = await update(rule.id, body);
      expectError(reply, 422, "VALIDATION_ERROR");
      expect(reply.body.details.field).toBe(field);
    }
    expect(expectStatus(await owner.client.get(rulePath(rule.id)), 200)).toEqual(rule);
  });

  test("making a rule send needs invoices:approve; a missing rule is 404", async () => {
    const { rule } = await createRule(owner);
    const key = await server.key(owner.accountId, SCOPES.filter((scope) => scope !== "invoices:approve"));
    expectError(await api(server.url, key).put(rulePath(rule.id), { on_issue: "send" }), 403, "FORBIDDEN");
    expectError(await update("rec_01KB4Z5E9F1G3H5J7K9M1N3P5Q", { missed: "skip" }), 404, "NOT_FOUND");
  });
});

describe("PUT /api/recurring/{id}: security", () => {
  test("no key, unknown, revoked, wrong scope, another account's rule (unchanged)", async () => {
    const { rule } = await createRule(owner);
    await expectSecurityCases({ server, owner, scope: "invoices:write", call: (key) => api(server.url).put(rulePath(rule.id), { missed: "skip" }, key) });
    expect(expectStatus(await owner.client.get(rulePath(rule.id)), 200).missed).toBe("issue");
  });
});
