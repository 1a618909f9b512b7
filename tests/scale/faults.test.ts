// Faults of the parts the service stands on (issue 12): the database stopped or refusing writes,
// the disk full. Health says which part is down, requests answer 503 SERVICE_UNAVAILABLE with
// Retry-After on every face (never a 500 or a hang), nothing half-written is left, and the service
// recovers by itself when the part returns. (S3 down: tests/server/blob-store-s3.test.ts.)
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { invoiceInput } from "../helpers/factories.ts";
import { api, type Reply } from "../helpers/http.ts";
import { expectStatus, steppedAccount, type SteppedAccount } from "../helpers/invoices.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { sqldAvailable, startSqld, type Sqld } from "../../scripts/sqld.ts";

function expectUnavailable(reply: Reply, part: string): void {
  expect(reply.status).toBe(503);
  expect(reply.body).toMatchObject({ code: "SERVICE_UNAVAILABLE", details: { part, retry_after: 5 } });
  expect(reply.headers.get("retry-after")).toBe("5");
}

async function health(server: TestServer): Promise<Record<string, unknown>> {
  server.clock.advance(2_000);
  const reply = await api(server.url).get("/api/health");
  expect(reply.status).toBe(200);
  return reply.body;
}

const invoiceCount = async (owner: SteppedAccount): Promise<number> => expectStatus(await owner.client.get("/api/invoices"), 200).total;

describe.skipIf(!sqldAvailable)("the libSQL server", () => {
  let sqld: Sqld;
  let server: TestServer;
  let owner: SteppedAccount;

  beforeAll(async () => {
    sqld = await startSqld();
    server = await startTestServer({ topology: "single", env: { DATABASE_URL: sqld.url.replace(/^http:/, "ws:") } });
    owner = await steppedAccount(server);
    await owner.steps.create();
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await sqld?.stop();
  });

  test("stopped: health names d1 and kv, every face answers 503 with Retry-After, and it recovers when the server is back", async () => {
    await sqld.kill();
    try {
      expect(await health(server)).toMatchObject({ status: "degraded", d1: false, kv: false, r2: true });
      expectUnavailable(await owner.client.get("/api/invoices"), "database");
      expectUnavailable(await owner.client.post("/api/invoices", invoiceInput()), "database");
      const trpc = await fetch(`${server.url}/trpc/invoices.list`, { headers: { authorization: `Bearer ${owner.key}` } });
      expect(trpc.status).toBe(503);
      expect(trpc.headers.get("retry-after")).toBe("5");
      expect(((await trpc.json()) as { error: { data: { appCode: string } } }).error.data.appCode).toBe("SERVICE_UNAVAILABLE");
      const mcp = await owner.client.post("/api/mcp", { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "invoices.query", arguments: { action: "list" } } });
      expect(JSON.stringify(mcp.body)).toContain("SERVICE_UNAVAILABLE");
    } finally {
      await sqld.restart();
    }
    expect(await health(server)).toMatchObject({ status: "ok", d1: true, kv: true });
    expect(await invoiceCount(owner)).toBe(1);
    expectStatus(await owner.client.post("/api/invoices", invoiceInput()), 201);
    expect(await invoiceCount(owner)).toBe(2);
  });

  test("refusing writes (read-only): reads go on, writes answer 503, health says kv; writes work again once allowed", async () => {
    await sqld.blockWrites(true);
    try {
      expect(await health(server)).toMatchObject({ status: "degraded", d1: true, kv: false });
      expect((await owner.client.get("/api/invoices")).status).toBe(200);
      expectUnavailable(await owner.client.post("/api/invoices", invoiceInput()), "database");
    } finally {
      await sqld.blockWrites(false);
    }
    expect(await health(server)).toMatchObject({ status: "ok", kv: true });
    const before = await invoiceCount(owner);
    expectStatus(await owner.client.post("/api/invoices", invoiceInput()), 201);
    expect(await invoiceCount(owner)).toBe(before + 1);
  });
});

/** A small file system of its own (tmpfs), so the test can fill it; needs root, as CI has. */
function mountSmallDisk(folder: string, megabytes: number): boolean {
  return spawnSync("mount", ["-t", "tmpfs", "-o", `size=${megabytes}m`, "tmpfs", folder]).status === 0;
}

const canMount = await (async () => {
  const probe = await mkdtemp(join(tmpdir(), "mount-probe-"));
  const mounted = mountSmallDisk(probe, 1);
  if (mounted) spawnSync("umount", [probe]);
  await rm(probe, { recursive: true, force: true });
  return mounted;
})();
if (!canMount && process.env.CI) throw new Error("CI must be able to mount a tmpfs (root) for the disk-full test");

describe.skipIf(!canMount)("the embedded file's disk", () => {
  let folder: string;
  let server: TestServer;
  let owner: SteppedAccount;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), "small-disk-"));
    mountSmallDisk(folder, 24);
    server = await startTestServer({ topology: "single", dataDir: folder });
    owner = await steppedAccount(server);
    await owner.steps.create();
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    // Lazily: the driver's last connections close when collected, after close() has returned.
    spawnSync("umount", ["-l", folder]);
    await rm(folder, { recursive: true, force: true });
  });

  test("full: health says kv and r2, writes answer 503, reads go on; freed, it all works again", async () => {
    const filler = join(folder, "filler");
    // Fill what is left; the write stops at ENOSPC with the disk full.
    await writeFile(filler, new Uint8Array(24 * 1024 * 1024)).catch(() => undefined);
    try {
      expect(await health(server)).toMatchObject({ status: "degraded", d1: true, kv: false, r2: false });
      expect((await owner.client.get("/api/invoices")).status).toBe(200);
      const many = await Promise.all(Array.from({ length: 20 }, () => owner.client.post("/api/invoices", invoiceInput({ notes: "x".repeat(9_000) }))));
      expect(many.filter((reply) => reply.status !== 201 && reply.status !== 503).map((reply) => [reply.status, reply.body])).toEqual([]);
      expectUnavailable(many.find((reply) => reply.status === 503)!, "database");
    } finally {
      await rm(filler, { force: true });
    }
    expect(await health(server)).toMatchObject({ status: "ok", d1: true, kv: true, r2: true });
    const before = await invoiceCount(owner);
    expectStatus(await owner.client.post("/api/invoices", invoiceInput()), 201);
    expect(await invoiceCount(owner)).toBe(before + 1);
  });
});
