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

describe("POST /api/products: happy", () => {
  test("name and rate suffice; unit defaults to C62, the rest is null", async () => {
    const reply = await client.post("/api/products", { name: "Consulting hour", rate: 12_000 });
    expect(reply.status).toBe(201);
    expect(reply.body.id).toMatch(/^prd_[0-9A-Z]{26}$/);
    expect(reply.headers.get("location")).toBe(`/api/products/${reply.body.id}`);
    expect(reply.body).toEqual({
      id: reply.body.id,
      name: "Consulting hour",
      description: null,
      unit: "C62",
      rate: 12_000,
      currency: null,
      tax_rate: null,
      sku: null,
      created_at: "2026-11-21T10:00:00.000Z",
      updated_at: "2026-11-21T10:00:00.000Z",
    });
  });

  test("every field is stored and reads back identically", async () => {
    const body = { name: "Espresso machine", description: "Dual boiler, 2 groups", unit: "H87", rate: 349_900, currency: "EUR", tax_rate: 7.7, sku: "ESP-2G" };
    const reply = await client.post("/api/products", body);
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject(body);
    const read = await client.get(`/api/products/${reply.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(reply.body);
  });

  test.each([
    ["zero", 0],
    ["the largest safe integer", Number.MAX_SAFE_INTEGER],
    ["yen without decimals", 1_000],
  ])("rate %s is accepted", async (_name, rate) => {
    const reply = await client.post("/api/products", { name: "Priced", rate });
    expect(reply.status).toBe(201);
    expect(reply.body.rate).toBe(rate);
  });

  test.each([["HUR"], ["DAY"], ["KGM"], ["C62"]])("unit %s (UN/ECE Rec. 20) is accepted", async (unit) => {
    const reply = await client.post("/api/products", { name: "Unit", rate: 1, unit });
    expect(reply.status).toBe(201);
    expect(reply.body.unit).toBe(unit);
  });

  test("tax rates 0 and 100 are the bounds", async () => {
    expect((await client.post("/api/products", { name: "Zero", rate: 1, tax_rate: 0 })).body.tax_rate).toBe(0);
    expect((await client.post("/api/products", { name: "Full", rate: 1, tax_rate: 100 })).body.tax_rate).toBe(100);
  });
});

describe("POST /api/products: errors", () => {
  test.each([
    ["fractional rate", { rate: 1.5 }],
    ["rate as a string", { rate: "100" }],
    ["rate beyond 2^53", { rate: 2 ** 53 }],
    ["rate below -(2^53)", { rate: -(2 ** 53) }],
    ["negative rate (EN 16931 BR-27: a discount is a negative quantity)", { rate: -500 }],
    ["rate null", { rate: null }],
    ["rate as an object", { rate: { amount: 1 } }],
  ])("%s → 422 INVALID_AMOUNT on rate", async (_name, overrides) => {
    const reply = await client.post("/api/products", { name: "Bad price", ...overrides });
    expect(reply.status).toBe(422);
    expect(reply.body.code).toBe("INVALID_AMOUNT");
    expect(reply.body.details.field).toBe("rate");
  });

  test("a missing rate is 422 on rate", async () => {
    const reply = await client.post("/api/products", { name: "No price" });
    expect(reply.status).toBe(422);
    expect(reply.body.details).toEqual({ field: "rate", issue: "required" });
  });

  test.each([
    ["missing name", { rate: 1 }, "name", "required"],
    ["empty name", { name: "", rate: 1 }, "name", undefined],
    ["blank name", { name: "  ", rate: 1 }, "name", undefined],
    ["name over 500", { name: "x".repeat(501), rate: 1 }, "name", undefined],
    ["lower-case unit", { name: "A", rate: 1, unit: "hur" }, "unit", undefined],
    ["unit word", { name: "A", rate: 1, unit: "hours" }, "unit", undefined],
    ["unit null", { name: "A", rate: 1, unit: null }, "unit", undefined],
    ["negative tax rate", { name: "A", rate: 1, tax_rate: -1 }, "tax_rate", undefined],
    ["tax rate over 100", { name: "A", rate: 1, tax_rate: 101 }, "tax_rate", undefined],
    ["tax rate with 5 decimals", { name: "A", rate: 1, tax_rate: 7.12345 }, "tax_rate", undefined],
    ["tax rate as a string", { name: "A", rate: 1, tax_rate: "19" }, "tax_rate", undefined],
    ["unknown currency", { name: "A", rate: 1, currency: "XYZ" }, "currency", undefined],
    ["sku over 100", { name: "A", rate: 1, sku: "S".repeat(101) }, "sku", undefined],
    ["description over 5000", { name: "A", rate: 1, description: "d".repeat(5001) }, "description", undefined],
    ["unknown field", { name: "A", rate: 1, price: 3 }, "price", "unknown field"],
  ])("%s → 422 VALIDATION_ERROR", async (_name, body, field, issue) => {
    const before = await client.get("/api/products?limit=1");
    const reply = await client.post("/api/products", body);
    expect(reply.status).toBe(422);
    expect(reply.body.code).toBe("VALIDATION_ERROR");
    expect(reply.body.details.field).toBe(field);
    if (issue) expect(reply.body.details.issue).toBe(issue);
    const after = await client.get("/api/products?limit=1");
    expect(after.body.total).toBe(before.body.total);
  });
});

describe("POST /api/products: security", () => {
  test("no key, unknown key, revoked key, wrong scope", async () => {
    await expectSecurityCases({
      server,
      owner,
      scope: "entities:write",
      ownsResource: false,
      call: (key) => api(server.url).post("/api/products", { name: "Intruder", rate: 1 }, key),
    });
  });
});
