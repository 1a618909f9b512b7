// OCR (server/imports/ocr; POST /api/ocr; the `import` tool's action ocr) on documents the service's
// own renderer draws: a whole invoice page as PNG, parts of it as JPEG, and scanned PDFs made of
// those images (pdf-lib, as a scanner's software writes them). Then every refusal before Tesseract
// is asked, and the route and the tool with a key. Each read costs seconds, so one engine serves the
// file (the test server's, one worker) and most reads are strips of the page, not the page.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { decode as decodePng, encode as encodePng } from "fast-png";
import jpeg from "jpeg-js";
import { PDFDocument } from "pdf-lib";
import { layoutInvoice } from "../../render/templates/index.ts";
import { builtInTemplate } from "../../render/templates/template.ts";
import { renderPng } from "../../render/visual.ts";
import type { OcrResult } from "../../server/imports/ocr/engine.ts";
import { api, type Api } from "../helpers/http.ts";
import { startTestServer, type TestAccount, type TestServer } from "../helpers/server.ts";
import { invoice } from "../../scripts/samples/templates.ts";
import { withMcpClient } from "../helpers/tools.ts";

const INVOICE = invoice("ocr", {
  number: "INV-2026-0042",
  due_date: "2026-12-01",
  items: [
    { description: "Consulting", quantity: 2, rate: 12_000 },
    { description: "Travel", quantity: 1, rate: 4_550 },
  ],
});

/** Rows of the rendered A4 page (794 × 1123 px): the title with the number, and the line table. */
const HEADER_ROWS = [60, 150] as const;
const TABLE_ROWS = [315, 395] as const;

type Pixels = { width: number; height: number; rgb: Uint8Array };

let server: TestServer;
let owner: TestAccount;
let rest: Api;
let pagePng: Uint8Array;
let page: Pixels;

beforeAll(async () => {
  server = await startTestServer({ env: { OCR_WORKERS: "1" } });
  owner = await server.account();
  rest = api(server.url, owner.key);
  pagePng = await renderPng(layoutInvoice(INVOICE, builtInTemplate("classic")));
  const decoded = decodePng(pagePng);
  expect(decoded.channels).toBe(3);
  page = { width: decoded.width, height: decoded.height, rgb: decoded.data as Uint8Array };
});
afterAll(async () => {
  await server.close();
});

const ocr = () => server.services.ocr;

function strip(rows: readonly [number, number]): Pixels {
  const [top, bottom] = rows;
  return { width: page.width, height: bottom - top, rgb: page.rgb.slice(top * page.width * 3, bottom * page.width * 3) };
}

function pngOf(pixels: Pixels): Uint8Array {
  return encodePng({ width: pixels.width, height: pixels.height, data: pixels.rgb, channels: 3, depth: 8 });
}

function jpegOf(pixels: Pixels): Uint8Array {
  const rgba = new Uint8Array(pixels.width * pixels.height * 4);
  for (let index = 0; index < pixels.width * pixels.height; index++) {
    rgba.set(pixels.rgb.subarray(index * 3, index * 3 + 3), index * 4);
    rgba[index * 4 + 3] = 255;
  }
  return new Uint8Array(jpeg.encode({ width: pixels.width, height: pixels.height, data: rgba }, 90).data);
}

/** A scan as its software writes it: each page one image, drawn over the whole page. */
async function scannedPdf(images: ReadonlyArray<{ kind: "png" | "jpeg"; bytes: Uint8Array }>): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  for (const { kind, bytes } of images) {
    const image = kind === "png" ? await document.embedPng(bytes) : await document.embedJpg(bytes);
    const scanPage = document.addPage([image.width * 0.75, image.height * 0.75]);
    scanPage.drawImage(image, { x: 0, y: 0, width: scanPage.getWidth(), height: scanPage.getHeight() });
  }
  return document.save();
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A PNG's signature and IHDR chunk (its CRC left zero): all a header-only check reads. */
function pngHeader(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33);
  const view = new DataView(bytes.buffer);
  bytes.set(PNG_SIGNATURE);
  view.setUint32(8, 13);
  bytes.set(new TextEncoder().encode("IHDR"), 12);
  view.setUint32(16, width);
  view.setUint32(20, height);
  bytes.set([8, 2, 0, 0, 0], 24);
  return bytes;
}

const words = (result: OcrResult, pageIndex = 0): string[] => result.pages[pageIndex]!.words.map((word) => word.text);
const base64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString("base64");

describe("the engine", () => {
  test("a rendered invoice page: its words with boxes inside the image and confidences", async () => {
    const result = await ocr().recognize(pagePng, "png");
    expect(result.pages).toHaveLength(1);
    const [only] = result.pages;
    expect(only).toMatchObject({ number: 1, width: page.width, height: page.height });
    expect(words(result)).toEqual(expect.arrayContaining(["Invoice", "INV-2026-0042", "Contoso", "Consulting", "Travel", "€342.60"]));
    expect(result.text).toContain("Northwind Consulting Ltd");
    expect(result.confidence).toBeGreaterThan(60);
    expect(result.confidence).toBeLessThanOrEqual(100);
    for (const piece of [...only!.words, ...only!.lines]) {
      expect(piece.bbox.x0).toBeGreaterThanOrEqual(0);
      expect(piece.bbox.y0).toBeGreaterThanOrEqual(0);
      expect(piece.bbox.x1).toBeLessThanOrEqual(page.width);
      expect(piece.bbox.y1).toBeLessThanOrEqual(page.height);
      expect(piece.bbox.x1).toBeGreaterThan(piece.bbox.x0);
      expect(piece.bbox.y1).toBeGreaterThan(piece.bbox.y0);
      expect(piece.confidence).toBeGreaterThanOrEqual(0);
      expect(piece.confidence).toBeLessThanOrEqual(100);
    }
    // Boxes are in the caller's pixels, not the enlarged copy OCR read: the number sits where it is drawn.
    const number = only!.words.find((word) => word.text === "INV-2026-0042")!;
    expect(number.bbox.y0).toBeGreaterThan(HEADER_ROWS[0]);
    expect(number.bbox.y1).toBeLessThan(HEADER_ROWS[1]);
    expect(number.bbox.x0).toBeGreaterThan(page.width / 2);
    expect(number.confidence).toBeGreaterThan(80);
    expect(only!.lines.some((line) => line.text.includes("Consulting") && line.text.includes("€240.00"))).toBe(true);
  });

  test("a JPEG: the header strip of the page", async () => {
    const header = strip(HEADER_ROWS);
    const result = await ocr().recognize(jpegOf(header), "jpeg");
    expect(result.pages[0]).toMatchObject({ number: 1, width: header.width, height: header.height });
    expect(words(result)).toEqual(expect.arrayContaining(["Northwind", "Invoice", "INV-2026-0042"]));
    expect(result.confidence).toBeGreaterThan(60);
  });

  test("a scanned PDF of one page (a PNG scan): read through its page image, boxes in the image's pixels", async () => {
    const header = strip(HEADER_ROWS);
    const result = await ocr().recognize(await scannedPdf([{ kind: "png", bytes: pngOf(header) }]), "pdf");
    expect(result.pages).toHaveLength(1);
    expect(result.pages[0]).toMatchObject({ number: 1, width: header.width, height: header.height });
    expect(words(result)).toEqual(expect.arrayContaining(["Invoice", "INV-2026-0042"]));
  });

  test("a scanned PDF of two pages (JPEG scans): each page read in order, texts a blank line apart", async () => {
    const table = strip(TABLE_ROWS);
    const result = await ocr().recognize(await scannedPdf([{ kind: "jpeg", bytes: jpegOf(strip(HEADER_ROWS)) }, { kind: "jpeg", bytes: jpegOf(table) }]), "pdf");
    expect(result.pages.map((each) => each.number)).toEqual([1, 2]);
    expect(result.pages[1]).toMatchObject({ width: table.width, height: table.height });
    expect(words(result, 0)).toContain("INV-2026-0042");
    expect(words(result, 1)).toEqual(expect.arrayContaining(["Description", "Consulting", "Travel"]));
    expect(words(result, 0)).not.toContain("Travel");
    expect(result.text).toBe(`${result.pages[0]!.text.trimEnd()}\n\n${result.pages[1]!.text.trimEnd()}`);
  });
});

describe("refusals, before anything is read", () => {
  const refusal = (issue: string) => ({ code: "VALIDATION_ERROR", details: { field: "content", issue } });

  test("PNG bytes that do not decode, and a PNG too short to have a header", async () => {
    const garbage = new Uint8Array([...pngHeader(40, 20), ...new TextEncoder().encode("not image data at all")]);
    await expect(ocr().recognize(garbage, "png")).rejects.toMatchObject(refusal("unreadable PNG"));
    await expect(ocr().recognize(new Uint8Array(PNG_SIGNATURE), "png")).rejects.toMatchObject(refusal("unreadable PNG"));
    await expect(ocr().recognize(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 1, 2, 3]), "jpeg")).rejects.toMatchObject(refusal("unreadable JPEG"));
  });

  test("an image over the pixel cap is refused from its header, before it is decoded", async () => {
    // The header claims 20000 × 20000 and no pixel data follows: decoding would fail as unreadable instead.
    const error = await ocr().recognize(pngHeader(20_000, 20_000), "png").catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: "VALIDATION_ERROR", details: { field: "content", limit: "image.pixels", value: 400_000_000, max: 40_000_000 } });
    expect((error as Error).message).toContain("20000×20000");
  });

  test("a PDF with neither text nor page images, and bytes that are no PDF", async () => {
    const blank = await PDFDocument.create();
    blank.addPage();
    await expect(ocr().recognize(await blank.save(), "pdf")).rejects.toMatchObject(refusal("no page images"));
    await expect(ocr().recognize(new TextEncoder().encode("%PDF-1.7 and then nothing"), "pdf")).rejects.toMatchObject(refusal("unreadable PDF"));
  });
});

describe("POST /api/ocr", () => {
  test("JSON with the image in base64, and the same image as a raw image/png body", async () => {
    const header = pngOf(strip(HEADER_ROWS));
    const json = await rest.post("/api/ocr", { content: base64(header) });
    expect(json.status).toBe(200);
    expect(json.body).toMatchObject({ languages: ["eng", "deu", "fra"], pages: [{ number: 1, width: page.width, height: HEADER_ROWS[1] - HEADER_ROWS[0] }] });
    expect(json.body.text).toContain("INV-2026-0042");
    const raw = await rest.raw("/api/ocr", { method: "POST", headers: { "content-type": "image/png", authorization: `Bearer ${owner.key}` }, body: new Blob([header.slice()]) });
    expect(raw.status).toBe(200);
    // Workers are reused and Tesseract is deterministic: the same image reads the same.
    expect(raw.body).toEqual(json.body);
    const usage = await rest.get("/api/usage");
    expect(usage.status).toBe(200);
    expect(usage.body.operations.find((row: { operation: string }) => row.operation === "ocr")).toMatchObject({ count: 2 });
  });

  test("text is 415 (it needs no OCR), as JSON or as a raw text/plain body; bad base64, a broken PDF and a huge image are 422", async () => {
    const text = await rest.post("/api/ocr", { content: base64(new TextEncoder().encode("Invoice INV-7")) });
    expect(text.status).toBe(415);
    expect(text.body).toMatchObject({ code: "UNSUPPORTED_MEDIA_TYPE" });
    expect(text.body.error).toContain("text, which needs no OCR");
    const raw = await rest.raw("/api/ocr", { method: "POST", headers: { "content-type": "text/plain", authorization: `Bearer ${owner.key}` }, body: "Invoice INV-7" });
    expect(raw.status).toBe(415);
    const bad = await rest.post("/api/ocr", { content: "not base64!", encoding: "base64" });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ code: "VALIDATION_ERROR", details: { field: "content", issue: "not base64" } });
    const untold = await rest.post("/api/ocr", { content: "not base64!" });
    expect(untold.body).toMatchObject({ code: "VALIDATION_ERROR", details: { field: "content", issue: "encoding not told" } });
    // Text said to be text is still text, which OCR does not read.
    expect((await rest.post("/api/ocr", { content: "Invoice INV-7", encoding: "text" })).status).toBe(415);
    const broken = await rest.post("/api/ocr", { content: base64(new TextEncoder().encode("%PDF-1.7 and then nothing")) });
    expect(broken.status).toBe(422);
    expect(broken.body.details.issue).toBe("unreadable PDF");
    const tooLarge = await rest.post("/api/ocr", { content: base64(pngHeader(20_000, 20_000)) });
    expect(tooLarge.status).toBe(422);
    expect(tooLarge.body.details).toMatchObject({ limit: "image.pixels", value: 400_000_000 });
  });

  test("without a key it is paid: 402, and nothing is read", async () => {
    const keyless = await rest.post("/api/ocr", { content: base64(pngOf(strip(HEADER_ROWS))) }, null);
    expect(keyless.status).toBe(402);
    expect(keyless.body).toMatchObject({ code: "PAYMENT_REQUIRED", details: { operation: "ocr", price_usd: "0.005" } });
  });
});

describe("the import tool over MCP", () => {
  test("action ocr with a key: the result, valid against the tool's output schema", async () => {
    await withMcpClient(server.url, owner.key, async (tools) => {
      const table = strip(TABLE_ROWS);
      const result = await tools.call("import", { action: "ocr", content: base64(pngOf(table)) });
      expect(result.pages[0]).toMatchObject({ number: 1, width: table.width, height: table.height });
      expect(result.text).toContain("Consulting");
      expect(await tools.refusal("import", { action: "ocr", content: "not base64!", encoding: "base64" })).toMatchObject({ code: "VALIDATION_ERROR", details: { issue: "not base64" } });
    });
  });
});
