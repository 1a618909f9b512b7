// The SVG and PNG painters on hand-built pages: satori paints the shapes, svg-text.ts the glyph
// outlines (<defs> once, a <use> per glyph, one group per run), resvg rasterises, png-encode.ts
// writes the file. Text is checked by where its group puts the outlines it uses; pixels coarsely
// here, against golden images per design in tests/render/templates.
import { describe, expect, test } from "bun:test";
import { Resvg } from "@resvg/resvg-js";
import { decode } from "fast-png";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { glyphOf, measure } from "../../../render/fonts/metrics.ts";
import { FAMILY_IDS, fontPath, loadFont, WEIGHTS, type FamilyId } from "../../../render/fonts/registry.ts";
import type { Box, PageLayout, TextBox } from "../../../render/layout/boxes.ts";
import { paintPng } from "../../../render/paint/png.ts";
import { shapedRun } from "../../../render/paint/run-glyphs.ts";
import { pageTree } from "../../../render/paint/satori-tree.ts";
import { paintSvg } from "../../../render/paint/svg.ts";
import { darkPixels, inkOutside, pixelsOf, pngHeader, rgbAt, type Area } from "./png-pixels.ts";
import { ARABIC, BAND, JAPANESE, line, LOGO, run, samplePage } from "./svg-sample.ts";

const PX = 96 / 72;
const sans = { family: "sans", weight: "regular" } as const;
const textLines = (page: PageLayout): TextBox[] => page.boxes.filter((box): box is TextBox => box.kind === "text");

type Bounds = { left: number; top: number; right: number; bottom: number };
type RunGroup = { fill: string; scale: number; x: number; y: number; glyphs: { id: string; x: number; y: number }[]; bounds: Bounds };

/** The glyph outlines an SVG defines, by id, as their points in font units. */
function outlinesOf(svg: string): Map<string, number[][]> {
  return new Map(
    [...svg.matchAll(/<path id="([^"]+)" d="([^"]*)"\/>/g)].map((match) => {
      const numbers = (match[2] ?? "").match(/-?\d+(\.\d+)?/g)?.map(Number) ?? [];
      return [match[1] as string, numbers.flatMap((value, index) => (index % 2 === 0 ? [[value, numbers[index + 1] as number]] : []))];
    }),
  );
}

/** Every run's group, in paint order, with the bounds in px of the outlines it draws. */
function runGroups(svg: string): RunGroup[] {
  const outlines = outlinesOf(svg);
  const groups = /<g fill="([^"]+)" transform="matrix\(([^ ]+) 0 0 ([^ ]+) ([^ ]+) ([^ ]+)\)">((?:<use [^>]*\/>)*)<\/g>/g;
  return [...svg.matchAll(groups)].map((match) => {
    const [scale, flipped, x, y] = [match[2], match[3], match[4], match[5]].map(Number) as [number, number, number, number];
    expect(flipped).toBeCloseTo(-scale, 9);
    const glyphs = [...(match[6] ?? "").matchAll(/<use href="#([^"]+)"(?: x="([^"]+)")?(?: y="([^"]+)")?\/>/g)].map((use) => ({ id: use[1] as string, x: Number(use[2] ?? 0), y: Number(use[3] ?? 0) }));
    const points = glyphs.flatMap((glyph) => (outlines.get(glyph.id) ?? []).map(([px, py]) => [x + scale * ((px as number) + glyph.x), y - scale * ((py as number) + glyph.y)] as const));
    const xs = points.map((point) => point[0]);
    const ys = points.map((point) => point[1]);
    return { fill: match[1] as string, scale, x, y, glyphs, bounds: { left: Math.min(...xs), top: Math.min(...ys), right: Math.max(...xs), bottom: Math.max(...ys) } };
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

  test("writes text as outlines, one group per run in its colour, inside the run's box, and no <text>", async () => {
    const page = samplePage();
    const svg = await paintSvg(page);
    expect(svg).not.toContain("<text");
    const groups = runGroups(svg);
    const runs = textLines(page).flatMap((box) => box.runs.map((r) => ({ box, r })));
    expect(groups).toHaveLength(runs.length);
    runs.forEach(({ box, r }, index) => {
      const { fill, bounds } = groups[index]!;
      expect(fill).toBe(box.color);
      expect(bounds.left).toBeGreaterThanOrEqual((r.x - 1) * PX);
      expect(bounds.right).toBeLessThanOrEqual((r.x + r.width + 1) * PX);
      expect(bounds.top).toBeGreaterThanOrEqual((box.baseline - box.size * 1.1) * PX);
      expect(bounds.bottom).toBeLessThanOrEqual((box.baseline + box.size * 0.8) * PX);
      expect(bounds.bottom - bounds.top).toBeGreaterThan(box.size * 0.5 * PX);
    });
  });

  test("puts every font's runs on the layout's baseline, at its x, at its size, ending where the layout measured", async () => {
    const samples: Record<FamilyId, string> = { sans: "Hxg", serif: "Hxg", mono: "Hxg", cjk: "請求", arabic: "فاتورة", hebrew: "חשבונית" };
    const sizes = [7, 8.5, 9.5, 10, 11.3, 14, 24];
    const boxes = FAMILY_IDS.flatMap((family) => WEIGHTS.map((weight) => ({ family, weight }))).flatMap((font, fontIndex) =>
      sizes.map((size, sizeIndex) => {
        const direction = font.family === "arabic" || font.family === "hebrew" ? "rtl" : "ltr";
        const color = `#0${fontIndex.toString(16)}0${sizeIndex}00` as const;
        return line(40 + 30 * (fontIndex * sizes.length + sizeIndex) + 0.37, size, [run(samples[font.family], font, size, 40.21, direction)], color);
      }),
    );
    const groups = runGroups(await paintSvg({ width: 400, height: 40 + 30 * boxes.length, boxes }));
    expect(groups).toHaveLength(boxes.length);
    boxes.forEach((box, index) => {
      const placed = box.runs[0]!;
      const group = groups[index]!;
      const { font, glyphs } = shapedRun(placed);
      expect(group.fill).toBe(box.color);
      expect(group.x).toBeCloseTo(placed.x * PX, 3);
      expect(group.y).toBeCloseTo(box.baseline * PX, 3);
      expect(group.scale).toBeCloseTo((box.size * PX) / font.font.unitsPerEm, 6);
      // The pen after the last glyph is the run's measured width.
      const last = glyphs.length - 1;
      const lastDrawn = group.glyphs[group.glyphs.length - 1]!;
      expect(lastDrawn.id).toBe(`g-${font.key}-${glyphs[last]!.id}`);
      expect(group.x + group.scale * (lastDrawn.x - glyphs[last]!.xOffset + glyphs[last]!.advance)).toBeCloseTo((placed.x + placed.width) * PX, 2);
    });
  });

  test("draws Arabic with its joining forms, the glyphs the layout measured, not the isolated letters", async () => {
    const page = samplePage();
    const arabic = textLines(page).find((box) => box.runs[0]?.direction === "rtl")!;
    const [group] = runGroups(await paintSvg({ ...page, boxes: [arabic] }));
    const { font, glyphs } = shapedRun(arabic.runs[0]!);
    const drawn = glyphs.filter((glyph) => font.font.getGlyph(glyph.id).path.toSVG() !== "").map((glyph) => `g-${font.key}-${glyph.id}`);
    expect(group!.glyphs.map((glyph) => glyph.id)).toEqual(drawn);
    const isolated = new Set([...ARABIC].map((letter) => `g-${font.key}-${glyphOf(font, letter.codePointAt(0) ?? 0).id}`));
    expect(drawn.filter((id) => !isolated.has(id)).length).toBeGreaterThan(4);
    const isolatedWidth = [...ARABIC].reduce((sum, letter) => sum + measure(letter, font, arabic.size), 0);
    expect(isolatedWidth - arabic.runs[0]!.width).toBeGreaterThan(10);
  });

  test("defines each outline once, only those its runs draw, and every <use> finds its outline", async () => {
    const svg = await paintSvg(samplePage());
    const defined = [...svg.matchAll(/<path id="([^"]+)"/g)].map((match) => match[1]);
    const used = new Set(runGroups(svg).flatMap((group) => group.glyphs.map((glyph) => glyph.id)));
    expect(defined).toHaveLength(new Set(defined).size);
    expect(new Set(defined)).toEqual(used);
    expect(await paintSvg({ width: 200, height: 100, boxes: [{ kind: "rect", x: 10, y: 10, width: 20, height: 20, fill: "#000000", stroke: null, strokeWidth: 0 }] })).not.toContain("<defs><path id=");
  });

  test("is byte-identical for the same page, also after painting another", async () => {
    const first = await paintSvg(samplePage());
    await paintSvg({ width: 200, height: 100, boxes: [line(50, 12, [run("Other", sans, 12, 10)])] });
    expect(await paintSvg(samplePage())).toBe(first);
  });
});

describe("paintPng", () => {
  test("is an A4 page of 794 × 1123 px, RGB 8 bit at 96 dpi, whose chunks' checksums hold", async () => {
    const png = await paintPng(samplePage());
    expect(pngHeader(png)).toEqual({ width: 794, height: 1123, bitDepth: 8, colourType: 2 });
    const decoded = decode(png, { checkCrc: true });
    expect([decoded.width, decoded.height, decoded.channels]).toEqual([794, 1123, 3]);
    expect(decoded.resolution).toEqual({ x: 3780, y: 3780, unit: 1 });
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
    expect(pageTree(page).props.children).toHaveLength(1);
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

  test("needs no font in resvg, and the file holds resvg's pixels exactly: the bundled font files change none", async () => {
    const svg = await paintSvg(samplePage());
    const files = [sans, { family: "sans", weight: "bold" } as const, { family: "cjk", weight: "regular" } as const, { family: "arabic", weight: "regular" } as const].map((font) => fontPath(font.family, font.weight));
    const withFonts = new Resvg(svg, { background: "#ffffff", font: { loadSystemFonts: false, fontFiles: files } }).render().pixels;
    const withoutAlpha = withFonts.filter((_, index) => index % 4 !== 3);
    expect(withFonts.every((value, index) => index % 4 !== 3 || value === 255)).toBe(true);
    const painted = pixelsOf(await paintPng(samplePage()));
    expect(Buffer.from(painted.data as Uint8Array).equals(withoutAlpha)).toBe(true);
  });
});
