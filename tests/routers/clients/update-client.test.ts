import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { api, type Api } from "../../helpers/http.ts";
import { invoiceInput } from "../../helpers/factories.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestAccount, type TestServer } from "../../helpers/server.ts";

let server: TestServer;
let owner: TestAccount;
let client: Api;

const FULL = {
  name: "Zoë Müller GmbH",
  email: "zoe@example.com",
  phone: "+49 30 1234567",
  address: { line1: "Hauptstr. 1", line2: null, city: "Berlin", postal_code: "10115", region: null, country: "DE" },
  tax_id: "DE123456789",
  currency: "EUR",
  locale: "de-DE",
  notes: "Pays on time",
};

async function newClient(body: Record<string, unknown> = FULL): Promise<Record<string, any>> {
  const made = await client.post("/api/clients", body);
  expect(made.status).toBe(201);
  return made.body;
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.account();
  client = api(server.url, owner.key);
});
afterAll(() => server.close());

describe("PUT /api/clients/{id}: happy", () => {
  test("merges: only the fields given change; updated_at moves, created_at stays", async () => {
    const made = await newClient();
    server.clock.advance(60_000);
    const reply = await client.put(`/api/clients/${made.id}`, { phone: "+49 30 7654321" });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ ...made, phone: "+49 30 7654321", updated_at: "2026-11-21T10:01:00.000Z" });
    expect(reply.body.created_at).toBe(made.created_at);
    const read = await client.get(`/api/clients/${made.id}`);
    expect(read.body).toEqual(reply.body);
  });

  test("an empty body changes nothing but is accepted", async () => {
    const made = await newClient();
    const reply = await client.put(`/api/clients/${made.id}`, {});
    expect(reply.status).toBe(200);
    const { updated_at: _a, ...rest } = reply.body;
    const { updated_at: _b, ...before } = made;
    expect(rest).toEqual(before);
  });

  test("null clears each optional field", async () => {
    const made = await newClient();
    const reply = await client.put(`/api/clients/${made.id}`, { email: null, phone: null, address: null, tax_id: null, currency: null, locale: null, notes: null });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ name: FULL.name, email: null, phone: null, address: null, tax_id: null, currency: null, locale: null, notes: null });
    const read = await client.get(`/api/clients/${made.id}`);
    expect(read.body).toEqual(reply.body);
  });

  test("a new address replaces the old one whole; a string becomes line1", async () => {
    const made = await newClient();
    const reply = await client.put(`/api/clients/${made.id}`, { address: "Neue Str. 2" });
    expect(reply.status).toBe(200);
    expect(reply.body.address).toEqual({ line1: "Neue Str. 2", line2: null, city: null, postal_code: null, region: null, country: null });
  });

  test("renaming updates the search: q finds the new name, not the old", async () => {
    const account = await server.account();
    const caller = api(server.url, account.key);
    const made = await caller.post("/api/clients", { name: "Old Name", email: "old@example.com" });
    await caller.put(`/api/clients/${made.body.id}`, { name: "Nouvelle Société", email: "new@example.com" });
    expect((await caller.get("/api/clients?q=old")).body.total).toBe(0);
    expect((await caller.get("/api/clients?q=SOCIETE")).body.total).toBe(1);
    expect((await caller.get("/api/clients?q=new%40example")).body.total).toBe(1);
  });

  test("clearing the e-mail removes it from the search", async () => {
    const account = await server.account();
    const caller = api(server.url, account.key);
    const made = await caller.post("/api/clients", { name: "Findable", email: "unique-needle@example.com" });
    expect((await caller.get("/api/clients?q=unique-needle")).body.total).toBe(1);
    await caller.put(`/api/clients/${made.body.id}`, { email: null });
    expect((await caller.get("/api/clients?q=unique-needle")).body.total).toBe(0);
  });

  test("archived: true hides the client from lists, include_archived shows it, false restores it", async () => {
    const account = await server.account();
    const caller = api(server.url, account.key);
    const made = await caller.post("/api/clients", { name: "Seasonal" });
    const archived = await caller.put(`/api/clients/${made.body.id}`, { archived: true });
    expect(archived.status).toBe(200);
    expect(archived.body.archived).toBe(true);
    expect((await caller.get("/api/clients")).body.total).toBe(0);
    expect((await caller.get("/api/clients?include_archived=true")).body.total).toBe(1);
    const edited = await caller.put(`/api/clients/${made.body.id}`, { notes: "still archived" });
    expect(edited.body.archived).toBe(true);
    const restored = await caller.put(`/api/clients/${made.body.id}`, { archived: false });
    expect(restored.body.archived).toBe(false);
    expect((await caller.get("/api/clients")).body.total).toBe(1);
  });

  test("an archived client cannot be used in a new invoice (422 on client_id); restored, it can", async () => {
    const made = await newClient({ name: "Retired" });
    await client.put(`/api/clients/${made.id}`, { archived: true });
    const refused = await client.post("/api/invoices", invoiceInput({ bill_to_name: undefined, bill_to_email: undefined, client_id: made.id }));
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe("VALIDATION_ERROR");
    expect(refused.body.details.field).toBe("client_id");
    await client.put(`/api/clients/${made.id}`, { archived: false });
    const accepted = await client.post("/api/invoices", invoiceInput({ bill_to_name: undefined, bill_to_email: undefined, client_id: made.id }));
    expect(accepted.status).toBe(201);
    expect(accepted.body.client_id).toBe(made.id);
  });

  test("an archived client cannot be newly set on an existing invoice either", async () => {
    const made = await newClient({ name: "Retired Too" });
    await client.put(`/api/clients/${made.id}`, { archived: true });
    const invoice = await client.post("/api/invoices", invoiceInput());
    const reply = await client.put(`/api/invoices/${invoice.body.id}`, { client_id: made.id, base_revision: invoice.body.revision, operation_id: crypto.randomUUID() });
    expect(reply.status).toBe(422);
    expect(reply.body.details.field).toBe("client_id");
  });

  test("later client edits (and archiving) do not rewrite an existing invoice's bill_to snapshot", async () => {
    const made = await newClient();
    const invoice = await client.post("/api/invoices", invoiceInput({ bill_to_name: undefined, bill_to_email: undefined, client_id: made.id }));
    expect(invoice.status).toBe(201);
    expect(invoice.body).toMatchObject({ bill_to_name: FULL.name, bill_to_email: FULL.email, bill_to_tax_id: FULL.tax_id });
    expect(invoice.body.bill_to_address).toEqual(FULL.address);

    const edited = await client.put(`/api/clients/${made.id}`, { name: "Renamed AG", email: "renamed@example.com", address: "Elsewhere 9", tax_id: null });
    expect(edited.status).toBe(200);
    await client.put(`/api/clients/${made.id}`, { archived: true });

    const read = await client.get(`/api/invoices/${invoice.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ client_id: made.id, bill_to_name: FULL.name, bill_to_email: FULL.email, bill_to_tax_id: FULL.tax_id });
    expect(read.body.bill_to_address).toEqual(FULL.address);
    expect(read.body.revision).toBe(invoice.body.revision);
  });
});

describe("PUT /api/clients/{id}: errors", () => {
  test.each([
    ["name null (cannot be cleared)", { name: null }, "name"],
    ["empty name", { name: "" }, "name"],
    ["name over 500", { name: "x".repeat(501) }, "name"],
    ["bad e-mail", { email: "nope" }, "email"],
    ["unknown currency", { currency: "ABC" }, "currency"],
    ["bad locale", { locale: "!!" }, "locale"],
    ["archived not a boolean", { archived: "yes" }, "archived"],
    ["archived null", { archived: null }, "archived"],
    ["unknown field", { colour: "red" }, "colour"],
  ])("%s → 422 VALIDATION_ERROR, nothing changed", async (_name, body, field) => {
    const made = await newClient();
    const reply = await client.put(`/api/clients/${made.id}`, body);
    expect(reply.status).toBe(422);
    expect(reply.body.code).toBe("VALIDATION_ERROR");
    expect(reply.body.details.field).toBe(field);
    const read = await client.get(`/api/clients/${made.id}`);
    expect(read.body).toEqual(made);
  });

  test("an unknown id is 404", async () => {
    const reply = await client.put("/api/clients/cli_00000000000000000000000000", { name: "Ghost" });
    expect(reply.status).toBe(404);
    expect(reply.body.code).toBe("NOT_FOUND");
  });

  test("the id in the path wins: an id in the body cannot redirect the write", async () => {
    const first = await newClient({ name: "First" });
    const second = await newClient({ name: "Second" });
    const reply = await client.put(`/api/clients/${first.id}`, { id: second.id, name: "Changed" });
    const secondAfter = await client.get(`/api/clients/${second.id}`);
    expect(secondAfter.body.name).toBe("Second");
    if (reply.status === 200) expect(reply.body.id).toBe(first.id);
    else expect(reply.status).toBe(422);
  });
});

describe("PUT /api/clients/{id}: security", () => {
  test("no key, unknown key, revoked key, wrong scope, another account", async () => {
    const made = await newClient({ name: "Guarded" });
    await expectSecurityCases({
      server,
      owner,
      scope: "entities:write",
      call: (key) => api(server.url).put(`/api/clients/${made.id}`, { name: "Hijacked" }, key),
    });
    const read = await client.get(`/api/clients/${made.id}`);
    expect(read.body.name).toBe("Guarded");
  });
});
