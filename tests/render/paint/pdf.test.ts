// The PDF painter, read back by independent tools: pdf-lib parses the file, and poppler (pdfinfo,
// pdftotext, pdffonts, pdftoppm; Debian poppler-utils) reports pages, metadata, text in reading
// order, fonts and pixels. Without poppler the tool tests fail in CI and are skipped elsewhere.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decode } from "fast-png";
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFString } from "pdf-lib";
import { glyphsFor } from "../../../render/fonts/metrics.ts";
import { loadFont } from "../../../render/fonts/registry.ts";
import { PDF_CREATOR, PDF_PRODUCER, paintPdf } from "../../../render/paint/pdf.ts";
import { PAPER, type DocumentLayout, type RectBox } from "../../../render/layout/boxes.ts";
import { BAND, DESCRIPTION, IMAGE, IMAGE_COLOURS, KERNED, ROWS, SAMPLE_CREATED_AT, latinLayout, placeLine, sampleLayout } from "./sample-layout.ts";
import { wrapText } from "../../../render/fonts/wrap.ts";

const CREATED_AT = SAMPLE_CREATED_AT;
const TOOLS = ["pdfinfo", "pdftotext", "pdffonts", "pdftoppm"];
const hasPoppler = TOOLS.every((tool) => spawnSync(tool, ["-v"]).error === undefined);
const skipPoppler = !hasPoppler && !process.env.CI;

let dir = "";
let sample: Uint8Array = new Uint8Array();
let samplePath = "";
let latinPath = "";

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "paint-pdf-"));
  sample = await paintPdf(sampleLayout(), { createdAt: CREATED_AT });
  samplePath = join(dir, "sample.pdf");
  latinPath = join(dir, "latin.pdf");
  writeFileSync(samplePath, sample);
  writeFileSync(latinPath, await paintPdf(latinLayout(), { createdAt: CREATED_AT }));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(tool: string, args: string[]): string {
  if (!hasPoppler) throw new Error(`${tool} not found: install poppler-utils (apt-get install -y poppler-utils)`);
  return execFileSync(tool, args, { encoding: "utf8" });
}

const pageText = (path: string, page: number, ...flags: string[]): string => run("pdftotext", [...flags, "-f", `${page}`, "-l", `${page}`, path, "-"]);
const squeezed = (text: string): string => text.replace(/\s+/g, " ");

describe("paintPdf, read back by pdf-lib", () => {
  test("two A4 pages with title, language, creator, producer and the given dates", async () => {
    const doc = await PDFDocument.load(sample, { updateMetadata: false });
    expect(doc.getPageCount()).toBe(2);
    for (const page of doc.getPages()) expect(page.getSize()).toEqual(PAPER.A4);
    expect(doc.getTitle()).toBe("Rechnung RE-2026-0042");
    expect((doc.catalog.get(PDFName.of("Lang")) as PDFString).decodeText()).toBe("de-DE");
    expect(doc.getCreator()).toBe(PDF_CREATOR);
    expect(doc.getProducer()).toBe(PDF_PRODUCER);
    expect(doc.getCreationDate()?.toISOString()).toBe(CREATED_AT.toISOString());
    expect(doc.getModificationDate()?.toISOString()).toBe(CREATED_AT.toISOString());
  });

  test("the same layout and date give the same bytes", async () => {
    expect(await paintPdf(sampleLayout(), { createdAt: CREATED_AT })).toEqual(sample);
  });

  test("an image used twice (as two copies of the bytes) is embedded once", async () => {
    const doc = await PDFDocument.load(sample, { updateMetadata: false });
    const images = doc.context.enumerateIndirectObjects().filter(([, object]) => object instanceof PDFRawStream && object.dict.get(PDFName.of("Subtype")) === PDFName.of("Image"));
    expect(images).toHaveLength(1);
  });

  test("refuses a colour that is not #rrggbb and a document without pages", async () => {
    const layout = latinLayout();
    const page = layout.pages[0];
    if (!page) throw new Error("latinLayout has a page");
    page.boxes.push({ kind: "line", x1: 0, y1: 0, x2: 10, y2: 0, color: "#12345", width: 1 });
    await expect(paintPdf(layout)).rejects.toThrow("#12345");
    await expect(paintPdf({ ...layout, pages: [] })).rejects.toThrow(RangeError);
  });
});

/** The decoded streams of a PDF whose dictionaries pass `filter`, in object order. */
async function streamsOf(bytes: Uint8Array, filter: (stream: PDFRawStream) => boolean): Promise<Uint8Array[]> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  return doc.context
    .enumerateIndirectObjects()
    .flatMap(([, object]) => (object instanceof PDFRawStream && filter(object) ? [decodePDFRawStream(object).decode()] : []));
}

/** The first page's operators, one per line as the painter writes them. */
async function firstPageOperators(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  // Contents as written (before pdf-lib's own normalising adds q/Q streams around it).
  const contents = doc.getPage(0).node.get(PDFName.of("Contents"));
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [];
  return streams.flatMap((stream) => (stream instanceof PDFRawStream ? new TextDecoder().decode(decodePDFRawStream(stream).decode()).split("\n") : []));
}

/** One line of Noto Sans. */
function layoutOf(text: string): DocumentLayout {
  const [line] = wrapText(text, { family: "sans", weight: "regular", size: 12 }, 400);
  return { title: "Subset", language: "en", pages: [{ ...PAPER.A4, boxes: [placeLine(line!, 56, 100, 12)] }] };
}

describe("paintPdf, its content streams and fonts", () => {
  test("a run of same-colour filled rects is one path and one fill; a stroked rect and another colour end it", async () => {
    const cell = (x: number, y: number, fill: `#${string}` = "#000000"): RectBox => ({ kind: "rect", x, y, width: 2, height: 2, fill, stroke: null, strokeWidth: 0 });
    const boxes: RectBox[] = [cell(100, 100, "#ffffff"), ...Array.from({ length: 40 }, (_, index) => cell(102 + 2 * (index % 8), 102 + 2 * Math.floor(index / 8)))];
    boxes.push({ kind: "rect", x: 10, y: 10, width: 50, height: 20, fill: "#000000", stroke: "#ff0000", strokeWidth: 1 }, cell(300, 300), cell(302, 300));
    const layout: DocumentLayout = { title: "Rects", language: "en", pages: [{ ...PAPER.A4, boxes }] };
    const operators = await firstPageOperators(await paintPdf(layout, { createdAt: CREATED_AT }));
    expect(operators.filter((line) => line.endsWith(" re"))).toHaveLength(boxes.length);
    // White square, 40 black cells, the stroked rect (B), then the last two black cells.
    expect(operators.filter((line) => line === "f")).toHaveLength(3);
    expect(operators.filter((line) => line === "B")).toHaveLength(1);
  });

  test("a font's subset depends on its glyphs, not on the order of the text: the same name and bytes", async () => {
    const fontFiles = (bytes: Uint8Array) => streamsOf(bytes, (stream) => stream.dict.get(PDFName.of("Length1")) !== undefined);
    const [forwards, backwards, other] = await Promise.all(["Rechnung 42", "42 gnunhceR", "Rechnung 43"].map((text) => paintPdf(layoutOf(text), { createdAt: CREATED_AT })));
    expect(await fontFiles(forwards!)).toEqual(await fontFiles(backwards!));
    expect(await fontFiles(forwards!)).not.toEqual(await fontFiles(other!));
    const names = async (bytes: Uint8Array): Promise<string[]> => {
      const doc = await PDFDocument.load(bytes, { updateMetadata: false });
      return doc.context.enumerateIndirectObjects().flatMap(([, object]) => {
        const name = object instanceof PDFDict ? object.get(PDFName.of("FontName")) : undefined;
        return name instanceof PDFName ? [name.decodeText()] : [];
      });
    };
    expect(await names(forwards!)).toEqual(await names(backwards!));
    expect(await names(forwards!)).not.toEqual(await names(other!));
  });

  test("ToUnicode names a glyph by the font's cmap, not by the text that drew it: 田 reads as U+7530, not the Kangxi radical sharing its glyph", async () => {
    const isMap = (stream: PDFRawStream): boolean => new TextDecoder().decode(decodePDFRawStream(stream).decode()).startsWith("/CIDInit");
    // Noto Sans JP draws U+7530 and U+2F65 with one glyph; the layout draws the text with it.
    for (const text of ["\u2f65", "\u7530"]) {
      const maps = await streamsOf(await paintPdf(layoutOf(text), { createdAt: CREATED_AT }), isMap);
      const bfchars = maps.map((map) => new TextDecoder().decode(map).split("beginbfchar")[1] ?? "");
      const targets = bfchars.flatMap((section) => [...section.matchAll(/^<[0-9a-f]{4}> <([0-9a-f]+)>$/gm)].map((match) => match[1]));
      expect(targets).toEqual(["7530"]);
    }
  });
});

describe.skipIf(skipPoppler)("paintPdf, read back by poppler", () => {
  test("pdfinfo: 2 pages, A4, the title", () => {
    const info = run("pdfinfo", [samplePath]);
    expect(info).toMatch(/^Pages:\s+2$/m);
    expect(info).toMatch(/^Page size:\s+595\.28 x 841\.89 pts \(A4\)$/m);
    expect(info).toMatch(/^Title:\s+Rechnung RE-2026-0042$/m);
    expect(info).toMatch(/^Creator:\s+invoicing-service$/m);
  });

  test("pdftotext: page 1 in reading order, table rows with their right-aligned numbers", () => {
    const text = pageText(samplePath, 1, "-layout");
    const order = ["Rechnung RE-2026-0042", "Kunde: Jürgen Größmann, Königsallee 1, 40212 Düsseldorf", "Jährliche Wartung", "Pos.", "Heizungswartung", "Größere Dichtungen", "Anfahrt", "Summe", "請求書 合計 1.476,24 EUR", "Hebrew:", "Arabic:"];
    const positions = order.map((needle) => text.indexOf(needle));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(squeezed(text)).toContain(DESCRIPTION);
    expect(text).toMatch(/Pos\.\s+Beschreibung\s+Menge\s+Preis\s+Betrag/);
    for (const row of ROWS) expect(text).toMatch(new RegExp(row.map((cell) => cell.replace(/\./g, "\\.")).join("\\s+")));
    expect(text).toMatch(/Summe\s+1\.476,24/);
    expect(text).not.toContain("Seite 2");
  });

  test("pdftotext: Hebrew in logical order; Arabic letters all there (poppler prints ActualText right to left runs reversed)", () => {
    const lines = pageText(samplePath, 1, "-layout").split("\n");
    const hebrew = lines.find((line) => line.includes("Hebrew:")) ?? "";
    expect(hebrew).toContain("חשבונית מס");
    // Arabic runs carry their logical text as ActualText (one glyph of Noto Sans Arabic can stand
    // for several letters); poppler spreads it left to right over the run and then reads that
    // right to left, so this poppler prints the words reversed. Readers that follow ActualText
    // (Acrobat) get "فاتورة ضريبية".
    const arabic = (lines.find((line) => line.includes("Arabic:")) ?? "").replace(/[\u202a-\u202e]/g, "");
    const words = "فاتورة ضريبية";
    expect([words, [...words].reverse().join("")].some((variant) => arabic.includes(variant))).toBe(true);
  });

  test("pdftotext: page 2 holds its own text only", () => {
    const text = pageText(samplePath, 2, "-layout");
    expect(text).toContain("Seite 2: Zahlungsbedingungen");
    expect(text).toContain("Zahlbar bis 31.03.2026 ohne Abzug. Vielen Dank für Ihren Auftrag!");
    expect(text).not.toContain("Rechnung RE-2026-0042");
  });

  test("glyphs land where the layout placed them, kerning included", () => {
    const bbox = pageText(latinPath, 1, "-bbox");
    const words = [...bbox.matchAll(/<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g)].map(([, xMin, xMax, word]) => ({ word, xMin: Number(xMin), xMax: Number(xMax) }));
    const font = loadFont("sans", "regular");
    const glyphs = glyphsFor(KERNED.text, font, "ltr");
    const scale = KERNED.size / font.font.unitsPerEm;
    // Word edges from the glyphs' advances: each word starts after the glyphs before it.
    let pen = KERNED.x;
    const expected: { word: string; xMin: number; xMax: number }[] = [];
    let glyphIndex = 0;
    for (const word of KERNED.text.split(" ")) {
      const start = pen;
      for (const _ of word) pen += (glyphs[glyphIndex++]?.advance ?? 0) * scale;
      expected.push({ word, xMin: start, xMax: pen });
      pen += (glyphs[glyphIndex++]?.advance ?? 0) * scale; // the space
    }
    for (const want of expected) {
      const got = words.find((candidate) => candidate.word === want.word);
      expect(got?.xMin).toBeCloseTo(want.xMin, 1);
      expect(got?.xMax).toBeCloseTo(want.xMax, 1);
    }
  });

  test("pdffonts: every font embedded as a subset with a ToUnicode map, only the fonts used", () => {
    const rows = (path: string): string[] => run("pdffonts", [path]).trim().split("\n").slice(2);
    const sampleFonts = rows(samplePath);
    for (const row of sampleFonts) expect(row).toMatch(/^[A-Z]{6}\+\S+\s+CID TrueType\s+Identity-H\s+yes yes yes\s/);
    const names = sampleFonts.map((row) => row.split(/\s+/)[0]?.slice(7)).sort();
    expect(names).toEqual(["NotoSans-Bold", "NotoSans-Regular", "NotoSansArabic-Regular", "NotoSansHebrew-Regular", "NotoSansJP-Regular"]);
    const latinFonts = rows(latinPath);
    expect(latinFonts).toHaveLength(1);
    expect(latinFonts[0]).toMatch(/^[A-Z]{6}\+NotoSans-Regular\s.*yes yes yes/);
  });

  test("pdftoppm: every visible glyph of page 1 leaves ink in the box the layout gave it", () => {
    // pdftotext reads the ToUnicode map and would not notice glyphs that draw blank (a broken
    // subset does exactly that), so look at the pixels: 3 px per point.
    run("pdftoppm", ["-r", "216", "-png", "-f", "1", "-l", "1", "-singlefile", samplePath, join(dir, "page-ink")]);
    const png = decode(readFileSync(join(dir, "page-ink.png")));
    const hasInk = (left: number, right: number, top: number, bottom: number): boolean => {
      for (let y = Math.floor(top * 3); y < Math.ceil(bottom * 3); y++) {
        for (let x = Math.floor(left * 3); x < Math.ceil(right * 3); x++) {
          const offset = (y * png.width + x) * png.channels;
          if (Math.max(png.data[offset] ?? 255, png.data[offset + 1] ?? 255, png.data[offset + 2] ?? 255) < 140) return true;
        }
      }
      return false;
    };
    const blank: string[] = [];
    for (const box of sampleLayout().pages[0]?.boxes ?? []) {
      if (box.kind !== "text" || box.color === "#ffffff") continue;
      for (const placed of box.runs) {
        const loaded = loadFont(placed.font.family, placed.font.weight);
        const space = loaded.font.glyphForCodePoint(0x20).id;
        const scale = box.size / loaded.font.unitsPerEm;
        let pen = placed.x;
        glyphsFor(placed.text, loaded, placed.direction).forEach((glyph, index) => {
          const width = glyph.advance * scale;
          if (glyph.id !== space && width > 0 && !hasInk(pen, pen + width, box.baseline - 0.8 * box.size, box.baseline + 0.25 * box.size)) blank.push(`${placed.text}#${index}`);
          pen += width;
        });
      }
    }
    expect(blank).toEqual([]);
  });

  test("pdftoppm: the band and the image's pixels have their colours", () => {
    run("pdftoppm", ["-r", "72", "-png", "-f", "1", "-l", "1", "-singlefile", samplePath, join(dir, "page")]);
    const png = decode(readFileSync(join(dir, "page.png")));
    const pixel = (x: number, y: number): number[] => {
      const offset = (Math.round(y) * png.width + Math.round(x)) * png.channels;
      return Array.from(png.data.slice(offset, offset + 3));
    };
    const band = [1, 3, 5].map((start) => Number.parseInt(BAND.fill.slice(start, start + 2), 16));
    expect(pixel(BAND.width - 30, BAND.height / 2)).toEqual(band);
    const quadrants = [
      [IMAGE.x + IMAGE.width / 4, IMAGE.y + IMAGE.height / 4],
      [IMAGE.x + (3 * IMAGE.width) / 4, IMAGE.y + IMAGE.height / 4],
      [IMAGE.x + IMAGE.width / 4, IMAGE.y + (3 * IMAGE.height) / 4],
      [IMAGE.x + (3 * IMAGE.width) / 4, IMAGE.y + (3 * IMAGE.height) / 4],
    ] as const;
    quadrants.forEach(([x, y], index) => {
      const got = pixel(x, y);
      (IMAGE_COLOURS[index] ?? []).forEach((channel, c) => expect(Math.abs((got[c] ?? -1) - channel)).toBeLessThanOrEqual(8));
    });
  });
});
