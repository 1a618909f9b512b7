// PATCH /api/members/{user_id}: roles and the approval right. Owners make and unmake owners and admins,
// admins manage members only, approval is an owner's grant, and the last owner stays.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { api } from "../../helpers/http.ts";
import { expectError, expectStatus, invoiceSteps } from "../../helpers/invoices.ts";
import { caller, expectMembersRefused, type Caller } from "../../helpers/members.ts";
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

describe("PATCH /api/members/{user_id}", () => {
  test("an owner makes a member admin: the member's session can manage at once", async () => {
    const person = await signedIn(server, { accountId: account.accountId, role: "member" });
    const asPerson = caller(server.url, { cookie: person.cookie });
    expectError(await asPerson.get("/api/keys"), 403, "FORBIDDEN");
    const changed = expectStatus(await asOwner.patch(memberPath(person.userId), { role: "admin" }), 200);
    expect(changed).toMatchObject({ user_id: person.userId, email: person.email, role: "admin", can_approve: false });
    expectStatus(await asPerson.get("/api/keys"), 200);
  });

  test("an owner gives a member the approval right: their next move approves", async () => {
    const person = await signedIn(server, { accountId: account.accountId, role: "member" });
    const steps = invoiceSteps(caller(server.url, { cookie: person.cookie }));
    const inReview = await steps.transition(await steps.create(), "review");
    const refused = await caller(server.url, { cookie: person.cookie }).post(`/api/invoices/${inReview.id}/transition`, { base_revision: inReview.revision, operation_id: crypto.randomUUID(), status: "approved" });
    expectError(refused, 403, "FORBIDDEN");
    expect(expectStatus(await asOwner.patch(memberPath(person.userId), { can_approve: true }), 200).can_approve).toBe(true);
    expect((await steps.transition(inReview, "approved")).status).toBe("approved");
  });

  test("an admin manages members but neither appoints, unappoints nor grants approval", async () => {
    const admin = await signedIn(server, { accountId: account.accountId, role: "admin" });
    const asAdmin = caller(server.url, { cookie: admin.cookie });
    const person = await signedIn(server, { accountId: account.accountId, role: "member" });
    const other = await signedIn(server, { accountId: account.accountId, role: "admin" });
    expectError(await asAdmin.patch(memberPath(person.userId), { role: "admin" }), 403, "FORBIDDEN");
    expectError(await asAdmin.patch(memberPath(person.userId), { can_approve: true }), 403, "FORBIDDEN");
    expectError(await asAdmin.patch(memberPath(other.userId), { role: "member" }), 403, "FORBIDDEN");
    expectError(await asAdmin.patch(memberPath(owner.userId), { role: "admin" }), 403, "FORBIDDEN");
    // Saying what already is changes nothing and is allowed.
    expect(expectStatus(await asAdmin.patch(memberPath(person.userId), { role: "member", can_approve: false }), 200).role).toBe("member");
  });

  test("an API key manages like an admin: it cannot make an owner", async () => {
    const person = await signedIn(server, { accountId: account.accountId, role: "member" });
    const reply = await caller(server.url, { key: account.key }).patch(memberPath(person.userId), { role: "owner" });
    expectError(reply, 403, "FORBIDDEN");
    expect(reply.body.details).toEqual({ role: "owner" });
  });

  test("the last owner cannot step down (409); with a second owner they can", async () => {
    const fresh = await server.account();
    const only = await signedIn(server, { accountId: fresh.accountId, role: "owner" });
    const asOnly = caller(server.url, { cookie: only.cookie });
    const reply = await asOnly.patch(memberPath(only.userId), { role: "admin" });
    expectError(reply, 409, "RESOURCE_IN_USE");
    expect(reply.body.details).toEqual({ field: "role" });
    const second = await signedIn(server, { accountId: fresh.accountId, role: "member" });
    expectStatus(await asOnly.patch(memberPath(second.userId), { role: "owner" }), 200);
    expect(expectStatus(await asOnly.patch(memberPath(only.userId), { role: "admin" }), 200).role).toBe("admin");
    // Now an admin, the former owner may not undo it.
    expectError(await asOnly.patch(memberPath(second.userId), { role: "member" }), 403, "FORBIDDEN");
  });

  test("404 for someone who is no member here, even a member of another account; 422 for a bad role", async () => {
    const stranger = await server.account();
    const theirs = await signedIn(server, { accountId: stranger.accountId, role: "member" });
    expectError(await asOwner.patch(memberPath(theirs.userId), { role: "admin" }), 404, "NOT_FOUND");
    expectError(await asOwner.patch(memberPath("usr_01KB4Z5C7D9E1F3G5H7J9K1M3N"), { role: "admin" }), 404, "NOT_FOUND");
    const person = await signedIn(server, { accountId: account.accountId, role: "member" });
    expectError(await asOwner.patch(memberPath(person.userId), { role: "superuser" }), 422, "VALIDATION_ERROR");
    expectError(await asOwner.patch(memberPath(person.userId), { role: "admin", nickname: "x" }), 422, "VALIDATION_ERROR");
    expect(expectStatus(await asOwner.get("/api/members"), 200).data.find((row: { user_id: string }) => row.user_id === person.userId).role).toBe("member");
  });

  test("security: no key, bad keys, no account:admin; a member's session or agent; another account's key", async () => {
    const person = await signedIn(server, { accountId: account.accountId, role: "member" });
    const patch = (key: string | null) => api(server.url).raw(memberPath(person.userId), { method: "PATCH", headers: { "content-type": "application/json", ...(key ? { authorization: `Bearer ${key}` } : {}) }, body: JSON.stringify({ role: "member" }) });
    await expectSecurityCases({ server, owner: account, scope: "account:admin", ownsResource: false, call: patch });
    await expectMembersRefused(server, account.accountId, (client) => client.patch(memberPath(person.userId), { role: "member" }));
    const stranger = await server.account();
    expectError(await patch(stranger.key), 404, "NOT_FOUND");
  });
});
