import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { addMember } from "../../../db/queries/members.ts";
import { accounts } from "../../../db/schema/index.ts";
import { SCOPES } from "../../../server/domain/scopes.ts";
import { caller } from "../../helpers/members.ts";
import { signedIn } from "../../helpers/people.ts";
import { startTestServer, type TestAccount, type TestServer } from "../../helpers/server.ts";
import { expectSessionOnly } from "../../helpers/sign-in.ts";

let server: TestServer;
let owner: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.account();
});
afterAll(() => server.close());

describe("GET /api/me: happy", () => {
  test("the person, the account the session acts in, the role's scopes and every account they belong to", async () => {
    const person = await signedIn(server, { accountId: owner.accountId, role: "owner", email: "ada@example.com", name: "Ada" });
    const second = await server.account();
    await server.services.database.write(async (tx) => {
      await tx.update(accounts).set({ name: "Second" }).where(eq(accounts.id, second.accountId));
      await addMember(tx, { accountId: second.accountId, userId: person.userId, role: "member", canApprove: false, now: server.clock.now() });
    });
    const reply = await caller(server.url, { cookie: person.cookie }).get("/api/me");
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      user: { id: person.userId, email: "ada@example.com", name: "Ada", interface_language: null },
      account: { id: owner.accountId, name: "Test account" },
      role: "owner",
      can_approve: true,
      scopes: [...SCOPES],
      accounts: [
        { id: owner.accountId, name: "Test account", role: "owner" },
        { id: second.accountId, name: "Second", role: "member" },
      ],
      session: { id: person.sessionId },
    });
  });

  test("a member holds neither account:admin nor approval unless an owner granted it", async () => {
    const plain = await signedIn(server, { accountId: owner.accountId, role: "member" });
    const plainMe = (await caller(server.url, { cookie: plain.cookie }).get("/api/me")).body;
    expect(plainMe).toMatchObject({ role: "member", can_approve: false });
    expect(plainMe.scopes).not.toContain("account:admin");
    expect(plainMe.scopes).not.toContain("invoices:approve");
    const approver = await signedIn(server, { accountId: owner.accountId, role: "member", canApprove: true });
    const approverMe = (await caller(server.url, { cookie: approver.cookie }).get("/api/me")).body;
    expect(approverMe).toMatchObject({ role: "member", can_approve: true });
    expect(approverMe.scopes).toContain("invoices:approve");
  });

  test("the typed tRPC path answers the same", async () => {
    const person = await signedIn(server, { accountId: owner.accountId });
    const rest = (await caller(server.url, { cookie: person.cookie }).get("/api/me")).body;
    const trpc = await fetch(`${server.url}/trpc/me.get?input=${encodeURIComponent("{}")}`, { headers: { cookie: person.cookie } });
    expect(((await trpc.json()) as { result: { data: unknown } }).result.data).toEqual(rest);
  });
});

describe("GET /api/me: errors", () => {
  test("query parameters are not accepted (422)", async () => {
    const person = await signedIn(server, { accountId: owner.accountId });
    const reply = await caller(server.url, { cookie: person.cookie }).get("/api/me?verbose=1");
    expect(reply.status).toBe(422);
  });
});

describe("GET /api/me: security", () => {
  test("a session only: no credential 401, a key or an agent 403, a signed-out session 401", async () => {
    await expectSessionOnly(server, owner.accountId, (client) => client.get("/api/me"));
  });
});
