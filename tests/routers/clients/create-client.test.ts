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

const EMPTY_ADDRESS = { line1: null, line2: null, city: null, postal_code: null, region: null, country: null };

describe("POST /api/clients: happy", () => {
  test("a name is all it takes; every other field is null", async () => {
    const reply = await client.post("/api/clients", { name: "Acme Corp" });
    expect(reply.status).toBe(201);
    expect(reply.body.id).toMatch(/^cli_[0-9A-Z]{26}$/);
    expect(reply.headers.get("location")).toBe(`/api/clients/${reply.body.id}`);
    expect(reply.body).toEqual({
      id: reply.body.id,
      name: "Acme Corp",
      email: null,
      phone: null,
      address: null,
      tax_id: null,
      currency: null,
      locale: null,
      notes: null,
      archived: false,
      created_at: "2026-11-21T10:00:00.000Z",
      updated_at: "2026-11-21T10:00:00.000Z",
    });
  });

  test("every optional field is stored and reads back identically", async () => {
    const body = {
      name: "Zoë Müller GmbH",
      email: "zoe@example.com",
      phone: "+49 30 1234567",
      address: { line1: "Hauptstr. 1", line2: "Hinterhaus", city: "Berlin", postal_code: "10115", region: "BE", country: "DE" },
      tax_id: "DE123456789",
      currency: "EUR",
      locale: "de-DE",
      notes: "Pays on time",
    };
    const reply = await client.post("/api/clients", body);
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ ...body, archived: false });
    const read = await client.get(`/api/clients/${reply.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(reply.body);
  });

  test("a plain string address is taken as line1; a partial object fills the rest with null", async () => {
    const plain = await client.post("/api/clients", { name: "Plain", address: "1 Main St" });
    expect(plain.status).toBe(201);
    expect(plain.body.address).toEqual({ ...EMPTY_ADDRESS, line1: "1 Main St" });
    const partial = await client.post("/api/clients", { name: "Partial", address: { city: "Wien", country: "AT" } });
    expect(partial.status).toBe(201);
    expect(partial.body.address).toEqual({ ...EMPTY_ADDRESS, city: "Wien", country: "AT" });
  });

  test("explicit nulls on create are the same as leaving fields out", async () => {
    const reply = await client.post("/api/clients", { name: "Nulls", email: null, phone: null, address: null, tax_id: null, currency: null, locale: null, notes: null });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ email: null, phone: null, address: null, tax_id: null, currency: null, locale: null, notes: null });
  });

  test("names of 1 and 500 characters, non-ASCII included, are accepted", async () => {
    const one = await client.post("/api/clients", { name: "Ω" });
    expect(one.status).toBe(201);
    expect(one.body.name).toBe("Ω");
    const long = await client.post("/api/clients", { name: "é".repeat(500) });
    expect(long.status).toBe(201);
    expect(long.body.name).toBe("é".repeat(500));
  });

  test("two creates with the same name are two clients", async () => {
    const first = await client.post("/api/clients", { name: "Twin" });
    const second = await client.post("/api/clients", { name: "Twin" });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.id).not.toBe(first.body.id);
  });
});

describe("POST /api/clients: errors", () => {
  test.each([
    ["missing name", {}, "name", "required"],
    ["empty name", { name: "" }, "name", undefined],
    ["blank name", { name: "   " }, "name", undefined],
    ["name over 500", { name: "x".repeat(501) }, "name", undefined],
    ["name not a string", { name: 42 }, "name", undefined],
    ["bad e-mail", { name: "A", email: "not-an-email" }, "email", undefined],
    ["phone over 50", { name: "A", phone: "1".repeat(51) }, "phone", undefined],
    ["tax_id over 100", { name: "A", tax_id: "X".repeat(101) }, "tax_id", undefined],
    ["unknown currency", { name: "A", currency: "XYZ" }, "currency", undefined],
    ["lower-case currency", { name: "A", currency: "eur" }, "currency", undefined],
    ["bad locale", { name: "A", locale: "not a locale!" }, "locale", undefined],
    ["notes over 10 000", { name: "A", notes: "x".repeat(10_001) }, "notes", undefined],
    ["unknown field", { name: "A", colour: "red" }, "colour", "unknown field"],
    ["archived on create", { name: "A", archived: true }, "archived", "unknown field"],
  ])("%s → 422 VALIDATION_ERROR", async (_name, body, field, issue) => {
    const before = await client.get("/api/clients?include_archived=true&limit=1");
    const reply = await client.post("/api/clients", body);
    expect(reply.status).toBe(422);
    expect(reply.body.code).toBe("VALIDATION_ERROR");
    expect(typeof reply.body.error).toBe("string");
    expect(reply.body.details.field).toBe(field);
    expect(typeof reply.body.details.issue).toBe("string");
    if (issue) expect(reply.body.details.issue).toBe(issue);
    const after = await client.get("/api/clients?include_archived=true&limit=1");
    expect(after.body.total).toBe(before.body.total);
  });

  test.each([
    ["a lower-case country", { country: "de" }],
    ["a country name", { country: "Germany" }],
    ["a code no country has", { country: "XX" }],
    ["a group of countries", { country: "EU" }],
    ["an unknown address field", { street: "Hauptstr. 1" }],
    ["a number", 42],
  ])("an address with %s → 422 on address", async (_name, address) => {
    const reply = await client.post("/api/clients", { name: "A", address });
    expect(reply.status).toBe(422);
    expect(reply.body.code).toBe("VALIDATION_ERROR");
    expect(reply.body.details.field).toStartWith("address");
  });

  test("a JSON array body is 422, malformed JSON 400", async () => {
    const array = await client.post("/api/clients", [{ name: "A" }]);
    expect(array.status).toBe(422);
    expect(array.body.code).toBe("VALIDATION_ERROR");
    const malformed = await client.raw("/api/clients", { method: "POST", headers: { authorization: `Bearer ${owner.key}`, "content-type": "application/json" }, body: "{name:" });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe("BAD_REQUEST");
  });
});

describe("POST /api/clients: security", () => {
  test("no key, unknown key, revoked key, wrong scope", async () => {
    await expectSecurityCases({
      server,
      owner,
      scope: "entities:write",
      ownsResource: false,
      call: (key) => api(server.url).post("/api/clients", { name: "Intruder" }, key),
    });
  });

  test("a key with only entities:write may create", async () => {
    const writer = await server.key(owner.accountId, ["entities:write"]);
    const reply = await api(server.url, writer).post("/api/clients", { name: "Written" });
    expect(reply.status).toBe(201);
  });

  test("a created client is visible to its own account only", async () => {
    const made = await client.post("/api/clients", { name: "Private Client" });
    const stranger = await server.account();
    const theirs = await api(server.url, stranger.key).get("/api/clients?q=private");
    expect(theirs.status).toBe(200);
    expect(theirs.body.total).toBe(0);
    const foreign = await api(server.url, stranger.key).get(`/api/clients/${made.body.id}`);
    expect(foreign.status).toBe(403);
  });
});
