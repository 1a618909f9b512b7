// What one document may cost OCR and extraction (server/domain/document-budgets.ts, the OCR pool in
// server/imports/ocr/engine.ts): a page bomb (thousands of pages drawing one image, a few hundred KB)
// and images whose declared size is too large are refused from their counts before anything is
// decoded, naming the limit; a PDF at the limit is still read; a document whose client goes away
// stops and frees its worker; and another account's small OCR is read while a large one runs. The
// service runs one OCR worker, so every document shares it.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { encode as encodePng } from "fast-png";
import { layoutInvoice } from "../../render/templates/index.ts";
import { builtInTemplate } from "../../render/templates/template.ts";
import { renderPng } from "../../render/visual.ts";
import { invoice } from "../../scripts/samples/templates.ts";
import { createOcrEngine } from "../../server/imports/ocr/engine.ts";
import type { WallClock } from "../../server/documents/deadline.ts";
import { pdfReusingOneImage } from "../../scripts/redteam/hostile-documents.ts";
import { api, type Api } from "../helpers/http.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;
let rest: Api;
let restKey: string;
let other: Api;
let otherKey: string;
/** A whole rendered invoice page: Tesseract takes a second or more on it. */
let invoicePage: Uint8Array;
/** A tiny blank grey image: read in a moment. */
const blank = encodePng({ width: 60, height: 30, channels: 1, data: new Uint8Array(60 * 30).fill(230) });

const base64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString("base64");
const ocr = () => server.services.ocr;

beforeAll(async () => {
  server = await startTestServer({ env: { OCR_WORKERS: "1" } });
  restKey = (await server.account()).key;
  rest = api(server.url, restKey);
  otherKey = (await server.account()).key;
  other = api(server.url, otherKey);
  invoicePage = await renderPng(layoutInvoice(invoice("budget", { number: "INV-BUDGET-1" }), builtInTemplate("classic")));
});
afterAll(async () => {
  await server.close();
});

describe("refused from their counts, before any page is decoded", () => {
  test("3,000 pages drawing one image (a few hundred KB): 422 naming pdf.pages on OCR, extraction and import", async () => {
    const bomb = await pdfReusingOneImage({ pages: 3_000, declared: { width: 2480, height: 3508 } });
    expect(bomb.byteLength).toBeLessThan(500_000);
    const limit = { code: "VALIDATION_ERROR", details: { field: "content", limit: "pdf.pages", value: 3_000, max: 50 } };
    const read = await rest.post("/api/ocr", { content: base64(bomb) });
    expect(read.status).toBe(422);
    expect(read.body).toMatchObject(limit);
    expect(read.body.error).toContain("3000 pages");
    const extracted = await rest.post("/api/extract", { content: base64(bomb) });
    expect(extracted.status).toBe(422);
    expect(extracted.body).toMatchObject(limit);
    const imported = await rest.post("/api/import", { files: [{ content: base64(bomb), file_name: "scan.pdf" }] });
    expect(imported.status).toBe(422);
    expect(imported.body).toMatchObject(limit);
    expect(ocr().stats()).toMatchObject({ running: 0, queued: 0 });
  });

  test("a page image over pdf.pixelsPerPage, and pages together over pdf.pixelsInAll", async () => {
    const huge = await pdfReusingOneImage({ pages: 1, declared: { width: 6_000, height: 6_000 } });
    await expect(ocr().recognize(huge, "pdf")).rejects.toMatchObject({ details: { limit: "pdf.pixelsPerPage", value: 36_000_000, max: 25_000_000 } });
    // 25 MP a page is allowed; the eleventh such page passes 250 MP in all.
    const many = await pdfReusingOneImage({ pages: 11, declared: { width: 5_000, height: 5_000 } });
    await expect(ocr().recognize(many, "pdf")).rejects.toMatchObject({ details: { limit: "pdf.pixelsInAll", value: 275_000_000, max: 250_000_000 } });
  });

  test("a JPEG whose frame header declares 20000 × 20000: image.pixels, from the header", async () => {
    // SOI, then a baseline frame header (SOF0): precision 8, height, width, one component; no data follows.
    const header = Uint8Array.from([0xff, 0xd8, 0xff, 0xc0, 0x00, 0x0b, 0x08, 0x4e, 0x20, 0x4e, 0x20, 0x01, 0x01, 0x11, 0x00]);
    const refused = await rest.post("/api/ocr", { content: base64(header) });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ details: { limit: "image.pixels", value: 400_000_000, max: 40_000_000 } });
  });
});

describe("within the budget", () => {
  test("a PDF of exactly 50 pages drawing one image is read, page by page, in order", async () => {
    const result = await ocr().recognize(await pdfReusingOneImage({ pages: 50, png: blank }), "pdf", { owner: "under-the-limit" });
    expect(result.pages.map((page) => page.number)).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
    expect(result.pages[0]).toMatchObject({ width: 60, height: 30 });
    expect(ocr().stats()).toMatchObject({ running: 0, queued: 0 });
  });
});

describe("the wall time", () => {
  test("a PDF still being read when its wall time is up: 422 naming pdf.wallMs, its worker stopped, no further page read", async () => {
    // The engine's own clock: the time is up when the test says, after the first page.
    let now = 0;
    const timers: Array<() => void> = [];
    const clock: WallClock = { now: () => now, after: (_ms, fire) => (timers.push(fire), () => undefined) };
    const engine = createOcrEngine({ workers: 1, languages: ["eng"], clock });
    try {
      const pages: number[] = [];
      const reading = engine.recognize(await pdfReusingOneImage({ pages: 50, png: blank }), "pdf", {
        owner: "slow",
        progress: (done) => {
          pages.push(done);
          if (done > 1) return;
          now = 61_000;
          for (const fire of timers) fire();
        },
      });
      await expect(reading).rejects.toMatchObject({ code: "VALIDATION_ERROR", details: { limit: "pdf.wallMs", value: 61_000, max: 60_000 } });
      expect(pages).toEqual([1]);
      expect(engine.stats()).toMatchObject({ running: 0, queued: 0 });
    } finally {
      await engine.close();
    }
  });
});

describe("one document never holds up another", () => {
  test("another account's one-page OCR is read while a 50-page document runs; the client going away stops it and frees the worker", async () => {
    const big = await pdfReusingOneImage({ pages: 50, png: invoicePage });
    const leaving = new AbortController();
    let bigSettled = false;
    const bigCall = fetch(`${server.url}/api/ocr`, {
      method: "POST",
      signal: leaving.signal,
      headers: { "content-type": "application/pdf", authorization: `Bearer ${restKey}` },
      body: new Blob([big.slice()]),
    }).finally(() => {
      bigSettled = true;
    });
    bigCall.catch(() => undefined);
    const small = await other.post("/api/ocr", { content: base64(blank) });
    expect(small.status).toBe(200);
    expect(small.body.pages).toHaveLength(1);
    // The big document still has most of its pages to read: the one worker went to the small one in turn.
    expect(bigSettled).toBe(false);
    expect(ocr().stats().running + ocr().stats().queued).toBeGreaterThan(0);

    const ended = server.logLine((line) => line.includes('"path":"/api/ocr"') && line.includes('"status":499'));
    leaving.abort();
    await ended;
    expect(ocr().stats()).toMatchObject({ running: 0, queued: 0 });
    // The next document starts at once on a fresh worker.
    const next = await other.post("/api/ocr", { content: base64(blank) });
    expect(next.status).toBe(200);
  });

  test("over MCP, a streamed OCR whose client goes away after its first page stops, and its worker is freed", async () => {
    const big = await pdfReusingOneImage({ pages: 50, png: blank });
    const cancelled = server.logLine((line) => line.includes('"tool call cancelled"') && line.includes('"rpc_id":"ocr-gone"'));
    const response = await fetch(`${server.url}/api/mcp/stream`, {
      method: "POST",
      headers: { authorization: `Bearer ${otherKey}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: "ocr-gone", method: "tools/call", params: { name: "import", arguments: { action: "ocr", content: base64(big) }, _meta: { progressToken: 1 } } }),
    });
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain("notifications/progress");
    expect(first).toContain("read page 1");
    await reader.cancel();
    await cancelled;
    expect(ocr().stats()).toMatchObject({ running: 0, queued: 0 });
  });
});
