// Real OAuth clients against our authorization server: arctic's generic OAuth2Client (PKCE, refresh,
// revocation) and the MCP SDK client's own flow (discovery through RFC 9728 and 8414, dynamic
// registration, authorization with the MCP resource, the code exchange) reaching tools/call, and that
// flow started by itself from a tool call's 401. The consent is answered by a signed-in session, as a
// browser would.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { auth, UnauthorizedError, type OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport, StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import { createTRPCClient, httpLink } from "@trpc/client";
import { CodeChallengeMethod, generateCodeVerifier, generateState, OAuth2Client, OAuth2RequestError } from "arctic";
import type { AppRouter } from "../../routers/index.ts";
import { SCOPES } from "../../server/domain/scopes.ts";
import { operation } from "../helpers/factories.ts";
import { api } from "../helpers/http.ts";
import { invoiceSteps, type Invoice } from "../helpers/invoices.ts";
import { answerConsent, connectAgent, MANY_AGENTS, REDIRECT_URI, registerClient, SessionDrivenProvider } from "../helpers/oauth.ts";
import { signedIn, type SignedIn } from "../helpers/people.ts";
import { startTestServer, type TestAccount, type TestServer } from "../helpers/server.ts";

let server: TestServer;
let owner: TestAccount;
let person: SignedIn;
const clients: Client[] = [];

beforeAll(async () => {
  server = await startTestServer({ env: MANY_AGENTS });
  owner = await server.account();
  person = await signedIn(server, { accountId: owner.accountId, role: "owner" });
});
afterAll(async () => {
  for (const client of clients) await client.close();
  await server.close();
});

/** A draft the person's account holds, made with its API key. */
const draft = (): Promise<Invoice> => invoiceSteps(api(server.url, owner.key)).create();

describe("arctic's generic OAuth2Client", () => {
  test("completes PKCE, refreshes, and revokes against our server", async () => {
    const registered = await registerClient(server, { client_name: "arctic agent" });
    const client = new OAuth2Client(registered.client_id, null, REDIRECT_URI);
    const state = generateState();
    const verifier = generateCodeVerifier();
    const url = client.createAuthorizationURLWithPKCE(`${server.url}/oauth/authorize`, state, CodeChallengeMethod.S256, verifier, ["invoices:read", "invoices:write"]);
    const back = await answerConsent(server, url.href, person.cookie);
    expect(back.searchParams.get("state")).toBe(state);
    const code = back.searchParams.get("code") as string;

    const tokens = await client.validateAuthorizationCode(`${server.url}/oauth/token`, code, verifier);
    expect(tokens.accessToken()).toMatch(/^sat_/);
    expect(tokens.accessTokenExpiresInSeconds()).toBe(900);
    expect(tokens.scopes()).toEqual(["invoices:read", "invoices:write"]);
    // arctic sends no resource indicator: the grant is bound to the whole API.
    expect((await api(server.url, tokens.accessToken()).get("/api/invoices")).status).toBe(200);

    const reused = await client.validateAuthorizationCode(`${server.url}/oauth/token`, code, verifier).catch((error: unknown) => error);
    expect(reused).toBeInstanceOf(OAuth2RequestError);
    expect((reused as OAuth2RequestError).code).toBe("invalid_grant");

    const plain = client.createAuthorizationURLWithPKCE(`${server.url}/oauth/authorize`, state, CodeChallengeMethod.Plain, verifier, []);
    const refused = await fetch(plain, { headers: { cookie: person.cookie }, redirect: "manual" });
    expect(new URL(refused.headers.get("location") as string).searchParams.get("error")).toBe("invalid_request");

    const second = await answerConsent(server, client.createAuthorizationURLWithPKCE(`${server.url}/oauth/authorize`, state, CodeChallengeMethod.S256, verifier, ["invoices:read"]).href, person.cookie);
    const fresh = await client.validateAuthorizationCode(`${server.url}/oauth/token`, second.searchParams.get("code") as string, verifier);
    const refreshed = await client.refreshAccessToken(`${server.url}/oauth/token`, fresh.refreshToken(), []);
    expect(refreshed.refreshToken()).not.toBe(fresh.refreshToken());
    expect((await api(server.url, refreshed.accessToken()).get("/api/invoices")).status).toBe(200);
    await client.revokeToken(`${server.url}/oauth/revoke`, refreshed.refreshToken());
    expect((await api(server.url, refreshed.accessToken()).get("/api/invoices")).status).toBe(401);
  });
});

async function connectMcp(provider: OAuthClientProvider): Promise<Client> {
  const client = new Client({ name: "oauth-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/api/mcp`), { authProvider: provider }));
  clients.push(client);
  return client;
}

type CallResult = { isError?: boolean; structuredContent?: Record<string, any>; content?: Array<{ type: string; text?: string }> };

describe("the MCP SDK client's OAuth flow", () => {
  test("discovers, registers, is authorized for the MCP resource, and calls tools; without approval it moves invoices to review only", async () => {
    let asked: URL | null = null;
    const provider = new SessionDrivenProvider(async (url) => {
      asked = url;
      return answerConsent(server, url.href, person.cookie);
    });
    const serverUrl = `${server.url}/api/mcp`;
    expect(await auth(provider, { serverUrl })).toBe("REDIRECT");
    // What the SDK asked for, from our metadata: every scope, the MCP endpoint as the resource, PKCE S256.
    const request = (asked as URL | null)?.searchParams;
    expect(request?.get("resource")).toBe(serverUrl);
    expect(request?.get("code_challenge_method")).toBe("S256");
    expect(request?.get("scope")).toBe(SCOPES.join(" "));
    expect(provider.code).toMatch(/^sac_/);

    expect(await auth(provider, { serverUrl, authorizationCode: provider.code as string })).toBe("AUTHORIZED");
    const tokens = provider.tokens() as OAuthTokens;
    expect(tokens.access_token).toMatch(/^sat_/);
    // The person's defaults: everything asked for but approval, which they did not tick.
    expect(tokens.scope?.split(" ")).toEqual(SCOPES.filter((scope) => scope !== "invoices:approve"));

    const mcp = await connectMcp(provider);
    const listed = (await mcp.callTool({ name: "invoices.query", arguments: {} })) as CallResult;
    expect(listed.isError).toBeUndefined();
    expect(Array.isArray(listed.structuredContent?.data)).toBe(true);

    const invoice = await draft();
    // Approval needs a scope the grant lacks: 403 insufficient_scope, which sends the SDK to step up
    // (the person again declines approval), after which it gives up with the 403.
    const approval = { action: "transition", id: invoice.id, ...operation(invoice.revision), status: "approved" };
    const approve = await mcp.callTool({ name: "invoices.mutate", arguments: approval }).then(() => null, (error: unknown) => error);
    expect(approve).toBeInstanceOf(StreamableHTTPError);
    expect((approve as StreamableHTTPError).code).toBe(403);
    const raw = await fetch(serverUrl, {
      method: "POST",
      headers: { authorization: `Bearer ${(provider.tokens() as OAuthTokens).access_token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "invoices.mutate", arguments: approval } }),
    });
    expect(raw.status).toBe(403);
    expect(raw.headers.get("www-authenticate")).toBe(`Bearer error="insufficient_scope", scope="invoices:approve", resource_metadata="${server.url}/.well-known/oauth-protected-resource/api/mcp"`);
    expect(await raw.json()).toMatchObject({ id: 1, error: { data: { code: "FORBIDDEN", status: 403, details: { required_scope: "invoices:approve" } } } });
    const review = (await mcp.callTool({ name: "invoices.mutate", arguments: { action: "transition", id: invoice.id, ...operation(invoice.revision), status: "review" } })) as CallResult;
    expect(review.isError).toBeUndefined();
    expect(review.structuredContent?.status).toBe("review");

    // Bound to the MCP endpoint: the same token is refused on REST.
    expect((await api(server.url, tokens.access_token).get("/api/invoices")).status).toBe(401);
  });

  test("with no token, a Key tool's 401 starts the SDK's OAuth by itself; once the code is exchanged the retried call succeeds", async () => {
    let asked: URL | null = null;
    const provider = new SessionDrivenProvider(async (url) => {
      asked = url;
      return answerConsent(server, url.href, person.cookie);
    });
    const serverUrl = `${server.url}/api/mcp`;
    const transport = new StreamableHTTPClientTransport(new URL(serverUrl), { authProvider: provider });
    const mcp = new Client({ name: "oauth-test", version: "1.0.0" });
    clients.push(mcp);
    // initialize and tools/list are open: nothing asks for a credential yet.
    await mcp.connect(transport);
    expect((await mcp.listTools()).tools.length).toBeGreaterThan(0);
    expect(provider.tokens()).toBeUndefined();

    // The call's 401 names the resource metadata and the action's scope: the SDK discovers, registers,
    // and sends the person to consent with PKCE; the app is then told to finish with the code.
    const refused = await mcp.callTool({ name: "invoices.query", arguments: { action: "list" } }).then(() => null, (error: unknown) => error);
    expect(refused).toBeInstanceOf(UnauthorizedError);
    expect(provider.clientInformation()?.client_id).toBeString();
    const request = (asked as URL | null)?.searchParams;
    expect(request?.get("resource")).toBe(serverUrl);
    expect(request?.get("code_challenge_method")).toBe("S256");
    expect(request?.get("scope")).toBe("invoices:read");
    expect(provider.code).toMatch(/^sac_/);

    await transport.finishAuth(provider.code as string);
    expect((provider.tokens() as OAuthTokens).access_token).toMatch(/^sat_/);
    const listed = (await mcp.callTool({ name: "invoices.query", arguments: { action: "list" } })) as CallResult;
    expect(listed.isError).toBeUndefined();
    expect(Array.isArray(listed.structuredContent?.data)).toBe(true);
  });

  test("an expired access token: the transport's 401 sends the SDK to refresh it on its own", async () => {
    const provider = new SessionDrivenProvider((url) => answerConsent(server, url.href, person.cookie));
    const serverUrl = `${server.url}/api/mcp`;
    await auth(provider, { serverUrl });
    await auth(provider, { serverUrl, authorizationCode: provider.code as string });
    const first = (provider.tokens() as OAuthTokens).access_token;
    const mcp = await connectMcp(provider);
    server.clock.advance(16 * 60_000);
    const listed = (await mcp.callTool({ name: "invoices.query", arguments: {} })) as CallResult;
    expect(listed.isError).toBeUndefined();
    expect((provider.tokens() as OAuthTokens).access_token).not.toBe(first);
  });
});

describe("a token granted every scope, approval included", () => {
  test("works the same on all three faces: REST, /trpc and MCP", async () => {
    const { tokens } = await connectAgent(server, person.cookie, { scope: SCOPES.join(" "), granted: [...SCOPES] });
    expect(tokens.scope).toBe(SCOPES.join(" "));

    const rest = invoiceSteps(api(server.url, tokens.access_token));
    const viaRest = await rest.transition(await draft(), "approved");
    expect(viaRest.status).toBe("approved");

    const trpc = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${server.url}/trpc`, headers: { authorization: `Bearer ${tokens.access_token}` } })] });
    const second = await draft();
    const viaTrpc = await trpc.invoices.transition.mutate({ id: second.id, ...operation(second.revision), status: "approved" });
    expect(viaTrpc.status).toBe("approved");

    const mcp = new Client({ name: "oauth-test", version: "1.0.0" });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/api/mcp`), { requestInit: { headers: { authorization: `Bearer ${tokens.access_token}` } } }));
    clients.push(mcp);
    const third = await draft();
    const viaMcp = (await mcp.callTool({ name: "invoices.mutate", arguments: { action: "transition", id: third.id, ...operation(third.revision), status: "approved" } })) as CallResult;
    expect(viaMcp.structuredContent?.status).toBe("approved");
  });
});
