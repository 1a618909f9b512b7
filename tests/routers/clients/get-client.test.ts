import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { api, type Api } from "../../helpers/http.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestAccount, type TestServer } from "../../helpers/server.ts";

let server: TestServer;
let owner: TestAccount;
let client: Api;

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.account();
  client = api(server.url, owner.key);
});
afterAll(() => server.close());

describe("GET /api/clients/{id}: happy", () => {
  test("returns the stored client as create returned it", async () => {
    const made = await client.post("/api/clients", { name: "Ørsted A/S", email: "billing@orsted.example", address: "Kraftværksvej 53", currency: "DKK", locale: "da-DK" });
    expect(made.status).toBe(201);
    const read = await client.get(`/api/clients/${made.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(made.body);
  });

  test("an archived client can still be read, marked archived", async () => {
    const made = await client.post("/api/clients", { name: "Old Customer" });
    await client.put(`/api/clients/${made.body.id}`, { archived: true });
    const read = await client.get(`/api/clients/${made.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body.archived).toBe(true);
  });

  test("a key holding only entities:read may read", async () => {
    const made = await client.post("/api/clients", { name: "Readable" });
    const reader = await server.key(owner.accountId, ["entities:read"]);
    const read = await api(server.url, reader).get(`/api/clients/${made.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body.name).toBe("Readable");
  });
});

describe("GET /api/clients/{id}: errors", () => {
  test("an unknown id is 404 NOT_FOUND", async () => {
    const reply = await client.get("/api/clients/cli_00000000000000000000000000");
    expect(reply.status).toBe(404);
    expect(reply.body.code).toBe("NOT_FOUND");
    expect(typeof reply.body.error).toBe("string");
  });

  test("an id with URL-encoded characters is looked up as given (404), not routed elsewhere", async () => {
    const reply = await client.get("/api/clients/cli%2Fnope");
    expect(reply.status).toBe(404);
    expect(reply.body.code).toBe("NOT_FOUND");
  });

  test("a deleted client is 404", async () => {
    const made = await client.post("/api/clients", { name: "Short-lived" });
    expect((await client.delete(`/api/clients/${made.body.id}`)).status).toBe(200);
    const reply = await client.get(`/api/clients/${made.body.id}`);
    expect(reply.status).toBe(404);
  });
});

describe("GET /api/clients/{id}: security", () => {
  test("no key, unknown key, revoked key, wrong scope, another account", async () => {
    const made = await client.post("/api/clients", { name: "Guarded" });
    await expectSecurityCases({
      server,
      owner,
      scope: "entities:read",
      call: (key) => api(server.url).get(`/api/clients/${made.body.id}`, key),
    });
  });

  test("another account's client is 403 whatever its scopes, and nothing leaks in the body", async () => {
    const made = await client.post("/api/clients", { name: "Secret Name", email: "secret@example.com" });
    const stranger = await server.account();
    const reply = await api(server.url, stranger.key).get(`/api/clients/${made.body.id}`);
    expect(reply.status).toBe(403);
    expect(reply.body.code).toBe("FORBIDDEN");
    expect(JSON.stringify(reply.body)).not.toContain("Secret Name");
    expect(JSON.stringify(reply.body)).not.toContain("secret@example.com");
  });
});
