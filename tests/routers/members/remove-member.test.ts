// DELETE /api/members/{user_id}: the person leaves the account; their sessions in it and their agents'
// grants stop working at once, while what they hold in other accounts goes on.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { addMember } from "../../../db/queries/members.ts";
import { api } from "../../helpers/http.ts";
import { expectError, expectStatus } from "../../helpers/invoices.ts";
import { agentOf, caller, expectMembersRefused, type Caller } from "../../helpers/members.ts";
import { signedIn, type SignedIn } from "../../helpers/people.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestAccount, type TestServer } from "../../helpers/server.ts";

let server: TestServer;
let account: TestAccount;
let owner: SignedIn;
let asOwner: Caller;

beforeAll(async () => {
  server = await startTestServer();
  account = await server.account();
  owner = await signedIn(server, { accountId: account.accountId, role: "owner" });
  asOwner = caller(server.url, { cookie: owner.cookie });
});
afterAll(() => server.close());

const memberPath = (userId: string): string => `/api/members/${userId}`;

describe("DELETE /api/members/{user_id}", () => {
  test("the removed person's session and agent are refused at once; their other account is untouched", async () => {
    const person = await signedIn(server, { accountId: account.accountId, role: "member" });
    const agent = await agentOf(server, { accountId: account.accountId, userId: person.userId, scopes: ["invoices:read"] });
    const other = await server.account();
    await server.services.database.write((tx) => addMember(tx, { accountId: other.accountId, userId: person.userId, role: "member", canApprove: false, now: server.clock.now() }));
    const elsewhereAgent = await agentOf(server, { accountId: other.accountId, userId: person.userId, scopes: ["invoices:read"] });
    expectStatus(await caller(server.url, { cookie: person.cookie }).get("/api/invoices"), 200);
    expectStatus(await api(server.url, agent.token).get("/api/invoices"), 200);

    expect(expectStatus(await asOwner.delete(memberPath(person.userId)), 200)).toEqual({ user_id: person.userId, removed: true });

    expectError(await caller(server.url, { cookie: person.cookie }).get("/api/invoices"), 401, "UNAUTHORIZED");
    expectError(await api(server.url, agent.token).get("/api/invoices"), 401, "UNAUTHORIZED");
    expectStatus(await api(server.url, elsewhereAgent.token).get("/api/invoices"), 200);
    expect(expectStatus(await asOwner.get("/api/members"), 200).data.map((row: { user_id: string }) => row.user_id)).not.toContain(person.userId);
    // Invited back, they start over: the old session and grant stay revoked.
    await server.services.database.write((tx) => addMember(tx, { accountId: account.accountId, userId: person.userId, role: "member", canApprove: false, now: server.clock.now() }));
    expectError(await caller(server.url, { cookie: person.cookie }).get("/api/invoices"), 401, "UNAUTHORIZED");
    expectError(await api(server.url, agent.token).get("/api/invoices"), 401, "UNAUTHORIZED");
  });

  test("an admin removes members, not admins or owners; a key likewise", async () => {
    const admin = await signedIn(server, { accountId: account.accountId, role: "admin" });
    const asAdmin = caller(server.url, { cookie: admin.cookie });
    const otherAdmin = await signedIn(server, { accountId: account.accountId, role: "admin" });
    expectError(await asAdmin.delete(memberPath(otherAdmin.userId)), 403, "FORBIDDEN");
    expectError(await asAdmin.delete(memberPath(owner.userId)), 403, "FORBIDDEN");
    expectError(await api(server.url, account.key).delete(memberPath(otherAdmin.userId)), 403, "FORBIDDEN");
    const person = await signedIn(server, { accountId: account.accountId, role: "member" });
    expectStatus(await asAdmin.delete(memberPath(person.userId)), 200);
    const another = await signedIn(server, { accountId: account.accountId, role: "member" });
    expectStatus(await api(server.url, account.key).delete(memberPath(another.userId)), 200);
  });

  test("the last owner stays (409); an owner among two may leave", async () => {
    const fresh = await server.account();
    const only = await signedIn(server, { accountId: fresh.accountId, role: "owner" });
    const asOnly = caller(server.url, { cookie: only.cookie });
    expectError(await asOnly.delete(memberPath(only.userId)), 409, "RESOURCE_IN_USE");
    const second = await signedIn(server, { accountId: fresh.accountId, role: "owner" });
    expectStatus(await asOnly.delete(memberPath(only.userId)), 200);
    expectError(await asOnly.get("/api/members"), 401, "UNAUTHORIZED");
    expectError(await caller(server.url, { cookie: second.cookie }).delete(memberPath(second.userId)), 409, "RESOURCE_IN_USE");
  });

  test("404 for someone who is no member here", async () => {
    const stranger = await server.account();
    const theirs = await signedIn(server, { accountId: stranger.accountId, role: "member" });
    expectError(await asOwner.delete(memberPath(theirs.userId)), 404, "NOT_FOUND");
    expectStatus(await caller(server.url, { cookie: theirs.cookie }).get("/api/invoices"), 200);
  });

  test("security: no key, bad keys, no account:admin; a member's session or agent; another account's key", async () => {
    const person = await signedIn(server, { accountId: account.accountId, role: "member" });
    await expectSecurityCases({ server, owner: account, scope: "account:admin", ownsResource: false, call: (key) => api(server.url).delete(memberPath(person.userId), key) });
    await expectMembersRefused(server, account.accountId, (client) => client.delete(memberPath(person.userId)));
    const stranger = await server.account();
    expectError(await api(server.url, stranger.key).delete(memberPath(person.userId)), 404, "NOT_FOUND");
    expectStatus(await caller(server.url, { cookie: person.cookie }).get("/api/invoices"), 200);
  });
});
