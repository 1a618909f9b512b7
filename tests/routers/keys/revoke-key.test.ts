// DELETE /api/keys/{id}: the key stops working; revoking it again answers when it was revoked.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { api } from "../../helpers/http.ts";
import { expectError, expectStatus } from "../../helpers/invoices.ts";
import { keyIdOf } from "../../helpers/keys.ts";
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

describe("DELETE /api/keys/{id}", () => {
  test("the key is refused at once (cache 0 in tests); a second revoke keeps the first time", async () => {
    const key = await server.key(owner.accountId, ["invoices:read"]);
    const id = await keyIdOf(server, key);
    expectStatus(await api(server.url, key).get("/api/invoices"), 200);
    const revoked = expectStatus(await api(server.url, owner.key).delete(`/api/keys/${id}`), 200);
    expect(revoked).toEqual({ id, revoked_at: server.clock.now().toISOString() });
    expectError(await api(server.url, key).get("/api/invoices"), 401, "UNAUTHORIZED");
    server.clock.advance(3_600_000);
    expect(expectStatus(await api(server.url, owner.key).delete(`/api/keys/${id}`), 200)).toEqual(revoked);
  });

  test("an owner's session revokes a key, even the one it was made with", async () => {
    const person = await signedIn(server, { accountId: owner.accountId, role: "owner" });
    const key = await server.key(owner.accountId, ["account:admin"]);
    const id = await keyIdOf(server, key);
    expectStatus(await caller(server.url, { cookie: person.cookie }).delete(`/api/keys/${id}`), 200);
    const own = await server.key(owner.accountId, ["account:admin"]);
    expectStatus(await api(server.url, own).delete(`/api/keys/${await keyIdOf(server, own)}`), 200);
    expectError(await api(server.url, own).get("/api/keys"), 401, "UNAUTHORIZED");
  });

  test("404 for an unknown key, 403 for another account's (which keeps working)", async () => {
    expectError(await api(server.url, owner.key).delete("/api/keys/key_01KB4Z5C7D9E1F3G5H7J9K1M3N"), 404, "NOT_FOUND");
    const stranger = await server.account();
    expectError(await api(server.url, owner.key).delete(`/api/keys/${await keyIdOf(server, stranger.key)}`), 403, "FORBIDDEN");
    expectStatus(await api(server.url, stranger.key).get("/api/keys"), 200);
  });

  test("security: no key, bad keys, no account:admin, another account; a member's session or agent", async () => {
    const target = await keyIdOf(server, await server.key(owner.accountId, ["invoices:read"]));
    await expectSecurityCases({ server, owner, scope: "account:admin", call: (key) => api(server.url).delete(`/api/keys/${target}`, key) });
    await expectMembersRefused(server, owner.accountId, (client) => client.delete(`/api/keys/${target}`));
    const [row] = expectStatus(await api(server.url, owner.key).get("/api/keys"), 200).data.filter((key: { id: string }) => key.id === target);
    expect(row.revoked_at).toBeNull();
  });
});
