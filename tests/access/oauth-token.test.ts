// POST /oauth/token and /oauth/revoke, and what the tokens reach: every negative the issue lists
// (wrong verifier, reused code, mismatched redirect, wrong audience, expired token, unregistered
// client, revoked grant), refresh rotation with reuse detection, and revocation.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { memberships } from "../../db/schema/users.ts";
import { and, eq } from "drizzle-orm";
import { api } from "../helpers/http.ts";
import { answerConsent, authorizeUrl, connectAgent, MANY_AGENTS, pkcePair, REDIRECT_URI, registerClient, tokenRequest, type RegisteredClient } from "../helpers/oauth.ts";
import { signedIn, type SignedIn } from "../helpers/people.ts";
import { startTestServer, type TestAccount, type TestServer } from "../helpers/server.ts";

let server: TestServer;
let owner: TestAccount;
let person: SignedIn;

beforeAll(async () => {
  server = await startTestServer({ env: MANY_AGENTS });
  owner = await server.account();
  person = await signedIn(server, { accountId: owner.accountId, role: "owner" });
});
afterAll(() => server.close());

/** A fresh code for `client` (consented by the owner), with its verifier. */
async function codeFor(client: RegisteredClient, params: Record<string, string> = {}): Promise<{ code: string; verifier: string }> {
  const { verifier, challenge } = await pkcePair();
  const back = await answerConsent(server, authorizeUrl(server, { client_id: client.client_id, code_challenge: challenge, ...params }), person.cookie);
  return { code: back.searchParams.get("code") as string, verifier };
}

const exchange = (client: RegisteredClient, code: string, verifier: string, extra: Record<string, string> = {}) =>
  tokenRequest(server, { grant_type: "authorization_code", client_id: client.client_id, code, code_verifier: verifier, redirect_uri: REDIRECT_URI, ...extra });

const refresh = (client: RegisteredClient, refreshToken: string, extra: Record<string, string> = {}) =>
  tokenRequest(server, { grant_type: "refresh_token", client_id: client.client_id, refresh_token: refreshToken, ...extra });

async function revoke(params: Record<string, string>): Promise<Response> {
  return fetch(`${server.url}/oauth/revoke`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(params) });
}

const invoicesWith = async (token: string): Promise<number> => (await api(server.url, token).get("/api/invoices")).status;

describe("authorization_code", () => {
  test("a code and its verifier: an opaque access token (15 minutes) and a refresh token, never cached", async () => {
    const client = await registerClient(server);
    const { code, verifier } = await codeFor(client);
    const reply = await exchange(client, code, verifier);
    expect(reply.status).toBe(200);
    expect(reply.headers.get("cache-control")).toBe("no-store");
    expect(reply.body).toEqual({
      access_token: expect.stringMatching(/^sat_/),
      token_type: "Bearer",
      expires_in: 900,
      refresh_token: expect.stringMatching(/^srt_/),
      scope: "invoices:read invoices:write entities:read entities:write templates:read templates:write",
    });
    expect(await invoicesWith(reply.body.access_token)).toBe(200);
    // Stored only as hashes.
    const stored = await server.services.database.client.execute("select token_hash from oauth_tokens");
    expect(stored.rows.some((row) => row.token_hash === reply.body.access_token)).toBe(false);
  });

  test("wrong verifier: invalid_grant, and the code still works with the right one", async () => {
    const client = await registerClient(server);
    const { code, verifier } = await codeFor(client);
    const wrong = await exchange(client, code, (await pkcePair()).verifier);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe("invalid_grant");
    expect((await exchange(client, code, "short")).body.error).toBe("invalid_grant");
    expect((await exchange(client, code, verifier)).status).toBe(200);
  });

  test("a reused code: invalid_grant, and the tokens issued from it are revoked", async () => {
    const client = await registerClient(server);
    const { code, verifier } = await codeFor(client);
    const first = await exchange(client, code, verifier);
    expect(await invoicesWith(first.body.access_token)).toBe(200);
    const again = await exchange(client, code, verifier);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe("invalid_grant");
    expect(await invoicesWith(first.body.access_token)).toBe(401);
    expect((await refresh(client, first.body.refresh_token)).body.error).toBe("invalid_grant");
  });

  test("mismatched redirect_uri, another client, an expired code: invalid_grant", async () => {
    const client = await registerClient(server, { redirect_uris: [REDIRECT_URI, "http://127.0.0.1:8976/other"] });
    const { code, verifier } = await codeFor(client);
    expect((await exchange(client, code, verifier, { redirect_uri: "http://127.0.0.1:8976/other" })).body.error).toBe("invalid_grant");
    const other = await registerClient(server);
    expect((await exchange(other, code, verifier)).body.error).toBe("invalid_grant");
    server.clock.advance(61_000);
    const late = await exchange(client, code, verifier);
    expect(late.status).toBe(400);
    expect(late.body.error).toBe("invalid_grant");
  });

  test("an unregistered client, or none: invalid_client with 401", async () => {
    const unknown = await tokenRequest(server, { grant_type: "authorization_code", client_id: "cid_01UNKNOWN", code: "sac_x", code_verifier: "x", redirect_uri: REDIRECT_URI });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error).toBe("invalid_client");
    expect((await tokenRequest(server, { grant_type: "authorization_code", code: "sac_x" })).status).toBe(401);
  });

  test("a confidential client must present its secret", async () => {
    const client = await registerClient(server, { token_endpoint_auth_method: "client_secret_post" });
    const { code, verifier } = await codeFor(client);
    const without = await exchange(client, code, verifier);
    expect(without.status).toBe(401);
    expect(without.body.error).toBe("invalid_client");
    expect((await exchange(client, code, verifier, { client_secret: "scs_wrong" })).status).toBe(401);
    expect((await exchange(client, code, verifier, { client_secret: client.client_secret as string })).status).toBe(200);
  });

  test("a resource other than the grant's: invalid_target", async () => {
    const client = await registerClient(server);
    const { code, verifier } = await codeFor(client);
    const reply = await exchange(client, code, verifier, { resource: `${server.url}/api/mcp` });
    expect(reply.body.error).toBe("invalid_target");
    expect((await exchange(client, code, verifier, { resource: server.url })).status).toBe(200);
  });

  test("malformed requests", async () => {
    const client = await registerClient(server);
    expect((await tokenRequest(server, { client_id: client.client_id })).body.error).toBe("invalid_request");
    expect((await tokenRequest(server, { client_id: client.client_id, grant_type: "password" })).body.error).toBe("unsupported_grant_type");
    expect((await tokenRequest(server, { client_id: client.client_id, grant_type: "authorization_code" })).body.error).toBe("invalid_request");
    const json = await fetch(`${server.url}/oauth/token`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ grant_type: "authorization_code" }) });
    expect(((await json.json()) as any).error).toBe("invalid_request");
    const twice = await fetch(`${server.url}/oauth/token`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: `client_id=${client.client_id}&grant_type=refresh_token&refresh_token=a&refresh_token=b` });
    expect(((await twice.json()) as any).error).toBe("invalid_request");
    const onlyCode = await registerClient(server, { grant_types: ["authorization_code"] });
    expect((await refresh(onlyCode, "srt_x")).body.error).toBe("unauthorized_client");
  });
});

describe("what a token reaches", () => {
  test("audience: a token for the MCP endpoint is refused on REST and /trpc, works on /api/mcp", async () => {
    const { tokens } = await connectAgent(server, person.cookie, { resource: `${server.url}/api/mcp` });
    const rest = await api(server.url, tokens.access_token).get("/api/invoices");
    expect(rest.status).toBe(401);
    expect(rest.headers.get("www-authenticate")).toContain('error="invalid_token"');
    const trpc = await fetch(`${server.url}/trpc/invoices.list?input=${encodeURIComponent("{}")}`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(trpc.status).toBe(401);
    const mcp = await api(server.url, tokens.access_token).post("/api/mcp", { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "invoices.query", arguments: {} } });
    expect(mcp.status).toBe(200);
    expect(mcp.body.result.isError).toBeUndefined();
  });

  test("expired: 401 after 15 minutes; a refresh brings a working one", async () => {
    const { client, tokens } = await connectAgent(server, person.cookie);
    server.clock.advance(15 * 60_000 - 1000);
    expect(await invoicesWith(tokens.access_token)).toBe(200);
    server.clock.advance(2000);
    const expired = await api(server.url, tokens.access_token).get("/api/invoices");
    expect(expired.status).toBe(401);
    expect(expired.body.error).toContain("expired");
    const renewed = await refresh(client, tokens.refresh_token);
    expect(await invoicesWith(renewed.body.access_token)).toBe(200);
  });

  test("a revoked grant: its tokens stop at once and its refresh token is refused", async () => {
    const { client, tokens } = await connectAgent(server, person.cookie);
    const grants = (await api(server.url).raw("/api/grants", { headers: { cookie: person.cookie } })).body.data;
    const grant = grants.find((candidate: any) => candidate.client.id === client.client_id);
    const revoked = await api(server.url).raw(`/api/grants/${grant.id}`, { method: "DELETE", headers: { cookie: person.cookie, origin: server.url } });
    expect(revoked.status).toBe(200);
    expect(await invoicesWith(tokens.access_token)).toBe(401);
    const again = await refresh(client, tokens.refresh_token);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe("invalid_grant");
  });

  test("a person who leaves the account takes their agents' access along", async () => {
    const leaving = await signedIn(server, { accountId: owner.accountId, role: "member" });
    const { client, tokens } = await connectAgent(server, leaving.cookie);
    expect(await invoicesWith(tokens.access_token)).toBe(200);
    await server.services.database.write((tx) => tx.delete(memberships).where(and(eq(memberships.accountId, owner.accountId), eq(memberships.userId, leaving.userId))));
    expect(await invoicesWith(tokens.access_token)).toBe(401);
    expect((await refresh(client, tokens.refresh_token)).body.error).toBe("invalid_grant");
  });
});

describe("refresh_token", () => {
  test("rotates: a new pair; the old refresh token used again revokes the whole chain", async () => {
    const { client, tokens } = await connectAgent(server, person.cookie);
    const second = await refresh(client, tokens.refresh_token);
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(tokens.refresh_token);
    expect(second.body.access_token).not.toBe(tokens.access_token);
    expect(await invoicesWith(second.body.access_token)).toBe(200);

    const replayed = await refresh(client, tokens.refresh_token);
    expect(replayed.status).toBe(400);
    expect(replayed.body.error).toBe("invalid_grant");
    expect(await invoicesWith(second.body.access_token)).toBe(401);
    expect(await invoicesWith(tokens.access_token)).toBe(401);
    expect((await refresh(client, second.body.refresh_token)).body.error).toBe("invalid_grant");
  });

  test("a narrower scope for one access token; the next refresh has the whole grant again", async () => {
    const { client, tokens } = await connectAgent(server, person.cookie);
    const narrow = await refresh(client, tokens.refresh_token, { scope: "invoices:read" });
    expect(narrow.body.scope).toBe("invoices:read");
    expect(await invoicesWith(narrow.body.access_token)).toBe(200);
    expect((await api(server.url, narrow.body.access_token).post("/api/clients", { name: "Acme" })).status).toBe(403);
    const whole = await refresh(client, narrow.body.refresh_token);
    expect(whole.body.scope).toBe(tokens.scope);
    expect((await api(server.url, whole.body.access_token).post("/api/clients", { name: "Acme" })).status).toBe(201);
  });

  test("a wider scope, another client's token, a made-up token", async () => {
    const { client, tokens } = await connectAgent(server, person.cookie);
    const wider = await refresh(client, tokens.refresh_token, { scope: "invoices:read invoices:approve" });
    expect(wider.body.error).toBe("invalid_scope");
    const other = await registerClient(server);
    expect((await refresh(other, tokens.refresh_token)).body.error).toBe("invalid_grant");
    expect((await refresh(client, "srt_0000000000000000000000000000")).body.error).toBe("invalid_grant");
    expect((await refresh(client, tokens.access_token)).body.error).toBe("invalid_grant");
    // None of that used the token up.
    expect((await refresh(client, tokens.refresh_token)).status).toBe(200);
  });
});

describe("POST /oauth/revoke (RFC 7009)", () => {
  test("an access token: only it stops", async () => {
    const { client, tokens } = await connectAgent(server, person.cookie);
    const response = await revoke({ client_id: client.client_id, token: tokens.access_token, token_type_hint: "access_token" });
    expect(response.status).toBe(200);
    expect(await invoicesWith(tokens.access_token)).toBe(401);
    expect((await refresh(client, tokens.refresh_token)).status).toBe(200);
  });

  test("a refresh token: its whole chain stops", async () => {
    const { client, tokens } = await connectAgent(server, person.cookie);
    expect((await revoke({ client_id: client.client_id, token: tokens.refresh_token })).status).toBe(200);
    expect(await invoicesWith(tokens.access_token)).toBe(401);
    expect((await refresh(client, tokens.refresh_token)).body.error).toBe("invalid_grant");
  });

  test("always 200 for tokens it does not know or another client's, which stay as they are", async () => {
    const { tokens } = await connectAgent(server, person.cookie);
    const other = await registerClient(server);
    expect((await revoke({ client_id: other.client_id, token: tokens.access_token })).status).toBe(200);
    expect(await invoicesWith(tokens.access_token)).toBe(200);
    expect((await revoke({ client_id: other.client_id, token: "sat_unknown" })).status).toBe(200);
  });

  test("refused: no token, an unknown client", async () => {
    const client = await registerClient(server);
    const missing = await revoke({ client_id: client.client_id });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as any).error).toBe("invalid_request");
    const unknown = await revoke({ client_id: "cid_01UNKNOWN", token: "sat_x" });
    expect(unknown.status).toBe(401);
    expect(((await unknown.json()) as any).error).toBe("invalid_client");
  });
});

describe("bounds", () => {
  test("a body over 1 MiB is invalid_request, not a failure of ours", async () => {
    const response = await fetch(`${server.url}/oauth/token`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: `grant_type=${"x".repeat(1024 * 1024 + 1)}` });
    expect(response.status).toBe(400);
    expect(((await response.json()) as any).error).toBe("invalid_request");
  });
});
