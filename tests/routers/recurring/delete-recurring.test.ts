// DELETE /api/recurring/{id}: the rule goes; the invoices it issued stay.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
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

describe("DELETE /api/recurring/{id}", () => {
  test("deletes the rule, keeps its invoices, and issues no more", async () => {
    const account = await steppedAccount(server);
    const { rule } = await createRule(account, { frequency: "daily" });
    await server.scheduler.run("issue-recurring");
    expect(expectStatus(await account.client.get("/api/invoices"), 200).total).toBe(2);
    expect(expectStatus(await account.client.delete(rulePath(rule.id)), 200)).toEqual({ id: rule.id, deleted: true });
    expectError(await account.client.get(rulePath(rule.id)), 404, "NOT_FOUND");
    server.clock.advance(86_400_000);
    await server.scheduler.run("issue-recurring");
    server.clock.set("2026-11-21T10:00:00Z");
    expect(expectStatus(await account.client.get("/api/invoices"), 200).total).toBe(2);
  });

  test("through the tool; a second delete is 404", async () => {
    const { rule } = await createRule(owner);
    expect((await automate(owner.client, "delete_recurring", { id: rule.id })).structuredContent).toEqual({ id: rule.id, deleted: true });
    expectError(await owner.client.delete(rulePath(rule.id)), 404, "NOT_FOUND");
  });

  test("security: no key, unknown, revoked, wrong scope, another account's rule (which stays)", async () => {
    const { rule } = await createRule(owner);
    await expectSecurityCases({ server, owner, scope: "invoices:write", call: (key) => api(server.url).delete(rulePath(rule.id), key) });
    expectStatus(await owner.client.get(rulePath(rule.id)), 200);
  });
});
