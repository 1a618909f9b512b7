import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { api, type Api } from "../../helpers/http.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestAccount, type TestServer } from "../../helpers/server.ts";

let server: TestServer;
let owner: TestAccount;
let client: Api;

const FULL = { name: "Consulting", description: "Senior consultant", unit: "HUR", rate: 15_000, currency: "EUR", tax_rate: 19, sku: "CONS-SR" };

async function newProduct(body: Record<string, unknown> = FULL): Promise<Record<string, any>> {
  const made = await client.post("/api/products", body);
  expect(made.status).toBe(201);
  return made.body;
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.account();
  client = api(server.url, owner.key);
});
afterAll(() => server.close());

describe("PUT /api/products/{id}: happy", () => {
  test("merges: only the fields given change; updated_at moves", async () => {
    const made = await newProduct();
    server.clock.advance(90_000);
    const reply = await client.put(`/api/products/${made.id}`, { rate: 16_500 });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ ...made, rate: 16_500, updated_at: "2026-11-21T10:01:30.000Z" });
    expect((await client.get(`/api/products/${made.id}`)).body).toEqual(reply.body);
  });

  test("null clears description, currency, tax_rate and sku", async () => {
    const made = await newProduct();
    const reply = await client.put(`/api/products/${made.id}`, { description: null, currency: null, tax_rate: null, sku: null });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ name: FULL.name, rate: FULL.rate, unit: FULL.unit, description: null, currency: null, tax_rate: null, sku: null });
    expect((await client.get(`/api/products/${made.id}`)).body).toEqual(reply.body);
  });

  test("name, unit and sku changes are searchable at once", async () => {
    const account = await server.account();
    const caller = api(server.url, account.key);
    const made = await caller.post("/api/products", { name: "Old", rate: 1, sku: "OLD-1" });
    await caller.put(`/api/products/${made.body.id}`, { name: "Nouveau Thé", sku: "NEW-1", unit: "KGM" });
    expect((await caller.get("/api/products?q=old")).body.total).toBe(0);
    expect((await caller.get("/api/products?q=THE")).body.total).toBe(1);
    expect((await caller.get("/api/products?q=new-1")).body.data[0].unit).toBe("KGM");
  });
});

describe("PUT /api/products/{id}: errors", () => {
  test.each([
    ["fractional rate", { rate: 1.5 }],
    ["rate as a string", { rate: "100" }],
    ["rate null (cannot be cleared)", { rate: null }],
    ["rate beyond 2^53", { rate: 2 ** 53 }],
  ])("%s → 422 INVALID_AMOUNT, nothing changed", async (_name, body) => {
    const made = await newProduct();
    const reply = await client.put(`/api/products/${made.id}`, body);
    expect(reply.status).toBe(422);
    expect(reply.body.code).toBe("INVALID_AMOUNT");
    expect(reply.body.details.field).toBe("rate");
    expect((await client.get(`/api/products/${made.id}`)).body).toEqual(made);
  });

  test.each([
    ["name null", { name: null }, "name"],
    ["empty name", { name: "" }, "name"],
    ["unit null", { unit: null }, "unit"],
    ["bad unit", { unit: "hour" }, "unit"],
    ["tax rate over 100", { tax_rate: 100.5 }, "tax_rate"],
    ["unknown currency", { currency: "EURO" }, "currency"],
    ["unknown field", { archived: true }, "archived"],
  ])("%s → 422 VALIDATION_ERROR, nothing changed", async (_name, body, field) => {
    const made = await newProduct();
    const reply = await client.put(`/api/products/${made.id}`, body);
    expect(reply.status).toBe(422);
    expect(reply.body.code).toBe("VALIDATION_ERROR");
    expect(reply.body.details.field).toBe(field);
    expect((await client.get(`/api/products/${made.id}`)).body).toEqual(made);
  });

  test("an unknown id is 404", async () => {
    const reply = await client.put("/api/products/prd_00000000000000000000000000", { rate: 1 });
    expect(reply.status).toBe(404);
    expect(reply.body.code).toBe("NOT_FOUND");
  });
});

describe("PUT /api/products/{id}: security", () => {
  test("no key, unknown key, revoked key, wrong scope, another account", async () => {
    const made = await newProduct({ name: "Guarded", rate: 1 });
    await expectSecurityCases({
      server,
      owner,
      scope: "entities:write",
      call: (key) => api(server.url).put(`/api/products/${made.id}`, { rate: 0 }, key),
    });
    expect((await client.get(`/api/products/${made.id}`)).body.rate).toBe(1);
  });
});
