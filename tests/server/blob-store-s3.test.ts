// BLOB_URL=s3://bucket/prefix: rendered files and logos live in S3-compatible storage (a real
// s3rver here), downloads still go through the service's own signed route, health's r2 checks the
// bucket for real, and an outage answers 503 with Retry-After until the storage returns by itself.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { createS3BlobStore } from "../../server/platform/blob-store-s3.ts";
import { loadConfig } from "../../server/platform/config.ts";
import { api, type Api } from "../helpers/http.ts";
import { steppedAccount, expectStatus, type SteppedAccount } from "../helpers/invoices.ts";
import { startS3, type S3Server } from "../helpers/s3.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { download, exportableInvoice } from "../routers/invoices/export-helpers.ts";

let s3: S3Server;
let server: TestServer;
let owner: SteppedAccount;

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name).slice(folder.length + 1));
}

beforeAll(async () => {
  s3 = await startS3();
  server = await startTestServer({ env: s3.env("tenant-a") });
  owner = await steppedAccount(server);
});
afterAll(async () => {
  await server.close();
  await s3.close();
});

describe("the S3 blob store", () => {
  test("puts, gets and deletes under the prefix; a missing key is null; keys that could climb out are refused", async () => {
    const store = createS3BlobStore(loadConfig(s3.env("unit")).blobs!);
    await store.put("files/a.bin", new Uint8Array([1, 2, 3]));
    expect(await store.get("files/a.bin")).toEqual(new Uint8Array([1, 2, 3]));
    expect(await filesUnder(join(s3.directory, s3.bucket))).toContain("unit/files/a.bin._S3rver_object");
    await store.delete("files/a.bin");
    expect(await store.get("files/a.bin")).toBeNull();
    await store.delete("files/never-there.bin");
    for (const key of ["../escape", "/absolute", "files/../../x", "a//b", "spaces here"]) {
      await expect(store.put(key, new Uint8Array([0]))).rejects.toThrow("Invalid blob key");
    }
  });

  test("BLOB_URL is read with its endpoint, region, path style and key pair; a half-given key pair or another scheme stops the start", () => {
    expect(loadConfig({ ...s3.env("a/b/"), S3_REGION: "auto" }).blobs).toEqual({
      bucket: "invoices",
      prefix: "a/b",
      endpoint: s3.env().S3_ENDPOINT as string,
      region: "auto",
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    });
    expect(loadConfig({}).blobs).toBeNull();
    expect(() => loadConfig({ BLOB_URL: "https://bucket.example/x" })).toThrow("BLOB_URL");
    expect(() => loadConfig({ BLOB_URL: "s3://bucket", AWS_ACCESS_KEY_ID: "only-half" })).toThrow("AWS_SECRET_ACCESS_KEY");
  });
});

describe("the service on S3", () => {
  test("health checks the bucket for real: r2 is true", async () => {
    expect((await api(server.url).get("/api/health")).body).toMatchObject({ status: "ok", d1: true, r2: true, kv: true });
  });

  test("an export is stored in the bucket, not under DATA_DIR, and downloads through the signed route", async () => {
    const invoice = await exportableInvoice(owner.client, owner.steps);
    const link = expectStatus(await owner.client.post(`/api/invoices/${invoice.id}/export`, { format: "pdf" }), 200);
    const file = await download(link.url);
    expect(file.status).toBe(200);
    expect(new TextDecoder().decode(file.bytes.slice(0, 5))).toBe("%PDF-");
    expect(await filesUnder(join(server.dataDir, "blobs"))).toEqual([]);
    expect((await filesUnder(join(s3.directory, s3.bucket))).some((path) => path.startsWith("tenant-a/") && path.endsWith(".pdf._S3rver_object"))).toBe(true);
  });

  test("storage down: health names r2, exports and downloads answer 503 with Retry-After; back up, they work again unaided", async () => {
    const invoice = await exportableInvoice(owner.client, owner.steps);
    const earlier = expectStatus(await owner.client.post(`/api/invoices/${invoice.id}/export`, { format: "png" }), 200);
    await s3.stop();
    try {
      server.clock.advance(2_000);
      expect((await api(server.url).get("/api/health")).body).toMatchObject({ status: "degraded", d1: true, r2: false, kv: true });
      const refused = await owner.client.post(`/api/invoices/${invoice.id}/export`, { format: "pdf" });
      expect(refused.status).toBe(503);
      expect(refused.body).toMatchObject({ code: "SERVICE_UNAVAILABLE", details: { part: "storage", retry_after: 5 } });
      expect(refused.headers.get("retry-after")).toBe("5");
      const download503 = await fetch(earlier.url);
      expect(download503.status).toBe(503);
      expect(download503.headers.get("retry-after")).toBe("5");
    } finally {
      await s3.start();
    }
    server.clock.advance(2_000);
    expect((await api(server.url).get("/api/health")).body).toMatchObject({ status: "ok", r2: true });
    expect(expectStatus(await owner.client.post(`/api/invoices/${invoice.id}/export`, { format: "pdf" }), 200).url).toContain("/files/");
    expect((await download(earlier.url)).status).toBe(200);
  });
});
