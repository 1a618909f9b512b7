// GET /api/invites: the invites that can still be accepted, newest first, never their tokens.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { api } from "../../helpers/http.ts";
import { expectStatus } from "../../helpers/invoices.ts";
import { caller, expectMembersRefused, inviteTokenOf, type Caller } from "../../helpers/members.ts";
import { signedIn } from "../../helpers/people.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestAccount, type TestServer } from "../../helpers/server.ts";

let server: TestServer;
let account: TestAccount;
let asOwner: Caller;

beforeAll(async () => {
  server = await startTestServer();
  account = await server.account();
  asOwner = caller(server.url, { cookie: (await signedIn(server, { accountId: account.accountId, role: "owner" })).cookie });
});
afterAll(() => server.close());

describe("GET /api/invites", () => {
  test("open invites only: accepted, revoked and expired ones drop out", async () => {
    const expiring = expectStatus(await asOwner.post("/api/invites", { role: "member" }), 201);
    server.clock.advance(86_400_000);
    const accepted = expectStatus(await asOwner.post("/api/invites", { role: "member" }), 201);
    const revoked = expectStatus(await asOwner.post("/api/invites", { role: "member" }), 201);
    server.clock.advance(60_000);
    const open = expectStatus(await asOwner.post("/api/invites", { email: "later@example.com", role: "admin", can_approve: true }), 201);
    const joiner = await signedIn(server, { accountId: (await server.account()).accountId, role: "owner" });
    expectStatus(await caller(server.url, { cookie: joiner.cookie }).post("/api/invites/accept", { token: inviteTokenOf(accepted.url) }), 200);
    expectStatus(await asOwner.delete(`/api/invites/${revoked.id}`), 200);
    server.clock.advance(6 * 86_400_000);

    const { data } = expectStatus(await asOwner.get("/api/invites"), 200);
    expect(data).toEqual([{ id: open.id, email: "later@example.com", role: "admin", can_approve: true, created_by: open.created_by, created_at: open.created_at, expires_at: open.expires_at }]);
    expect(JSON.stringify(data)).not.toContain(inviteTokenOf(open.url));
    expect(data.map((invite: { id: string }) => invite.id)).not.toContain(expiring.id);
  });

  test("another account's invites never show", async () => {
    const stranger = await server.account();
    expectStatus(await api(server.url, stranger.key).post("/api/invites", { role: "member" }), 201);
    const mine = expectStatus(await asOwner.get("/api/invites"), 200).data;
    const theirs = expectStatus(await api(server.url, stranger.key).get("/api/invites"), 200).data;
    expect(theirs).toHaveLength(1);
    expect(mine.map((invite: { id: string }) => invite.id)).not.toContain(theirs[0].id);
  });

  test("security: no key, bad keys, no account:admin; a member's session or agent", async () => {
    await expectSecurityCases({ server, owner: account, scope: "account:admin", ownsResource: false, call: (key) => api(server.url).get("/api/invites", key) });
    await expectMembersRefused(server, account.accountId, (client) => client.get("/api/invites"));
  });
});
