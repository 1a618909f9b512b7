// GET /api/members: the people in the account with their roles, earliest first.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { api } from "../../helpers/http.ts";
import { expectStatus } from "../../helpers/invoices.ts";
import { caller, expectMembersRefused } from "../../helpers/members.ts";
import { signedIn } from "../../helpers/people.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestAccount, type TestServer } from "../../helpers/server.ts";

let server: TestServer;
let owner: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.account();
});
afterAll(() => server.close());

describe("GET /api/members", () => {
  test("each member with e-mail, name, role, approval right and when they joined; only this account's", async () => {
    const boss = await signedIn(server, { accountId: owner.accountId, role: "owner", name: "Ada Owner" });
    server.clock.advance(60_000);
    const clerk = await signedIn(server, { accountId: owner.accountId, role: "member", canApprove: true });
    const elsewhere = await server.account();
    await signedIn(server, { accountId: elsewhere.accountId, role: "owner" });
    const { data } = expectStatus(await caller(server.url, { cookie: boss.cookie }).get("/api/members"), 200);
    expect(data).toEqual([
      { user_id: boss.userId, email: boss.email, name: "Ada Owner", role: "owner", can_approve: false, joined_at: "2026-11-21T10:00:00.000Z" },
      { user_id: clerk.userId, email: clerk.email, name: null, role: "member", can_approve: true, joined_at: "2026-11-21T10:01:00.000Z" },
    ]);
    expect(expectStatus(await api(server.url, owner.key).get("/api/members"), 200).data).toEqual(data);
  });

  test("security: no key, bad keys, no account:admin; a member's session or agent", async () => {
    await expectSecurityCases({ server, owner, scope: "account:admin", ownsResource: false, call: (key) => api(server.url).get("/api/members", key) });
    await expectMembersRefused(server, owner.accountId, (client) => client.get("/api/members"));
  });
});
