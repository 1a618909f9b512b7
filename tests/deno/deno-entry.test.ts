// The Deno entry serves the same app: start it under the real Deno runtime, create and read back.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { invoiceInput } from "../helpers/factories.ts";
import { api } from "../helpers/http.ts";

const DENO = join(import.meta.dir, "../../node_modules/.bin/deno");
let child: ReturnType<typeof Bun.spawn>;
let dataDir: string;
let baseUrl: string;
let key: string;

async function readUntil(stream: ReadableStream<Uint8Array>, pattern: RegExp): Promise<string> {
  const reader = stream.getReader();
  let text = "";
  while (!pattern.test(text)) {
    const { done, value } = await reader.read();
    if (done) throw new Error(`Deno exited before printing ${pattern}: ${text}`);
    text += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  return text;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "invoices-deno-"));
  child = Bun.spawn(
    [DENO, "run", "--allow-net", "--allow-env", "--allow-read", "--allow-write", "--allow-ffi", "--allow-sys", "--allow-run", "--unstable-no-legacy-abort", "server/http/deno.ts"],
    { cwd: join(import.meta.dir, "../.."), env: { ...process.env, DATA_DIR: dataDir, PORT: "0", LOG_LEVEL: "warn" }, stdout: "pipe", stderr: "inherit" },
  );
  const output = await readUntil(child.stdout as ReadableStream<Uint8Array>, /Listening on (http:\/\/[\d.:]+)/);
  baseUrl = /Listening on (http:\/\/[\d.:]+)/.exec(output)?.[1] ?? "";
  key = /API key: (svc_\w+)/.exec(output)?.[1] ?? "";
}, 60_000);

afterAll(async () => {
  child.kill("SIGTERM");
  expect(await child.exited).toBe(0);
  await rm(dataDir, { recursive: true, force: true });
});

test("under Deno: health, then create an invoice and get it back", async () => {
  const client = api(baseUrl, key);
  expect((await client.get("/api/health")).body.status).toBe("ok");
  const created = await client.post("/api/invoices", invoiceInput());
  expect(created.status).toBe(201);
  const read = await client.get(`/api/invoices/${created.body.id}`);
  expect(read.status).toBe(200);
  expect(read.body).toEqual(created.body);
});

test("under Deno: the console is built at start (esbuild runs under Deno too) and served compressed", async () => {
  const page = await fetch(`${baseUrl}/app/invoices`);
  expect(page.status).toBe(200);
  const html = await page.text();
  const script = /src="(\/app\/assets\/main-\w+\.js)"/.exec(html)?.[1];
  expect(script).toBeDefined();
  const asset = await fetch(`${baseUrl}${script}`, { headers: { "accept-encoding": "gzip" }, decompress: false } as RequestInit);
  expect(asset.status).toBe(200);
  expect(asset.headers.get("content-encoding")).toBe("gzip");
  expect(asset.headers.get("cache-control")).toContain("immutable");
});
