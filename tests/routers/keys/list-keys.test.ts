// GET /api/keys: the account's keys, revoked ones included, newest first, never a secret.
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

describe("GET /api/keys", () => {
  test("newest first, revoked ones with their time, and no secret or hash", async () => {
    const client = api(server.url, owner.key);
    server.clock.advance(60_000);
    const first = expectStatus(await client.post("/api/keys", { name: "First", scopes: ["invoices:read"] }), 201);
    server.clock.advance(60_000);
    const second = expectStatus(await client.post("/api/keys", { name: "Second", scopes: ["entities:read"] }), 201);
    const revoked = expectStatus(await client.delete(`/api/keys/${first.id}`), 200);
    const { data } = expectStatus(await client.get("/api/keys"), 200);
    expect(data.map((key: { name: string }) => key.name)).toEqual(["Second", "First", "test"]);
    expect(data[0]).toEqual({ id: second.id, name: "Second", hint: second.hint, scopes: ["entities:read"], created_at: second.created_at, last_used_at: null, revoked_at: null });
    expect(data[1].revoked_at).toBe(revoked.revoked_at);
    const text = JSON.stringify(data);
    for (const secret of [first.token, second.token]) expect(text).not.toContain(secret.slice(8));
    expect(text).not.toContain("token");
  });

  test("an owner's or admin's session sees the same; another account's keys never show", async () => {
    const admin = await signedIn(server, { accountId: owner.accountId, role: "admin" });
    const asAdmin = expectStatus(await caller(server.url, { cookie: admin.cookie }).get("/api/keys"), 200);
    expect(asAdmin).toEqual(expectStatus(await api(server.url, owner.key).get("/api/keys"), 200));
    const stranger = await server.account();
    const theirs = expectStatus(await api(server.url, stranger.key).get("/api/keys"), 200).data;
    expect(theirs).toHaveLength(1);
    expect(asAdmin.data.map((key: { id: string }) => key.id)).not.toContain(theirs[0].id);
  });

  test("security: no key, bad keys, no account:admin; a member's session or agent", async () => {
    await expectSecurityCases({ server, owner, scope: "account:admin", ownsResource: false, call: (key) => api(server.url).get("/api/keys", key) });
    await expectMembersRefused(server, owner.accountId, (client) => client.get("/api/keys"));
  });
});
