import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { api, type Api } from "../../helpers/http.ts";
import { invoiceInput } from "../../helpers/factories.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestAccount, type TestServer } from "../../helpers/server.ts";

let server: TestServer;
let owner: TestAccount;
let client: Api;

async function newClient(name: string): Promise<string> {
  const made = await client.post("/api/clients", { name });
  expect(made.status).toBe(201);
  return made.body.id;
}

async function invoiceFor(clientId: string): Promise<Record<string, any>> {
  const invoice = await client.post("/api/invoices", invoiceInput({ bill_to_name: undefined, bill_to_email: undefined, client_id: clientId }));
  expect(invoice.status).toBe(201);
  return invoice.body;
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.account();
  client = api(server.url, owner.key);
});
afterAll(() => server.close());

describe("DELETE /api/clients/{id}: happy", () => {
  test("an unused client is deleted (200), then gone (404 on get, delete and update)", async () => {
    const id = await newClient("Unused");
    const reply = await client.delete(`/api/clients/${id}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ id, deleted: true });
    expect((await client.get(`/api/clients/${id}`)).status).toBe(404);
    const again = await client.delete(`/api/clients/${id}`);
    expect(again.status).toBe(404);
    expect(again.body.code).toBe("NOT_FOUND");
    expect((await client.put(`/api/clients/${id}`, { name: "Back" })).status).toBe(404);
  });

  test("a deleted client leaves the list and its count", async () => {
    const account = await server.account();
    const caller = api(server.url, account.key);
    const keep = await caller.post("/api/clients", { name: "Keep" });
    const drop = await caller.post("/api/clients", { name: "Drop" });
    expect((await caller.delete(`/api/clients/${drop.body.id}`)).status).toBe(200);
    const list = await caller.get("/api/clients?include_archived=true");
    expect(list.body.total).toBe(1);
    expect(list.body.data.map((row: { id: string }) => row.id)).toEqual([keep.body.id]);
  });

  test("an archived, unused client can be deleted", async () => {
    const id = await newClient("Archived Unused");
    await client.put(`/api/clients/${id}`, { archived: true });
    expect((await client.delete(`/api/clients/${id}`)).status).toBe(200);
    expect((await client.get(`/api/clients/${id}`)).status).toBe(404);
  });

  test("once the only invoice using it is deleted, the client can be deleted", async () => {
    const id = await newClient("Briefly Used");
    const invoice = await invoiceFor(id);
    expect((await client.delete(`/api/clients/${id}`)).status).toBe(409);
    expect((await client.delete(`/api/invoices/${invoice.id}`)).status).toBe(200);
    expect((await client.delete(`/api/clients/${id}`)).status).toBe(200);
  });
});

describe("DELETE /api/clients/{id}: errors", () => {
  test("a client used by an invoice is 409 RESOURCE_IN_USE and stays", async () => {
    const id = await newClient("In Use");
    const invoice = await invoiceFor(id);
    const reply = await client.delete(`/api/clients/${id}`);
    expect(reply.status).toBe(409);
    expect(reply.body.code).toBe("RESOURCE_IN_USE");
    expect(typeof reply.body.error).toBe("string");
    const read = await client.get(`/api/clients/${id}`);
    expect(read.status).toBe(200);
    expect(read.body.name).toBe("In Use");
    const still = await client.get(`/api/invoices/${invoice.id}`);
    expect(still.body.client_id).toBe(id);
  });

  test("archiving does not make a used client deletable", async () => {
    const id = await newClient("In Use, Archived");
    await invoiceFor(id);
    await client.put(`/api/clients/${id}`, { archived: true });
    const reply = await client.delete(`/api/clients/${id}`);
    expect(reply.status).toBe(409);
    expect(reply.body.code).toBe("RESOURCE_IN_USE");
  });

  test("a client used by a finalized (numbered) invoice is 409 too", async () => {
    const id = await newClient("Billed");
    const invoice = await invoiceFor(id);
    const finalized = await client.post(`/api/invoices/${invoice.id}/finalize`, { base_revision: invoice.revision, operation_id: crypto.randomUUID() });
    expect(finalized.status).toBe(200);
    const reply = await client.delete(`/api/clients/${id}`);
    expect(reply.status).toBe(409);
    expect(reply.body.code).toBe("RESOURCE_IN_USE");
  });

  test("an unknown id is 404", async () => {
    const reply = await client.delete("/api/clients/cli_00000000000000000000000000");
    expect(reply.status).toBe(404);
    expect(reply.body.code).toBe("NOT_FOUND");
  });
});

describe("DELETE /api/clients/{id}: security", () => {
  test("no key, unknown key, revoked key, wrong scope, another account; the client survives", async () => {
    const id = await newClient("Guarded");
    await expectSecurityCases({
      server,
      owner,
      scope: "entities:write",
      call: (key) => api(server.url).delete(`/api/clients/${id}`, key),
    });
    expect((await client.get(`/api/clients/${id}`)).status).toBe(200);
  });

  test("a key with only entities:read cannot delete", async () => {
    const id = await newClient("Read Only");
    const reader = await server.key(owner.accountId, ["entities:read"]);
    const reply = await api(server.url, reader).delete(`/api/clients/${id}`);
    expect(reply.status).toBe(403);
    expect((await client.get(`/api/clients/${id}`)).status).toBe(200);
  });
});
