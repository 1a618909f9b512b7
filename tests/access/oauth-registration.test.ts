// POST /oauth/register (RFC 7591): what a client may register and how a bad registration is refused.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { findClient } from "../../db/queries/oauth.ts";
import { sha256Hex } from "../../server/domain/secrets.ts";
import { MANY_AGENTS, REDIRECT_URI, registerClient } from "../helpers/oauth.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: MANY_AGENTS });
});
afterAll(() => server.close());

async function register(body: unknown, headers: Record<string, string> = { "content-type": "application/json" }): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await fetch(`${server.url}/oauth/register`, { method: "POST", headers, body: typeof body === "string" ? body : JSON.stringify(body) });
  return { status: response.status, body: await response.json(), headers: response.headers };
}

describe("POST /oauth/register", () => {
  test("a public client, the way MCP clients register: client_id, no secret, the metadata echoed", async () => {
    const client = await registerClient(server, { scope: "invoices:read invoices:write", client_uri: "https://agent.example", software_id: "agent", unknown_field: "ignored" });
    expect(client.client_id).toMatch(/^cid_/);
    expect(client).toMatchObject({
      client_name: "Test agent",
      redirect_uris: [REDIRECT_URI],
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      scope: "invoices:read invoices:write",
      client_uri: "https://agent.example",
      software_id: "agent",
    });
    expect(client.client_id_issued_at).toBe(Date.parse("2026-11-21T10:00:00Z") / 1000);
    expect(client.client_secret).toBeUndefined();
    expect(client.unknown_field).toBeUndefined();
    const stored = await findClient(server.services.database.db, client.client_id);
    expect(stored?.secretHash).toBeNull();
  });

  test("a confidential client gets a secret once, stored only as its hash", async () => {
    const reply = await register({ client_name: "Server agent", redirect_uris: ["https://agent.example/cb"], token_endpoint_auth_method: "client_secret_post" });
    expect(reply.status).toBe(201);
    expect(reply.headers.get("cache-control")).toBe("no-store");
    expect(reply.body.client_secret).toMatch(/^scs_/);
    expect(reply.body.client_secret_expires_at).toBe(0);
    const stored = await findClient(server.services.database.db, reply.body.client_id);
    expect(stored?.secretHash).toBe(await sha256Hex(reply.body.client_secret));
  });

  test("redirect URIs: https, or http on a loopback host", async () => {
    for (const uri of ["https://agent.example/cb", "http://127.0.0.1:3000/cb", "http://localhost/cb", "http://[::1]:9/cb"]) {
      expect((await register({ client_name: "A", redirect_uris: [uri] })).status).toBe(201);
    }
    for (const uri of ["http://agent.example/cb", "https://agent.example/cb#frag", "javascript:alert(1)", "not a url", "https://user:pw@agent.example/cb", "myapp://cb"]) {
      const reply = await register({ client_name: "A", redirect_uris: [uri] });
      expect(reply.status).toBe(400);
      expect(reply.body.error).toBe("invalid_redirect_uri");
      expect(reply.body.error_description).toBeString();
    }
    expect((await register({ client_name: "A", redirect_uris: [] })).body.error).toBe("invalid_redirect_uri");
    expect((await register({ client_name: "A" })).body.error).toBe("invalid_redirect_uri");
    const many = Array.from({ length: 11 }, (_, index) => `https://agent.example/${index}`);
    expect((await register({ client_name: "A", redirect_uris: many })).body.error).toBe("invalid_redirect_uri");
  });

  test("invalid metadata", async () => {
    const base = { client_name: "A", redirect_uris: [REDIRECT_URI] };
    for (const body of [
      { ...base, client_name: "" },
      { redirect_uris: [REDIRECT_URI] },
      { ...base, token_endpoint_auth_method: "client_secret_basic" },
      { ...base, grant_types: ["client_credentials"] },
      { ...base, grant_types: ["refresh_token"] },
      { ...base, response_types: ["token"] },
      { ...base, scope: "invoices:read everything" },
      [base],
    ]) {
      const reply = await register(body);
      expect(reply.status).toBe(400);
      expect(reply.body.error).toBe("invalid_client_metadata");
    }
    expect((await register("{not json")).body.error).toBe("invalid_client_metadata");
    expect((await register("client_name=A", { "content-type": "application/x-www-form-urlencoded" })).body.error).toBe("invalid_client_metadata");
  });

  test("the body is bounded", async () => {
    const reply = await register({ client_name: "A", redirect_uris: [REDIRECT_URI], software_version: "x".repeat(17 * 1024) });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe("invalid_client_metadata");
  });

  test("only POST", async () => {
    const response = await fetch(`${server.url}/oauth/register`);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });
});

describe("registration is rate limited per address (anonymous tier)", () => {
  test("past the burst: 429 with Retry-After", async () => {
    const limited = await startTestServer({ env: { RATE_LIMIT_ANONYMOUS: "3,100,1000" } });
    try {
      const attempt = () => fetch(`${limited.url}/oauth/register`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ client_name: "A", redirect_uris: [REDIRECT_URI] }) });
      for (let index = 0; index < 3; index++) expect((await attempt()).status).toBe(201);
      const refused = await attempt();
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBeString();
    } finally {
      await limited.close();
    }
  });
});
