// GET /api/recurring/{id}/preview?count=N: the next N dates the rule will issue on.
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

const preview = (ruleId: string, count?: number) => owner.client.get(withQuery(rulePath(ruleId, "/preview"), { count }));

describe("GET /api/recurring/{id}/preview", () => {
  test("the 31st clamped through a leap February; 10 by default; at most what the count leaves", async () => {
    const { rule } = await createRule(owner, { start_date: "2027-11-30", day_of_month: 31, count: 14 });
    expect(expectStatus(await preview(rule.id, 5), 200)).toEqual({ id: rule.id, dates: ["2027-11-30", "2027-12-31", "2028-01-31", "2028-02-29", "2028-03-31"] });
    expect(expectStatus(await preview(rule.id), 200).dates).toHaveLength(10);
    expect(expectStatus(await preview(rule.id, 100), 200).dates).toHaveLength(14);
    const tool = await automate(owner.client, "preview_recurring", { id: rule.id, count: 2 });
    expect(tool.structuredContent).toEqual({ id: rule.id, dates: ["2027-11-30", "2027-12-31"] });
  });

  test("up to the end date; a skipping rule behind schedule previews from today", async () => {
    const { rule } = await createRule(owner, { frequency: "weekly", end_date: "2026-12-10" });
    expect(expectStatus(await preview(rule.id, 100), 200).dates).toEqual(["2026-11-21", "2026-11-28", "2026-12-05"]);
    const skipping = (await createRule(owner, { frequency: "daily", missed: "skip" })).rule;
    server.clock.set("2026-11-25T10:00:00Z");
    try {
      expect(expectStatus(await preview(skipping.id, 2), 200).dates).toEqual(["2026-11-25", "2026-11-26"]);
    } finally {
      server.clock.set("2026-11-21T10:00:00Z");
    }
  });

  test("count out of 1..100 is 422 naming count; a missing rule 404", async () => {
    const { rule } = await createRule(owner);
    for (const count of [0, 101]) {
      const reply = await preview(rule.id, count);
      expectError(reply, 422, "VALIDATION_ERROR");
      expect(reply.body.details.field).toBe("count");
    }
    expectError(await preview("rec_01KB4Z5E9F1G3H5J7K9M1N3P5Q"), 404, "NOT_FOUND");
  });

  test("security: no key, unknown, revoked, wrong scope, another account's rule", async () => {
    const { rule } = await createRule(owner);
    await expectSecurityCases({ server, owner, scope: "invoices:read", call: (key) => api(server.url).get(rulePath(rule.id, "/preview"), key) });
  });
});
