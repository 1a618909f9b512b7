// GET /api/recurring/{id}: one rule, the same on every face.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTRPCClient, httpLink } from "@trpc/client";
import type { AppRouter } from "../../../routers/index.ts";
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

describe("GET /api/recurring/{id}", () => {
  test("the rule as created; the tool and the tRPC client answer the same", async () => {
    const { rule } = await createRule(owner, { frequency: "quarterly", day_of_month: 30, end_date: "2027-12-31" });
    expect(expectStatus(await owner.client.get(rulePath(rule.id)), 200)).toEqual(rule);
    expect((await automate(owner.client, "get_recurring", { id: rule.id })).structuredContent).toEqual(rule);
    const trpc = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${server.url}/trpc`, headers: { authorization: `Bearer ${owner.key}` } })] });
    expect(await trpc.recurring.get.query({ id: rule.id })).toEqual(rule as never);
  });

  test("a missing rule is 404; through the tool an error result", async () => {
    expectError(await owner.client.get(rulePath("rec_01KB4Z5E9F1G3H5J7K9M1N3P5Q")), 404, "NOT_FOUND");
    const result = await automate(owner.client, "get_recurring", { id: "rec_01KB4Z5E9F1G3H5J7K9M1N3P5Q" });
    expect(result.isError).toBe(true);
    expect(JSON.parse(result.content[0]!.text).code).toBe("NOT_FOUND");
  });

  test("security: no key, unknown, revoked, wrong scope, another account's rule", async () => {
    const { rule } = await createRule(owner);
    await expectSecurityCases({ server, owner, scope: "invoices:read", call: (key) => api(server.url).get(rulePath(rule.id), key) });
  });
});
