// Revocation is immediate for the whole family (ADR 0006): with the credential cache on and long
// (KEY_CACHE_MS=600000, so nothing here waits for an entry to expire), revoking a refresh token, a
// grant, a session or a key, removing or narrowing a member, or moving a session refuses every
// credential it covers on the very next request, on REST, /trpc and /api/mcp; the rest keep working.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { addMember } from "../../db/queries/members.ts";
import { api } from "../helpers/http.ts";
import { expectStatus } from "../helpers/invoices.ts";
import { keyIdOf } from "../helpers/keys.ts";
import { caller } from "../helpers/members.ts";
import { answerConsent, authorizeUrl, connectAgent, MANY_AGENTS, pkcePair, REDIRECT_URI, tokenRequest, type RegisteredClient } from "../helpers/oauth.ts";
import { signedIn, type SignedIn } from "../helpers/people.ts";
import { startTestServer, type TestAccount, type TestServer } from "../helpers/server.ts";
import { linkSignIn, signedInByLink } from "../helpers/sign-in.ts";

let server: TestServer;
let owner: TestAccount;
let person: SignedIn;

beforeAll(async () => {
  server = await startTestServer({ env: { ...MANY_AGENTS, KEY_CACHE_MS: "600000" } });
  owner = await server.account();
  person = await signedIn(server, { accountId: owner.accountId, role: "owner" });
});
afterAll(() => server.close());

type Face = "REST" | "/trpc" | "/api/mcp";
const FACES: Face[] = ["REST", "/trpc", "/api/mcp"];

/** The HTTP status of one read with a bearer credential on `face` (MCP answers 401 for a refused token, 200 otherwise). */
async function statusOn(face: Face, token: string): Promise<number> {
  const authorization = `Bearer ${token}`;
  if (face === "REST") return (await fetch(`${server.url}/api/invoices`, { headers: { authorization } })).status;
  if (face === "/trpc") return (await fetch(`${server.url}/trpc/invoices.list?input=${encodeURIComponent("{}")}`, { headers: { authorization } })).status;
  const reply = await api(server.url, token).post("/api/mcp", { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "invoices.query", arguments: {} } });
  if (reply.status === 200) expect(reply.body.result.isError).toBeUndefined();
  return reply.status;
}

async function revokeAtEndpoint(client: RegisteredClient, token: string): Promise<void> {
  const response = await fetch(`${server.url}/oauth/revoke`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ client_id: client.client_id, token }) });
  expect(response.status).toBe(200);
}

const refresh = (client: RegisteredClient, refreshToken: string) => tokenRequest(server, { grant_type: "refresh_token", client_id: client.client_id, refresh_token: refreshToken });

/** Another code of the same client and person (so the same grant), exchanged: a second family of tokens. */
async function secondFamily(client: RegisteredClient): Promise<{ access_token: string; refresh_token: string }> {
  const { verifier, challenge } = await pkcePair();
  const back = await answerConsent(server, authorizeUrl(server, { client_id: client.client_id, code_challenge: challenge }), person.cookie);
  const reply = await tokenRequest(server, { grant_type: "authorization_code", client_id: client.client_id, code: back.searchParams.get("code") as string, code_verifier: verifier, redirect_uri: REDIRECT_URI });
  expect(reply.status).toBe(200);
  return reply.body;
}

describe.each(FACES)("on %s, the very next request after", (face) => {
  test("revoking a refresh token (/oauth/revoke) is 401 for every access token of its family", async () => {
    const { client, tokens } = await connectAgent(server, person.cookie);
    const renewed = (await refresh(client, tokens.refresh_token)).body;
    const other = await connectAgent(server, person.cookie);
    expect(await statusOn(face, tokens.access_token)).toBe(200);
    expect(await statusOn(face, renewed.access_token)).toBe(200);
    expect(await statusOn(face, other.tokens.access_token)).toBe(200);

    await revokeAtEndpoint(client, renewed.refresh_token);

    expect(await statusOn(face, tokens.access_token)).toBe(401);
    expect(await statusOn(face, renewed.access_token)).toBe(401);
    expect(await statusOn(face, other.tokens.access_token)).toBe(200);
  });

  test("revoking an access token is 401 for it only; its refresh token still renews", async () => {
    const { client, tokens } = await connectAgent(server, person.cookie);
    expect(await statusOn(face, tokens.access_token)).toBe(200);
    await revokeAtEndpoint(client, tokens.access_token);
    expect(await statusOn(face, tokens.access_token)).toBe(401);
    const renewed = await refresh(client, tokens.refresh_token);
    expect(renewed.status).toBe(200);
    expect(await statusOn(face, renewed.body.access_token)).toBe(200);
  });

  test("revoking the grant in the console is 401 for the tokens of every code it issued", async () => {
    const { client, tokens } = await connectAgent(server, person.cookie);
    const second = await secondFamily(client);
    expect(await statusOn(face, tokens.access_token)).toBe(200);
    expect(await statusOn(face, second.access_token)).toBe(200);
    const grants = expectStatus(await caller(server.url, { cookie: person.cookie }).get("/api/grants"), 200).data;
    const grant = grants.find((candidate: { client: { id: string } }) => candidate.client.id === client.client_id);

    expectStatus(await api(server.url).raw(`/api/grants/${grant.id}`, { method: "DELETE", headers: { cookie: person.cookie, origin: server.url } }), 200);

    expect(await statusOn(face, tokens.access_token)).toBe(401);
    expect(await statusOn(face, second.access_token)).toBe(401);
    expect((await refresh(client, second.refresh_token)).body.error).toBe("invalid_grant");
  });

  test("revoking a key is 401 for it; the account's other key keeps working", async () => {
    const account = await server.account();
    const other = await server.key(account.accountId, ["invoices:read"]);
    expect(await statusOn(face, account.key)).toBe(200);
    expect(await statusOn(face, other)).toBe(200);

    expectStatus(await api(server.url, other).delete(`/api/keys/${await keyIdOf(server, account.key)}`), 403);
    expectStatus(await api(server.url, account.key).delete(`/api/keys/${await keyIdOf(server, account.key)}`), 200);

    expect(await statusOn(face, account.key)).toBe(401);
    expect(await statusOn(face, other)).toBe(200);
  });
});

describe("sessions, the very next request after", () => {
  const me = (cookie: string) => caller(server.url, { cookie }).get("/api/me");
  const meOnTrpc = async (cookie: string) => (await fetch(`${server.url}/trpc/me.get?input=${encodeURIComponent("{}")}`, { headers: { cookie } })).status;

  test("signing one of the person's sessions out from another device: that cookie is 401 on REST and /trpc, this one works", async () => {
    const { jars } = await signedInByLink(server, owner.accountId, 2);
    const [here, there] = jars.map((jar) => jar.header()) as [string, string];
    expectStatus(await me(there), 200);
    expect(await meOnTrpc(there)).toBe(200);
    const sessions = expectStatus(await caller(server.url, { cookie: here }).get("/api/me/sessions"), 200).data as Array<{ id: string; current: boolean }>;
    const away = sessions.find((session) => !session.current) as { id: string };

    expectStatus(await api(server.url).raw(`/api/me/sessions/${away.id}`, { method: "DELETE", headers: { cookie: here, origin: server.url } }), 200);

    expect((await me(there)).status).toBe(401);
    expect(await meOnTrpc(there)).toBe(401);
    expectStatus(await me(here), 200);
  });

  test("signing out: the cookie is 401 at once", async () => {
    const { jars } = await signedInByLink(server, owner.accountId);
    const cookie = (jars[0] as { header(): string }).header();
    expectStatus(await me(cookie), 200);
    expect((await fetch(`${server.url}/auth/sign-out`, { method: "POST", headers: { cookie } })).status).toBe(204);
    expect((await me(cookie)).status).toBe(401);
  });

  test("signing in again from the same browser: the cookie it came with is 401 at once", async () => {
    const { userId, email, jars } = await signedInByLink(server, owner.accountId);
    const jar = jars[0] as Parameters<typeof linkSignIn>[2];
    const arrivedWith = jar.header();
    expectStatus(await me(arrivedWith), 200);
    expect((await linkSignIn(server, { accountId: owner.accountId, userId, email }, jar)).status).toBe(303);
    expect((await me(arrivedWith)).status).toBe(401);
    expectStatus(await me(jar.header()), 200);
  });

  test("switching the session to another account: the next call acts there, not in the old one", async () => {
    const other = await server.account();
    const traveller = await signedIn(server, { accountId: owner.accountId, role: "owner" });
    await server.services.database.write((tx) => addMember(tx, { accountId: other.accountId, userId: traveller.userId, role: "member", canApprove: false, now: server.clock.now() }));
    expect(expectStatus(await me(traveller.cookie), 200).account.id).toBe(owner.accountId);

    expectStatus(await api(server.url).raw("/api/me/account", { method: "POST", headers: { cookie: traveller.cookie, origin: server.url, "content-type": "application/json" }, body: JSON.stringify({ account_id: other.accountId }) }), 200);

    expect(expectStatus(await me(traveller.cookie), 200).account.id).toBe(other.accountId);
  });
});

describe("members, the very next request after", () => {
  test("removing a member: their session and their agent are 401", async () => {
    const leaving = await signedIn(server, { accountId: owner.accountId, role: "member" });
    const { tokens } = await connectAgent(server, leaving.cookie);
    expectStatus(await caller(server.url, { cookie: leaving.cookie }).get("/api/invoices"), 200);
    expect(await statusOn("REST", tokens.access_token)).toBe(200);

    expectStatus(await caller(server.url, { cookie: person.cookie }).delete(`/api/members/${leaving.userId}`), 200);

    expect((await caller(server.url, { cookie: leaving.cookie }).get("/api/invoices")).status).toBe(401);
    expect(await statusOn("REST", tokens.access_token)).toBe(401);
  });

  test("narrowing a member's role: their session loses what the old role allowed", async () => {
    const admin = await signedIn(server, { accountId: owner.accountId, role: "admin" });
    const asAdmin = caller(server.url, { cookie: admin.cookie });
    expectStatus(await asAdmin.get("/api/members"), 200);

    expectStatus(await caller(server.url, { cookie: person.cookie }).patch(`/api/members/${admin.userId}`, { role: "member" }), 200);

    expect((await asAdmin.get("/api/members")).status).toBe(403);
    expectStatus(await asAdmin.get("/api/invoices"), 200);
  });
});

describe("a revocation that is refused changes nothing", () => {
  test("another client's /oauth/revoke of a token: 200 (RFC 7009), and the token keeps working", async () => {
    const { tokens } = await connectAgent(server, person.cookie);
    const stranger = await connectAgent(server, person.cookie);
    expect(await statusOn("REST", tokens.access_token)).toBe(200);
    await revokeAtEndpoint(stranger.client, tokens.refresh_token);
    expect(await statusOn("REST", tokens.access_token)).toBe(200);
  });

  test("another person's session: 403, and that session keeps working", async () => {
    const someoneElse = await signedIn(server, { accountId: owner.accountId, role: "member" });
    expectStatus(await caller(server.url, { cookie: someoneElse.cookie }).get("/api/me"), 200);
    const refused = await api(server.url).raw(`/api/me/sessions/${someoneElse.sessionId}`, { method: "DELETE", headers: { cookie: person.cookie, origin: server.url } });
    expect(refused.status).toBe(403);
    expectStatus(await caller(server.url, { cookie: someoneElse.cookie }).get("/api/me"), 200);
  });

  test("another account's key: 403, and the key keeps working", async () => {
    const other = await server.account();
    expect(await statusOn("REST", other.key)).toBe(200);
    expectStatus(await api(server.url, owner.key).delete(`/api/keys/${await keyIdOf(server, other.key)}`), 403);
    expect(await statusOn("REST", other.key)).toBe(200);
  });
});
