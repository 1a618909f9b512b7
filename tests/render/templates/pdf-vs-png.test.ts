// One layout, two painters: the PDF rasterised by poppler (pdftoppm at 96 dpi) and the PNG (satori's
// shapes and the glyph outlines, rasterised by resvg) must show the same page. Antialiasing and
// hinting differ between the two rasterisers (poppler's FreeType draws glyph edges a little lighter
// than resvg; measured here, a third of the pixels on glyph edges differ by more than 40), so the
// check is coarse but strict where it matters: at least 97 % of the pixels within 64 of each other
// in every channel, about as much ink in all, and the ink's bounding box in the same place.
import { afterAll, describe, expect, test } from "bun:test";
import { layoutInvoice } from "../../../render/templates/index.ts";
import { BASE_DESIGNS } from "../../../server/domain/templates.ts";
import { renderPdf, renderPng } from "../../../render/visual.ts";
import { pixelsOf } from "../paint/png-pixels.ts";
import { GERMAN, logo, templateWith } from "../../../scripts/samples/templates.ts";
import { darkness, inkBounds, similarShare } from "./pixel-compare.ts";
import { pdfFile, pdfPagePixels, skipPoppler, type PdfFile } from "./poppler.ts";

const files: PdfFile[] = [];
afterAll(() => {
  for (const file of files) file.dispose();
});

describe.skipIf(skipPoppler).each(BASE_DESIGNS)("the %s design", (base) => {
  test("pdftoppm of the PDF and the PNG agree", async () => {
    const layout = layoutInvoice(GERMAN, templateWith(base, (template) => (template.logo = logo())));
    const file = pdfFile(await renderPdf(layout));
    files.push(file);
    const fromPdf = pdfPagePixels(file, 1, 96);
    const fromPng = pixelsOf(await renderPng(layout));
    expect([fromPdf.width, fromPdf.height]).toEqual([fromPng.width, fromPng.height]);
    expect(similarShare(fromPdf, fromPng, 64)).toBeGreaterThanOrEqual(0.97);
    const [pdfDarkness, pngDarkness] = [darkness(fromPdf), darkness(fromPng)];
    expect(Math.abs(pdfDarkness - pngDarkness) / pngDarkness).toBeLessThan(0.05);
    const [pdfInk, pngInk] = [inkBounds(fromPdf), inkBounds(fromPng)];
    for (const side of ["left", "top", "right", "bottom"] as const) expect(Math.abs(pdfInk[side] - pngInk[side])).toBeLessThanOrEqual(2);
  }, 30_000);
});
