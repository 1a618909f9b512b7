// The visual formats' entry points: one page is painted exactly as paintSvg / paintPng paint it;
// several pages become one image, stacked top to bottom on grey with a gap; the PDF is paintPdf's.
import { describe, expect, test } from "bun:test";
import { PAPER } from "../../../render/layout/boxes.ts";
import { GAP_COLOUR, PAGE_GAP } from "../../../render/layout/stack.ts";
import { paintPdf } from "../../../render/paint/pdf.ts";
import { paintPng } from "../../../render/paint/png.ts";
import { paintSvg } from "../../../render/paint/svg.ts";
import { layoutInvoice } from "../../../render/templates/index.ts";
import { builtInTemplate } from "../../../render/templates/template.ts";
import { renderPdf, renderPng, renderSvg } from "../../../render/visual.ts";
import { pixelsOf, rgbAt } from "../paint/png-pixels.ts";
import { GERMAN, invoice } from "../../../scripts/samples/templates.ts";

const PX = 96 / 72;
const hex = (colour: string): [number, number, number] => [1, 3, 5].map((start) => Number.parseInt(colour.slice(start, start + 2), 16)) as [number, number, number];
const TWO_PAGES = invoice("two-pages", { number: "INV-2026-0002", items: Array.from({ length: 36 }, (_, index) => ({ description: `Item ${index + 1}`, quantity: 1, rate: 1_000 })) });

describe("one page", () => {
  const layout = layoutInvoice(GERMAN, builtInTemplate("modern"));
  const page = layout.pages[0]!;

  test("renderSvg and renderPng equal paintSvg and paintPng of the page", async () => {
    expect(layout.pages).toHaveLength(1);
    expect(await renderSvg(layout)).toBe(await paintSvg(page));
    expect(await renderPng(layout)).toEqual(await paintPng(page));
  }, 30_000);

  test("renderPdf is paintPdf with the given creation date", async () => {
    const createdAt = new Date("2026-11-01T10:00:00Z");
    expect(await renderPdf(layout, { createdAt })).toEqual(await paintPdf(layout, { createdAt }));
  });
});

describe("several pages", () => {
  const layout = layoutInvoice(TWO_PAGES, builtInTemplate("classic"));
  const stackedHeight = 2 * PAPER.A4.height + PAGE_GAP;

  test("the SVG is one image as tall as the pages and the gap between them", async () => {
    expect(layout.pages).toHaveLength(2);
    const svg = await renderSvg(layout);
    const size = /<svg[^>]* width="([\d.]+)" height="([\d.]+)"/.exec(svg);
    expect(Number(size?.[1])).toBeCloseTo(PAPER.A4.width * PX, 3);
    expect(Number(size?.[2])).toBeCloseTo(stackedHeight * PX, 3);
  }, 30_000);

  test("the PNG shows page 1, a grey gap, then page 2 with its running head", async () => {
    const pixels = pixelsOf(await renderPng(layout));
    expect(pixels.width).toBe(Math.ceil(PAPER.A4.width * PX));
    expect(Math.abs(pixels.height - stackedHeight * PX)).toBeLessThan(1);
    expect(rgbAt(pixels, 5, PAPER.A4.height + PAGE_GAP / 2)).toEqual(hex(GAP_COLOUR));
    expect(rgbAt(pixels, 5, PAPER.A4.height + PAGE_GAP + 5)).toEqual([255, 255, 255]);
    const runningHead = layout.pages[1]!.boxes.find((box) => box.kind === "text" && box.runs.some((run) => run.text.includes("INV-2026-0002")));
    if (runningHead?.kind !== "text") throw new Error("page 2 has a running head");
    const run = runningHead.runs[0]!;
    const y = PAPER.A4.height + PAGE_GAP + runningHead.baseline - runningHead.size * 0.3;
    let ink = 0;
    for (let x = run.x; x < run.x + run.width; x += 0.5) if (rgbAt(pixels, x, y).some((value) => value < 200)) ink++;
    expect(ink).toBeGreaterThan(5);
  }, 30_000);
});
