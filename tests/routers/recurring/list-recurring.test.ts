// GET /api/recurring: the account's rules, newest first, filtered by status, paginated.
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

describe("GET /api/recurring", () => {
  test("newest first with total; status filter; pages; only the account's own; the tool lists the same", async () => {
    const account = await steppedAccount(server);
    const older = (await createRule(account)).rule;
    server.clock.advance(1000);
    const newer = (await createRule(account, { frequency: "weekly" })).rule;
    const paused = expectStatus(await account.client.post(rulePath(older.id, "/pause")), 200);
    const all = expectStatus(await account.client.get("/api/recurring"), 200);
    expect(all).toEqual({ data: [newer, paused], total: 2, limit: 20, offset: 0 });
    expect(expectStatus(await account.client.get(withQuery("/api/recurring", { status: "paused" })), 200)).toMatchObject({ total: 1, data: [{ id: older.id, status: "paused" }] });
    expect(expectStatus(await account.client.get(withQuery("/api/recurring", { status: "ended" })), 200).total).toBe(0);
    expect(expectStatus(await account.client.get(withQuery("/api/recurring", { limit: 1, offset: 1 })), 200)).toMatchObject({ total: 2, data: [{ id: older.id }] });
    expect(expectStatus(await owner.client.get("/api/recurring"), 200).total).toBe(0);
    const listed = await automate(account.client, "list_recurring", { status: "active" });
    expect(listed.structuredContent.data).toEqual([newer]);
  });

  test("an unknown status or a limit over 100 is 422 naming the field", async () => {
    for (const [query, field] of [
      [{ status: "stopped" }, "status"],
      [{ limit: 101 }, "limit"],
    ] as const) {
      const reply = await owner.client.get(withQuery("/api/recurring", query));
      expectError(reply, 422, "VALIDATION_ERROR");
      expect(reply.body.details.field).toBe(field);
    }
  });

  test("security: no key, unknown, revoked, and a key without invoices:read", async () => {
    await expectSecurityCases({ server, owner, scope: "invoices:read", ownsResource: false, call: (key) => api(server.url).get("/api/recurring", key) });
  });
});
