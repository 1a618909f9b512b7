// Retries of creates and duplicates under one Idempotency-Key (ADR 0005: "a replay returns the
// stored 201 body"). A retry of a lost response must get that response whatever changed since, and
// concurrent retries make one invoice.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { invoiceInput, operation } from "../helpers/factories.ts";
import { expectStatus, invoicePath, setProfile, steppedAccount } from "../helpers/invoices.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const keyed = (key: string) => ({ "idempotency-key": key });

describe("Idempotency-Key: concurrent retries", () => {
  test("20 parallel creates with one key and body make one invoice; every reply is the same 201", async () => {
    const account = await steppedAccount(server);
    const body = invoiceInput();
    const replies = await Promise.all(Array.from({ length: 20 }, () => account.client.post("/api/invoices", body, undefined, keyed("parallel-1"))));
    expect(replies.map((reply) => reply.status)).toEqual(Array(20).fill(201));
    expect(new Set(replies.map((reply) => JSON.stringify(reply.body))).size).toBe(1);
    expect(new Set(replies.map((reply) => reply.headers.get("location"))).size).toBe(1);
    const listed = expectStatus(await account.client.get("/api/invoices"), 200);
    expect(listed.total).toBe(1);
  });
});

describe("Idempotency-Key: a retry after the world changed still gets the stored response", () => {
  test("create with client_id, then the client is archived: the retry is the stored 201", async () => {
    const account = await steppedAccount(server);
    const client = expectStatus(await account.client.post("/api/clients", { name: "Globex", email: "ap@globex.example" }), 201);
    const { bill_to_name: _name, bill_to_email: _email, ...body } = invoiceInput({ client_id: client.id });
    const first = await account.client.post("/api/invoices", body, undefined, keyed("archived-client"));
    expect(first.status).toBe(201);
    expectStatus(await account.client.put(`/api/clients/${client.id}`, { archived: true }), 200);

    const retry = await account.client.post("/api/invoices", body, undefined, keyed("archived-client"));
    expect({ status: retry.status, body: retry.body }).toEqual({ status: 201, body: first.body });
  });

  test("create relying on the profile's legal_name, then the profile changes: the retry is the stored 201", async () => {
    const account = await steppedAccount(server);
    await setProfile(account.client, { legal_name: "Acme GmbH", currency: "EUR", locale: "de-DE" });
    const body = { bill_to_name: "Globex", issue_date: "2026-11-21", items: [{ description: "Consulting", rate: 12_000 }] };
    const first = await account.client.post("/api/invoices", body, undefined, keyed("profile-default"));
    expect(first.status).toBe(201);
    await setProfile(account.client, { legal_name: null });

    const retry = await account.client.post("/api/invoices", body, undefined, keyed("profile-default"));
    expect({ status: retry.status, body: retry.body }).toEqual({ status: 201, body: first.body });
  });

  test("duplicate of a draft, then the draft is deleted: the retry is the stored 201", async () => {
    const account = await steppedAccount(server);
    const source = await account.steps.create();
    const first = await account.client.post(invoicePath(source.id, "/duplicate"), {}, undefined, keyed("dup-deleted-source"));
    expect(first.status).toBe(201);
    expectStatus(await account.client.delete(invoicePath(source.id)), 200);

    const retry = await account.client.post(invoicePath(source.id, "/duplicate"), {}, undefined, keyed("dup-deleted-source"));
    expect({ status: retry.status, body: retry.body }).toEqual({ status: 201, body: first.body });
  });
});

describe("operation_id: a retry through another face", () => {
  test("a PUT answered on REST replays identically on JSON-RPC and tRPC, with one history entry", async () => {
    const account = await steppedAccount(server);
    const draft = await account.steps.create();
    const save = { ...operation(draft.revision), notes: "Thanks", status: "review" };
    const rest = expectStatus(await account.client.put(invoicePath(draft.id), save), 200);

    const post = (path: string, body: unknown) =>
      fetch(server.url + path, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${account.key}` },
        body: JSON.stringify(body),
      }).then((response) => response.json() as Promise<any>);
    const rpc = await post("/api/mcp", { jsonrpc: "2.0", id: 1, method: "invoices.mutate", params: { action: "update", id: draft.id, ...save } });
    const trpc = await post("/trpc/invoices.update", { id: draft.id, ...save });
    expect(rpc.result).toEqual(rest);
    expect(trpc.result?.data).toEqual(rest);
    expect(await account.steps.history(draft.id)).toHaveLength(2);
  });
});
