// The Deno entry serves the same app: start it under the real Deno runtime, create and read back.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decode as decodePng, encode as encodePng } from "fast-png";
import { invoiceInput } from "../helpers/factories.ts";
import { api } from "../helpers/http.ts";
import { expectStatus } from "../helpers/invoices.ts";
import { layoutInvoice } from "../../render/templates/index.ts";
import { builtInTemplate } from "../../render/templates/template.ts";
import { renderPng } from "../../render/visual.ts";
import { invoice } from "../../scripts/samples/templates.ts";

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

// The worker pools under Deno's Web Workers: Tesseract's OCR worker and the render worker.
test("under Deno: OCR reads a rendered invoice's number in the OCR worker pool", async () => {
  const page = decodePng(await renderPng(layoutInvoice(invoice("deno", { number: "INV-2026-0042" }), builtInTemplate("classic"))));
  // The title's band of the A4 page (rows 60 to 150), so Tesseract reads a strip and not the page.
  const [top, bottom] = [60, 150];
  const rows = (page.data as Uint8Array).slice(top * page.width * page.channels, bottom * page.width * page.channels);
  const strip = encodePng({ width: page.width, height: bottom - top, data: rows, channels: page.channels, depth: 8 });
  const read = expectStatus(await api(baseUrl, key).post("/api/ocr", { content: Buffer.from(strip).toString("base64") }), 200);
  expect(read.text).toContain("INV-2026-0042");
}, 60_000);

test("under Deno: an export renders in the render pool and its link serves the PDF", async () => {
  const client = api(baseUrl, key);
  const created = expectStatus(await client.post("/api/invoices", invoiceInput()), 201);
  const exported = expectStatus(await client.post(`/api/invoices/${created.id}/export`, { format: "pdf" }), 200);
  const file = await fetch(exported.url);
  expect(file.status).toBe(200);
  expect(new TextDecoder().decode((await file.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
}, 30_000);
