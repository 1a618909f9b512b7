import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { addMember } from "../../../db/queries/members.ts";
import { accountForNewSession } from "../../../server/access/sessions.ts";
import { caller } from "../../helpers/members.ts";
import { signedIn, type SignedIn } from "../../helpers/people.ts";
import { startTestServer, type TestAccount, type TestServer } from "../../helpers/server.ts";
import { expectSessionOnly } from "../../helpers/sign-in.ts";

let server: TestServer;
let home: TestAccount;
let other: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  home = await server.account();
  other = await server.account();
});
afterAll(() => server.close());

async function memberOfBoth(): Promise<SignedIn> {
  const person = await signedIn(server, { accountId: home.accountId, role: "owner" });
  await server.services.database.write((tx) => addMember(tx, { accountId: other.accountId, userId: person.userId, role: "member", canApprove: false, now: server.clock.now() }));
  return person;
}

describe("POST /api/me/account: happy", () => {
  test("the session acts in the other account at once, with the role held there", async () => {
    const person = await memberOfBoth();
    const client = caller(server.url, { cookie: person.cookie });
    const reply = await client.post("/api/me/account", { account_id: other.accountId });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ account: { id: other.accountId }, role: "member", can_approve: false, session: { id: person.sessionId } });
    expect(reply.body.scopes).not.toContain("account:admin");
    expect((await client.get("/api/me")).body.account.id).toBe(other.accountId);
    // Acting there: the member cannot manage the other account, and sees its data, not home's.
    expect((await client.put("/api/account", { legal_name: "Taken over" })).status).toBe(403);
    expect((await client.get("/api/account")).body.id).toBe(other.accountId);
  });

  test("the next sign-in starts in the account used last", async () => {
    const person = await memberOfBoth();
    await caller(server.url, { cookie: person.cookie }).post("/api/me/account", { account_id: other.accountId });
    expect(await accountForNewSession(server.services.database.db, person.userId)).toBe(other.accountId);
  });

  test("switching to the account it acts in already changes nothing", async () => {
    const person = await memberOfBoth();
    const reply = await caller(server.url, { cookie: person.cookie }).post("/api/me/account", { account_id: home.accountId });
    expect(reply.body).toMatchObject({ account: { id: home.accountId }, role: "owner" });
  });
});

describe("POST /api/me/account: errors", () => {
  test("an account_id is required (422)", async () => {
    const person = await memberOfBoth();
    const reply = await caller(server.url, { cookie: person.cookie }).post("/api/me/account", {});
    expect(reply.status).toBe(422);
    expect(reply.body.details.field).toBe("account_id");
  });
});

describe("POST /api/me/account: security", () => {
  test("a session only", async () => {
    await expectSessionOnly(server, home.accountId, (client) => client.post("/api/me/account", { account_id: home.accountId }));
  });

  test("an account the person does not belong to is 403, and an unknown one too; the session stays where it was", async () => {
    const person = await signedIn(server, { accountId: home.accountId });
    const client = caller(server.url, { cookie: person.cookie });
    for (const accountId of [other.accountId, "acc_00000000000000000000000000"]) {
      const reply = await client.post("/api/me/account", { account_id: accountId });
      expect(reply.status).toBe(403);
      expect(reply.body.code).toBe("FORBIDDEN");
    }
    expect((await client.get("/api/me")).body.account.id).toBe(home.accountId);
  });
});
