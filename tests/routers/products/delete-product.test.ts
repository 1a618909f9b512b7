import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { api, type Api } from "../../helpers/http.ts";
import { invoiceInput } from "../../helpers/factories.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestAccount, type TestServer } from "../../helpers/server.ts";

let server: TestServer;
let owner: TestAccount;
let client: Api;

async function newProduct(name: string): Promise<string> {
  const made = await client.post("/api/products", { name, rate: 2_500 });
  expect(made.status).toBe(201);
  return made.body.id;
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.account();
  client = api(server.url, owner.key);
});
afterAll(() => server.close());

describe("DELETE /api/products/{id}: happy", () => {
  test("deletes (200), then the product is gone (404 on get, delete and update)", async () => {
    const id = await newProduct("Gone soon");
    const reply = await client.delete(`/api/products/${id}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ id, deleted: true });
    expect((await client.get(`/api/products/${id}`)).status).toBe(404);
    expect((await client.delete(`/api/products/${id}`)).status).toBe(404);
    expect((await client.put(`/api/products/${id}`, { rate: 1 })).status).toBe(404);
  });

  test("a deleted product leaves the list", async () => {
    const account = await server.account();
    const caller = api(server.url, account.key);
    const keep = await caller.post("/api/products", { name: "Keep", rate: 1 });
    const drop = await caller.post("/api/products", { name: "Drop", rate: 1 });
    await caller.delete(`/api/products/${drop.body.id}`);
    const list = await caller.get("/api/products");
    expect(list.body.total).toBe(1);
    expect(list.body.data[0].id).toBe(keep.body.id);
  });

  test("invoices keep their lines when the product they were priced from is deleted", async () => {
    const id = await newProduct("Line source");
    const product = (await client.get(`/api/products/${id}`)).body;
    const invoice = await client.post("/api/invoices", invoiceInput({ items: [{ description: product.name, quantity: 2, rate: product.rate }] }));
    expect((await client.delete(`/api/products/${id}`)).status).toBe(200);
    const read = await client.get(`/api/invoices/${invoice.body.id}`);
    expect(read.body.items).toEqual(invoice.body.items);
    expect(read.body.subtotal).toBe(5_000);
  });
});

describe("DELETE /api/products/{id}: errors", () => {
  test("an unknown id is 404", async () => {
    const reply = await client.delete("/api/products/prd_00000000000000000000000000");
    expect(reply.status).toBe(404);
    expect(reply.body.code).toBe("NOT_FOUND");
  });
});

describe("DELETE /api/products/{id}: security", () => {
  test("no key, unknown key, revoked key, wrong scope, another account; the product survives", async () => {
    const id = await newProduct("Guarded");
    await expectSecurityCases({
      server,
      owner,
      scope: "entities:write",
      call: (key) => api(server.url).delete(`/api/products/${id}`, key),
    });
    expect((await client.get(`/api/products/${id}`)).status).toBe(200);
  });
});
