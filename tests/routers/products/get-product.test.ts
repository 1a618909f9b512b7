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

describe("GET /api/products/{id}: happy", () => {
  test("returns the stored product as create returned it", async () => {
    const made = await client.post("/api/products", { name: "Übersetzung", rate: 9_900, unit: "HUR", sku: "TR-1", tax_rate: 19, currency: "EUR", description: "per hour" });
    const read = await client.get(`/api/products/${made.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(made.body);
  });

  test("a key holding only entities:read may read", async () => {
    const made = await client.post("/api/products", { name: "Readable", rate: 1 });
    const reader = await server.key(owner.accountId, ["entities:read"]);
    const read = await api(server.url, reader).get(`/api/products/${made.body.id}`);
    expect(read.status).toBe(200);
  });
});

describe("GET /api/products/{id}: errors", () => {
  test("an unknown id is 404 NOT_FOUND", async () => {
    const reply = await client.get("/api/products/prd_00000000000000000000000000");
    expect(reply.status).toBe(404);
    expect(reply.body.code).toBe("NOT_FOUND");
  });

  test("a client id is not a product (404)", async () => {
    const other = await client.post("/api/clients", { name: "Not a product" });
    const reply = await client.get(`/api/products/${other.body.id}`);
    expect(reply.status).toBe(404);
  });
});

describe("GET /api/products/{id}: security", () => {
  test("no key, unknown key, revoked key, wrong scope, another account", async () => {
    const made = await client.post("/api/products", { name: "Guarded", rate: 1 });
    await expectSecurityCases({
      server,
      owner,
      scope: "entities:read",
      call: (key) => api(server.url).get(`/api/products/${made.body.id}`, key),
    });
  });
});
