// DELETE /api/invites/{id}: the link stops working; revoking again answers when; an accepted invite
// is a membership now (409). Only who may send an invite may take it back.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { api } from "../../helpers/http.ts";
import { expectError, expectStatus } from "../../helpers/invoices.ts";
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

const invite = async (body: Record<string, unknown> = { role: "member" }) => expectStatus(await asOwner.post("/api/invites", body), 201);

describe("DELETE /api/invites/{id}", () => {
  test("the link stops working; a second revoke keeps the first time", async () => {
    const created = await invite();
    const revoked = expectStatus(await asOwner.delete(`/api/invites/${created.id}`), 200);
    expect(revoked).toEqual({ id: created.id, revoked_at: server.clock.now().toISOString() });
    expectError(await api(server.url).get(`/api/invites/preview?token=${inviteTokenOf(created.url)}`), 404, "NOT_FOUND");
    const person = await signedIn(server, { accountId: (await server.account()).accountId });
    expectError(await caller(server.url, { cookie: person.cookie }).post("/api/invites/accept", { token: inviteTokenOf(created.url) }), 404, "NOT_FOUND");
    server.clock.advance(60_000);
    expect(expectStatus(await asOwner.delete(`/api/invites/${created.id}`), 200)).toEqual(revoked);
  });

  test("409 once accepted", async () => {
    const created = await invite();
    const person = await signedIn(server, { accountId: (await server.account()).accountId });
    expectStatus(await caller(server.url, { cookie: person.cookie }).post("/api/invites/accept", { token: inviteTokenOf(created.url) }), 200);
    expectError(await asOwner.delete(`/api/invites/${created.id}`), 409, "RESOURCE_IN_USE");
  });

  test("an admin takes back member invites only", async () => {
    const asAdmin = caller(server.url, { cookie: (await signedIn(server, { accountId: account.accountId, role: "admin" })).cookie });
    expectError(await asAdmin.delete(`/api/invites/${(await invite({ role: "admin" })).id}`), 403, "FORBIDDEN");
    expectStatus(await asAdmin.delete(`/api/invites/${(await invite()).id}`), 200);
  });

  test("404 for an unknown invite, 403 for another account's", async () => {
    expectError(await asOwner.delete("/api/invites/ivt_01KB4Z5C7D9E1F3G5H7J9K1M3N"), 404, "NOT_FOUND");
    const stranger = await server.account();
    const theirs = expectStatus(await api(server.url, stranger.key).post("/api/invites", { role: "member" }), 201);
    expectError(await asOwner.delete(`/api/invites/${theirs.id}`), 403, "FORBIDDEN");
  });

  test("security: no key, bad keys, no account:admin, another account; a member's session or agent", async () => {
    const created = await invite();
    await expectSecurityCases({ server, owner: account, scope: "account:admin", call: (key) => api(server.url).delete(`/api/invites/${created.id}`, key) });
    await expectMembersRefused(server, account.accountId, (client) => client.delete(`/api/invites/${created.id}`));
    expectStatus(await api(server.url).get(`/api/invites/preview?token=${inviteTokenOf(created.url)}`), 200);
  });
});
