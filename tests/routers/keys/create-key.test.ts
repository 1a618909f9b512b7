// POST /api/keys: a key with some of the creator's own scopes, its secret shown once; never more than
// the creator holds (no escalation through a key).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTRPCClient, httpLink } from "@trpc/client";
import type { AppRouter } from "../../../routers/index.ts";
import { SCOPES } from "../../../server/domain/scopes.ts";
import { api } from "../../helpers/http.ts";
import { expectError, expectStatus } from "../../helpers/invoices.ts";
import { agentOf, caller, expectMembersRefused } from "../../helpers/members.ts";
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

describe("POST /api/keys", () => {
  test("201 with the secret once; the key reaches what its scopes say and no more", async () => {
    const reply = await api(server.url, owner.key).post("/api/keys", { name: "Bookkeeping export", scopes: ["invoices:read"] });
    const created = expectStatus(reply, 201);
    expect(created).toEqual({
      id: expect.stringMatching(/^key_/),
      name: "Bookkeeping export",
      hint: created.token.slice(0, 8),
      scopes: ["invoices:read"],
      created_at: server.clock.now().toISOString(),
      token: expect.stringMatching(/^svc_[0-9A-Za-z]{28}$/),
    });
    const key = api(server.url, created.token);
    expectStatus(await key.get("/api/invoices"), 200);
    expectError(await key.get("/api/clients"), 403, "FORBIDDEN");
    const listed = expectStatus(await api(server.url, owner.key).get("/api/keys"), 200).data.find((row: { id: string }) => row.id === created.id);
    expect(listed).toMatchObject({ name: "Bookkeeping export", hint: created.hint, revoked_at: null });
    expect(JSON.stringify(listed)).not.toContain(created.token.slice(8));
  });

  test("an owner's session creates keys; so does the tRPC face", async () => {
    const person = await signedIn(server, { accountId: owner.accountId, role: "owner" });
    const created = expectStatus(await caller(server.url, { cookie: person.cookie }).post("/api/keys", { name: "CI", scopes: [...SCOPES] }), 201);
    expect(created.scopes).toEqual([...SCOPES]);
    expectStatus(await api(server.url, created.token).get("/api/keys"), 200);
    const trpc = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${server.url}/trpc`, headers: { cookie: person.cookie } })] });
    const byTrpc = await trpc.keys.create.mutate({ name: "Typed", scopes: ["templates:read"] });
    expect(byTrpc.token).toMatch(/^svc_/);
  });

  test("no escalation: a key without invoices:approve cannot mint one with it", async () => {
    const adminKey = await server.key(owner.accountId, ["account:admin", "invoices:read", "invoices:write"]);
    const reply = await api(server.url, adminKey).post("/api/keys", { name: "Approver", scopes: ["invoices:read", "invoices:approve"] });
    expectError(reply, 403, "FORBIDDEN");
    expect(reply.body.details).toEqual({ field: "scopes", scopes: ["invoices:approve"] });
    expectStatus(await api(server.url, adminKey).post("/api/keys", { name: "Writer", scopes: ["invoices:write"] }), 201);
  });

  test("an owner's agent mints keys only within its grant", async () => {
    const person = await signedIn(server, { accountId: owner.accountId, role: "owner" });
    const agent = await agentOf(server, { accountId: owner.accountId, userId: person.userId, scopes: ["account:admin", "invoices:read"] });
    const asAgent = api(server.url, agent.token);
    expectError(await asAgent.post("/api/keys", { name: "Wider", scopes: ["invoices:write"] }), 403, "FORBIDDEN");
    expectStatus(await asAgent.post("/api/keys", { name: "Reader", scopes: ["invoices:read"] }), 201);
  });

  test("422 for no scopes, an unknown or repeated scope, an empty name, an unknown field", async () => {
    const client = api(server.url, owner.key);
    for (const body of [
      { name: "A", scopes: [] },
      { name: "A", scopes: ["invoices:delete"] },
      { name: "A", scopes: ["invoices:read", "invoices:read"] },
      { name: "  ", scopes: ["invoices:read"] },
      { name: "A", scopes: ["invoices:read"], expires_at: "2027-01-01" },
    ]) {
      expectError(await client.post("/api/keys", body), 422, "VALIDATION_ERROR");
    }
  });

  test("security: no key, bad keys, no account:admin; a member's session or agent", async () => {
    await expectSecurityCases({ server, owner, scope: "account:admin", ownsResource: false, call: (key) => api(server.url).post("/api/keys", { name: "X", scopes: ["invoices:read"] }, key) });
    await expectMembersRefused(server, owner.accountId, (client) => client.post("/api/keys", { name: "X", scopes: ["invoices:read"] }));
  });
});
