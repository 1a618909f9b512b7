// POST /api/invites/accept: a signed-in person joins the invite's account (keeping a higher role
// held there already), the invite is used up, and the session switches to that account.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SCOPES } from "../../../server/domain/scopes.ts";
import { api } from "../../helpers/http.ts";
import { expectError, expectStatus } from "../../helpers/invoices.ts";
import { agentOf, caller, inviteTokenOf } from "../../helpers/members.ts";
import { signedIn } from "../../helpers/people.ts";
import { startTestServer, type TestAccount, type TestServer } from "../../helpers/server.ts";

let server: TestServer;
let home: TestAccount;
let target: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  home = await server.account();
  target = await server.account();
});
afterAll(() => server.close());

const invite = async (body: Record<string, unknown> = { role: "member" }) => expectStatus(await caller(server.url, { cookie: (await signedIn(server, { accountId: target.accountId, role: "owner" })).cookie }).post("/api/invites", body), 201);

describe("POST /api/invites/accept", () => {
  test("joins with the invite's role, answers me.get's shape, and the session now acts there", async () => {
    const created = await invite({ role: "member", can_approve: true });
    const person = await signedIn(server, { accountId: home.accountId, role: "owner", name: "Grace" });
    const asPerson = caller(server.url, { cookie: person.cookie });
    expect(expectStatus(await asPerson.get("/api/account"), 200).id).toBe(home.accountId);

    const me = expectStatus(await asPerson.post("/api/invites/accept", { token: inviteTokenOf(created.url) }), 200);
    expect(me).toEqual({
      user: { id: person.userId, email: person.email, name: "Grace", interface_language: null },
      account: { id: target.accountId, name: "Test account" },
      role: "member",
      can_approve: true,
      scopes: SCOPES.filter((scope) => scope !== "account:admin"),
      accounts: expect.arrayContaining([
        { id: home.accountId, name: "Test account", role: "owner" },
        { id: target.accountId, name: "Test account", role: "member" },
      ]),
      session: { id: person.sessionId },
    });
    expect(me.accounts).toHaveLength(2);
    expect(expectStatus(await asPerson.get("/api/account"), 200).id).toBe(target.accountId);
    expectError(await asPerson.get("/api/keys"), 403, "FORBIDDEN");
    expectError(await asPerson.post("/api/invites/accept", { token: inviteTokenOf(created.url) }), 404, "NOT_FOUND");
  });

  test("someone already in the account keeps a higher role, or rises to the invite's", async () => {
    const admin = await signedIn(server, { accountId: target.accountId, role: "admin" });
    const kept = expectStatus(await caller(server.url, { cookie: admin.cookie }).post("/api/invites/accept", { token: inviteTokenOf((await invite()).url) }), 200);
    expect(kept.role).toBe("admin");
    const member = await signedIn(server, { accountId: target.accountId, role: "member" });
    const risen = expectStatus(await caller(server.url, { cookie: member.cookie }).post("/api/invites/accept", { token: inviteTokenOf((await invite({ role: "admin" })).url) }), 200);
    expect(risen.role).toBe("admin");
  });

  test("an invite made out to an address is only for that person (any letter case)", async () => {
    const created = await invite({ role: "member", email: "exact.person@example.com" });
    const other = await signedIn(server, { accountId: home.accountId });
    const refused = await caller(server.url, { cookie: other.cookie }).post("/api/invites/accept", { token: inviteTokenOf(created.url) });
    expectError(refused, 403, "FORBIDDEN");
    const right = await signedIn(server, { accountId: home.accountId, email: "exact.person@example.com" });
    expect(expectStatus(await caller(server.url, { cookie: right.cookie }).post("/api/invites/accept", { token: inviteTokenOf(created.url) }), 200).account.id).toBe(target.accountId);
  });

  test("404 for an unknown, revoked or expired invite; 422 without a token", async () => {
    const person = await signedIn(server, { accountId: home.accountId });
    const asPerson = caller(server.url, { cookie: person.cookie });
    expectError(await asPerson.post("/api/invites/accept", { token: "sit_0000000000000000000000000000" }), 404, "NOT_FOUND");
    const expiring = await invite();
    server.clock.advance(7 * 86_400_000 + 1);
    expectError(await asPerson.post("/api/invites/accept", { token: inviteTokenOf(expiring.url) }), 404, "NOT_FOUND");
    expectError(await asPerson.post("/api/invites/accept", {}), 422, "VALIDATION_ERROR");
  });

  test("security: no credential 401; an API key or an agent 403 — only a person accepts", async () => {
    const created = await invite();
    const token = inviteTokenOf(created.url);
    expectError(await api(server.url).post("/api/invites/accept", { token }), 401, "UNAUTHORIZED");
    expectError(await api(server.url, home.key).post("/api/invites/accept", { token }), 403, "FORBIDDEN");
    const person = await signedIn(server, { accountId: home.accountId, role: "owner" });
    const agent = await agentOf(server, { accountId: home.accountId, userId: person.userId, scopes: [...SCOPES] });
    expectError(await api(server.url, agent.token).post("/api/invites/accept", { token }), 403, "FORBIDDEN");
    expectStatus(await api(server.url).get(`/api/invites/preview?token=${token}`), 200);
  });
});
