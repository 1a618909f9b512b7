// The satori (SVG) and resvg (PNG) painters on hand-built pages. satori writes text as glyph
// outlines (<path>, not <text>), so text is checked by its paths' bounds; where exact placement
// matters the same page is painted with embedFont: false, whose <text> elements carry satori's
// own x, baseline y and advance width. Pixels are checked coarsely: no golden image yet.
import { describe, expect, test } from "bun:test";
import { Resvg } from "@resvg/resvg-js";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { measure } from "../../../render/fonts/metrics.ts";
import { FAMILY_IDS, fontPath, loadFont, WEIGHTS, type FamilyId } from "../../../render/fonts/registry.ts";
import type { Box, PageLayout, TextBox } from "../../../render/layout/boxes.ts";
import { paintPng } from "../../../render/paint/png.ts";
import { pageTree } from "../../../render/paint/satori-tree.ts";
import { paintSvg } from "../../../render/paint/svg.ts";
import { darkPixels, inkOutside, pixelsOf, pngHeader, rgbAt, type Area } from "./png-pixels.ts";
import { ARABIC, BAND, JAPANESE, line, LOGO, run, samplePage } from "./svg-sample.ts";

const PX = 96 / 72;
const sans = { family: "sans", weight: "regular" } as const;
const textLines = (page: PageLayout): TextBox[] => page.boxes.filter((box): box is TextBox => box.kind === "text");

/** [x, y, width] of every <text> satori wrote for a fill colour (one per word and space). */
function textsOf(svg: string, fill: string): { x: number; y: number; width: number }[] {
  const pattern = new RegExp(`<text x="([^"]+)" y="([^"]+)" width="([^"]+)"[^>]* fill="${fill}">`, "g");
  return [...svg.matchAll(pattern)].map((match) => ({ x: Number(match[1]), y: Number(match[2]), width: Number(match[3]) }));
}

/** Bounds in px of each text run's outline path, in paint order. */
function textPathBounds(svg: string): { left: number; top: number; right: number; bottom: number }[] {
  return [...svg.matchAll(/<g><path fill="[^"]+" d="([^"]+)"\/><\/g>/g)].map((match) => {
    const numbers = (match[1] ?? "").match(/-?\d+(\.\d+)?/g)?.map(Number) ?? [];
    const xs = numbers.filter((_, index) => index % 2 === 0);
    const ys = numbers.filter((_, index) => index % 2 === 1);
    return { left: Math.min(...xs), top: Math.min(...ys), right: Math.max(...xs), bottom: Math.max(...ys) };
  });
}

/** Where a box may put ink, in points, a little generous (glyphs overhang their advance). */
function inkArea(box: Box): Area[] {
  switch (box.kind) {
    case "text":
      return box.runs.map((r) => ({ x: r.x - 2, y: box.baseline - box.size * 1.2, width: r.width + 4, height: box.size * 2 }));
    case "rect":
      return [{ x: box.x - box.strokeWidth - 1, y: box.y - box.strokeWidth - 1, width: box.width + 2 * box.strokeWidth + 2, height: box.height + 2 * box.strokeWidth + 2 }];
    case "line":
      return [{ x: Math.min(box.x1, box.x2) - box.width - 1, y: Math.min(box.y1, box.y2) - box.width - 1, width: Math.abs(box.x2 - box.x1) + 2 * box.width + 2, height: Math.abs(box.y2 - box.y1) + 2 * box.width + 2 }];
    case "image":
      return [{ x: box.x - 1, y: box.y - 1, width: box.width + 2, height: box.height + 2 }];
  }
}

describe("paintSvg", () => {
  test("is well-formed XML sized to the page in px at 96 dpi", async () => {
    const svg = await paintSvg(samplePage());
    expect(XMLValidator.validate(svg)).toBe(true);
    const root = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" }).parse(svg).svg;
    expect(Number(root.width)).toBeCloseTo(595.28 * PX, 3);
    expect(Number(root.height)).toBeCloseTo(841.89 * PX, 3);
    expect(root.viewBox).toBe(`0 0 ${root.width} ${root.height}`);
  });

  test("writes text as one outline path per run, inside the run's box, and no <text>", async () => {
    const page = samplePage();
    const svg = await paintSvg(page);
    expect(svg).not.toContain("<text");
    const bounds = textPathBounds(svg);
    const runs = textLines(page).flatMap((box) => box.runs.map((r) => ({ box, r })));
    expect(bounds).toHaveLength(runs.length);
    runs.forEach(({ box, r }, index) => {
      const path = bounds[index]!;
      expect(path.left).toBeGreaterThanOrEqual((r.x - 1) * PX);
      expect(path.right).toBeLessThanOrEqual((r.x + r.width + 1) * PX);
      expect(path.top).toBeGreaterThanOrEqual((box.baseline - box.size * 1.1) * PX);
      expect(path.bottom).toBeLessThanOrEqual((box.baseline + box.size * 0.8) * PX);
      expect(path.bottom - path.top).toBeGreaterThan(box.size * 0.5 * PX);
    });
  });

  test("puts every font's runs on the layout's baseline, at its x, with the layout's width", async () => {
    const samples: Record<FamilyId, string> = { sans: "Hxg", serif: "Hxg", mono: "Hxg", cjk: "請求", arabic: "فاتورة", hebrew: "חשבונית" };
    const sizes = [7, 8.5, 9.5, 10, 11.3, 14, 24];
    const boxes = FAMILY_IDS.flatMap((family) => WEIGHTS.map((weight) => ({ family, weight }))).flatMap((font, fontIndex) =>
      sizes.map((size, sizeIndex) => {
        const direction = font.family === "arabic" || font.family === "hebrew" ? "rtl" : "ltr";
        const color = `#0${fontIndex.toString(16)}0${sizeIndex}00` as const;
        return line(40 + 30 * (fontIndex * sizes.length + sizeIndex) + 0.37, size, [run(samples[font.family], font, size, 40.21, direction)], color);
      }),
    );
    const svg = await paintSvg({ width: 400, height: 40 + 30 * boxes.length, boxes }, { embedFont: false });
    for (const box of boxes) {
      const placed = box.runs[0]!;
      const drawn = textsOf(svg, box.color); // satori writes one <text> per word (per character in CJK)
      expect(drawn.length).toBeGreaterThan(0);
      for (const piece of drawn) expect(piece.y).toBeCloseTo(box.baseline * PX, 2);
      expect(Math.min(...drawn.map((piece) => piece.x))).toBeCloseTo(placed.x * PX, 2);
      expect(Math.max(...drawn.map((piece) => piece.x + piece.width))).toBeCloseTo((placed.x + placed.width) * PX, 2);
    }
  });

  test("shapes Arabic: satori's words add up to the layout's joined width, not the isolated letters'", async () => {
    const page = samplePage();
    const arabic = textLines(page).find((box) => box.runs[0]?.direction === "rtl")!;
    const placed = arabic.runs[0]!;
    const words = textsOf(await paintSvg({ ...page, boxes: [arabic] }, { embedFont: false }), arabic.color);
    expect(words).toHaveLength(3); // two words and the space between them
    expect(Math.min(...words.map((word) => word.x))).toBeCloseTo(placed.x * PX, 2);
    expect(Math.max(...words.map((word) => word.x + word.width))).toBeCloseTo((placed.x + placed.width) * PX, 2);
    const isolated = [...ARABIC].reduce((sum, letter) => sum + measure(letter, loadFont("arabic", "regular"), arabic.size), 0);
    expect(isolated - placed.width).toBeGreaterThan(10);
  });

  test("gives satori only the fonts the page's runs use", () => {
    const latin = { ...samplePage(), boxes: samplePage().boxes.filter((box) => box.kind !== "text" || box.runs.every((r) => r.font.family === "sans")) };
    expect(pageTree(latin).fonts).toEqual([{ family: "sans", weight: "bold" }, sans]);
    expect(pageTree(samplePage()).fonts.map((font) => font.family)).toEqual(["sans", "sans", "cjk", "arabic"]);
  });

  test("is byte-identical for the same page, also after painting another", async () => {
    const first = await paintSvg(samplePage());
    await paintSvg({ width: 200, height: 100, boxes: [line(50, 12, [run("Other", sans, 12, 10)])] });
    expect(await paintSvg(samplePage())).toBe(first);
  });
});

describe("paintPng", () => {
  test("is an A4 page of 794 × 1123 px, RGBA 8 bit", async () => {
    const png = await paintPng(samplePage());
    expect(pngHeader(png)).toEqual({ width: 794, height: 1123, bitDepth: 8, colourType: 6 });
    const pixels = pixelsOf(png);
    expect([pixels.width, pixels.height]).toEqual([794, 1123]);
  });

  test("fills rects and images with their colours, inks text, and leaves the rest white", async () => {
    const page = samplePage();
    const pixels = pixelsOf(await paintPng(page));
    expect(rgbAt(pixels, BAND.x + BAND.width / 2, BAND.y + BAND.height / 2)).toEqual([0x1f, 0x6f, 0xeb]);
    expect(rgbAt(pixels, LOGO.x + LOGO.width / 2, LOGO.y + LOGO.height / 2)).toEqual([0, 160, 0]);
    expect(rgbAt(pixels, 300, 340)).toEqual([255, 255, 255]); // inside the framed box
    expect(darkPixels(pixels, { x: 39, y: 299, width: 2, height: 82 })).toBeGreaterThan(100); // its left edge
    for (const box of textLines(page)) {
      for (const area of inkArea(box)) expect(darkPixels(pixels, area)).toBeGreaterThan(area.width * 2);
    }
    expect(inkOutside(pixels, page.boxes.flatMap(inkArea))).toBe(0);
  });

  test("same-colour fills in a row are one element clipped to their rects: filled, with nothing between them", async () => {
    const cell = (x: number, y: number): Box => ({ kind: "rect", x, y, width: 6, height: 6, fill: "#000000", stroke: null, strokeWidth: 0 });
    const boxes = [cell(12, 12), cell(24, 12), cell(12, 24)];
    const page: PageLayout = { width: 60, height: 60, boxes };
    expect(pageTree(page).element.props.children).toHaveLength(1);
    const pixels = pixelsOf(await paintPng(page));
    for (const box of boxes) if (box.kind === "rect") expect(rgbAt(pixels, box.x + 3, box.y + 3)).toEqual([0, 0, 0]);
    expect(rgbAt(pixels, 21, 15)).toEqual([255, 255, 255]); // between two cells
    expect(rgbAt(pixels, 27, 27)).toEqual([255, 255, 255]); // where no cell is
    expect(inkOutside(pixels, boxes.flatMap(inkArea))).toBe(0);
  });

  test("draws rules: horizontal, vertical and slanted", async () => {
    const rule = (x1: number, y1: number, x2: number, y2: number): Box => ({ kind: "line", x1, y1, x2, y2, color: "#000000", width: 1.5 });
    const boxes = [rule(10, 20, 190, 20), rule(100, 30, 100, 90), rule(10, 30, 90, 90)];
    const pixels = pixelsOf(await paintPng({ width: 200, height: 100, boxes }));
    expect(rgbAt(pixels, 150, 20)).toEqual([0, 0, 0]);
    expect(rgbAt(pixels, 100, 60)).toEqual([0, 0, 0]);
    expect(darkPixels(pixels, { x: 48, y: 57, width: 4, height: 6 })).toBeGreaterThan(4);
    expect(inkOutside(pixels, boxes.flatMap(inkArea))).toBe(0);
  });

  test("paints the same pixels for the same page", async () => {
    const [first, second] = await Promise.all([paintPng(samplePage()), paintPng(samplePage())]);
    expect(Buffer.from(pixelsOf(first).data as Uint8Array).equals(Buffer.from(pixelsOf(second).data as Uint8Array))).toBe(true);
  });

  test("draws Japanese and Arabic from their fonts, not the missing-glyph boxes of a font without them", async () => {
    for (const [text, family, direction] of [[JAPANESE, "cjk", "ltr"], [ARABIC, "arabic", "rtl"]] as const) {
      const page = (font: FamilyId): PageLayout => ({ width: 200, height: 40, boxes: [line(28, 16, [run(text, { family: font, weight: "regular" }, 16, 10, direction)])] });
      const area = { x: 0, y: 0, width: 200, height: 40 };
      const real = pixelsOf(await paintPng(page(family)));
      const tofu = pixelsOf(await paintPng(page("sans")));
      expect(darkPixels(real, area)).toBeGreaterThan(150);
      expect(darkPixels(tofu, area)).toBeGreaterThan(150); // Noto Sans draws its .notdef box
      let differing = 0;
      for (let index = 0; index < real.data.length; index++) if (real.data[index] !== tofu.data[index]) differing++;
      expect(differing).toBeGreaterThan(1000);
    }
  });

  test("needs no font in resvg: the bundled font files change no pixel", async () => {
    const svg = await paintSvg(samplePage());
    const files = [sans, { family: "sans", weight: "bold" } as const, { family: "cjk", weight: "regular" } as const, { family: "arabic", weight: "regular" } as const].map((font) => fontPath(font.family, font.weight));
    const withFonts = new Resvg(svg, { background: "#ffffff", font: { loadSystemFonts: false, fontFiles: files } }).render().pixels;
    const painted = pixelsOf(await paintPng(samplePage()));
    expect(Buffer.from(painted.data as Uint8Array).equals(withFonts)).toBe(true);
  });
});
