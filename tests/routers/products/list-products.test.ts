import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { api, type Api } from "../../helpers/http.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestAccount, type TestServer } from "../../helpers/server.ts";

let server: TestServer;
let owner: TestAccount;
let client: Api;

async function accountWith(products: Array<Record<string, unknown>>): Promise<Api> {
  const account = await server.account();
  const caller = api(server.url, account.key);
  for (const body of products) expect((await caller.post("/api/products", { rate: 100, ...body })).status).toBe(201);
  return caller;
}

const names = (reply: { body: { data: Array<{ name: string }> } }): string[] => reply.body.data.map((row) => row.name);

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.account();
  client = api(server.url, owner.key);
});
afterAll(() => server.close());

describe("GET /api/products: happy", () => {
  test("an empty account lists nothing, with the default page", async () => {
    const reply = await client.get("/api/products");
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ data: [], total: 0, limit: 20, offset: 0 });
  });

  test("lists by name in {data, total, limit, offset}; limit and offset page", async () => {
    const caller = await accountWith([{ name: "Delta" }, { name: "Alpha" }, { name: "Charlie" }, { name: "Bravo" }]);
    const all = await caller.get("/api/products");
    expect(names(all)).toEqual(["Alpha", "Bravo", "Charlie", "Delta"]);
    expect(all.body.total).toBe(4);
    const page = await caller.get("/api/products?limit=2&offset=1");
    expect(names(page)).toEqual(["Bravo", "Charlie"]);
    expect(page.body).toMatchObject({ total: 4, limit: 2, offset: 1 });
  });

  test("q searches the name, the SKU and the description, case- and accent-insensitively", async () => {
    const caller = await accountWith([
      { name: "Crème brûlée", sku: "DES-01", description: "Dessert" },
      { name: "Espresso", sku: "BEV-ESP", description: "Café noir, doppio" },
      { name: "Tea", sku: "BEV-TEA", description: "Green" },
    ]);
    expect(names(await caller.get(`/api/products?q=${encodeURIComponent("CREME BRULEE")}`))).toEqual(["Crème brûlée"]);
    expect(names(await caller.get("/api/products?q=bev-"))).toEqual(["Espresso", "Tea"]);
    expect(names(await caller.get("/api/products?q=des-01"))).toEqual(["Crème brûlée"]);
    expect(names(await caller.get(`/api/products?q=${encodeURIComponent("CAFÉ NOIR")}`))).toEqual(["Espresso"]);
    expect(names(await caller.get("/api/products?q=cafe"))).toEqual(["Espresso"]);
    const none = await caller.get("/api/products?q=nothing-like-this");
    expect(none.body).toMatchObject({ data: [], total: 0 });
  });

  test("q treats % literally", async () => {
    const caller = await accountWith([{ name: "Widget", sku: "W-1" }]);
    expect((await caller.get("/api/products?q=widget")).body.total).toBe(1);
    expect((await caller.get("/api/products?q=%25")).body.total).toBe(0);
  });

  test("another account's products never appear", async () => {
    await accountWith([{ name: "Foreign widget" }]);
    const caller = await accountWith([{ name: "Own widget" }]);
    const reply = await caller.get("/api/products?q=widget");
    expect(names(reply)).toEqual(["Own widget"]);
  });
});

describe("GET /api/products: errors", () => {
  test.each([
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["limit=abc", "limit"],
    ["offset=-5", "offset"],
    ["include_archived=true", "include_archived"],
  ])("%s → 422 VALIDATION_ERROR", async (query, field) => {
    const reply = await client.get(`/api/products?${query}`);
    expect(reply.status).toBe(422);
    expect(reply.body.code).toBe("VALIDATION_ERROR");
    expect(reply.body.details.field).toBe(field);
  });
});

describe("GET /api/products: security", () => {
  test("no key, unknown key, revoked key, wrong scope", async () => {
    await expectSecurityCases({
      server,
      owner,
      scope: "entities:read",
      ownsResource: false,
      call: (key) => api(server.url).get("/api/products", key),
    });
  });
});
