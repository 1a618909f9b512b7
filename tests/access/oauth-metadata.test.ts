// How an agent discovers the authorization server: RFC 8414 and RFC 9728 documents, and the
// WWW-Authenticate challenges of the protected resources pointing at them.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTRPCClient, httpLink, TRPCClientError } from "@trpc/client";
import type { AppRouter } from "../../routers/index.ts";
import { SCOPES } from "../../server/domain/scopes.ts";
import { api } from "../helpers/http.ts";
import { startTestServer, type TestAccount, type TestServer } from "../helpers/server.ts";

let server: TestServer;
let owner: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.account();
});
afterAll(() => server.close());

async function json(path: string): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await fetch(server.url + path);
  return { status: response.status, body: await response.json(), headers: response.headers };
}

describe("metadata documents", () => {
  test("authorization server metadata (RFC 8414)", async () => {
    const { status, body, headers } = await json("/.well-known/oauth-authorization-server");
    expect(status).toBe(200);
    expect(headers.get("etag")).toBeString();
    expect(headers.get("access-control-allow-origin")).toBe("*");
    expect(body).toMatchObject({
      issuer: server.url,
      authorization_endpoint: `${server.url}/oauth/authorize`,
      token_endpoint: `${server.url}/oauth/token`,
      registration_endpoint: `${server.url}/oauth/register`,
      revocation_endpoint: `${server.url}/oauth/revoke`,
      response_types_supported: ["code"],
      grant_types_supported: ["authorization_code", "refresh_token"],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["none", "client_secret_post"],
      scopes_supported: [...SCOPES],
    });
  });

  test("protected resource metadata (RFC 9728): the whole API, and the MCP endpoint by its path", async () => {
    const whole = await json("/.well-known/oauth-protected-resource");
    expect(whole.status).toBe(200);
    expect(whole.body).toEqual({ resource: server.url, authorization_servers: [server.url], scopes_supported: [...SCOPES], bearer_methods_supported: ["header"] });
    const mcp = await json("/.well-known/oauth-protected-resource/api/mcp");
    expect(mcp.status).toBe(200);
    expect(mcp.body).toEqual({ resource: `${server.url}/api/mcp`, authorization_servers: [server.url], scopes_supported: [...SCOPES], bearer_methods_supported: ["header"] });
    expect((await fetch(`${server.url}/.well-known/oauth-protected-resource/elsewhere`)).status).toBe(404);
  });
});

describe("WWW-Authenticate", () => {
  const apiMetadata = () => `resource_metadata="${server.url}/.well-known/oauth-protected-resource"`;

  test("REST without a credential: Bearer with the operation's scope and the metadata", async () => {
    const reply = await api(server.url).get("/api/invoices", null);
    expect(reply.status).toBe(401);
    expect(reply.headers.get("www-authenticate")).toBe(`Bearer scope="invoices:read", ${apiMetadata()}`);
  });

  test("REST with an invalid token: invalid_token", async () => {
    const reply = await api(server.url).get("/api/invoices", "sat_0000000000000000000000000000");
    expect(reply.status).toBe(401);
    expect(reply.headers.get("www-authenticate")).toBe(`Bearer error="invalid_token", scope="invoices:read", ${apiMetadata()}`);
  });

  test("REST with too little scope: 403 insufficient_scope", async () => {
    const narrow = await server.key(owner.accountId, ["invoices:read"]);
    const reply = await api(server.url, narrow).post("/api/clients", { name: "Acme" });
    expect(reply.status).toBe(403);
    expect(reply.headers.get("www-authenticate")).toBe(`Bearer error="insufficient_scope", scope="entities:write", ${apiMetadata()}`);
  });

  test("/api/mcp with an invalid token points at the MCP endpoint's metadata", async () => {
    const reply = await api(server.url, "sat_0000000000000000000000000000").post("/api/mcp", { jsonrpc: "2.0", id: 1, method: "tools/list" });
    expect(reply.status).toBe(401);
    expect(reply.headers.get("www-authenticate")).toBe(`Bearer error="invalid_token", resource_metadata="${server.url}/.well-known/oauth-protected-resource/api/mcp"`);
  });

  test("/trpc's 401 carries the challenge too", async () => {
    let status = 0;
    const client = createTRPCClient<AppRouter>({
      links: [
        httpLink({
          url: `${server.url}/trpc`,
          fetch: async (input, init) => {
            const response = await fetch(input, init);
            status = response.status;
            expect(response.headers.get("www-authenticate")).toBe(`Bearer ${apiMetadata()}`);
            return response;
          },
        }),
      ],
    });
    await expect(client.invoices.list.query({})).rejects.toBeInstanceOf(TRPCClientError);
    expect(status).toBe(401);
  });

  test("the OAuth endpoints' own errors carry no Bearer challenge", async () => {
    const response = await fetch(`${server.url}/oauth/token`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "grant_type=authorization_code" });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBeNull();
  });
});
