// Each built-in design's PNG of one fixed invoice (the German fixture with a logo) against the
// committed golden image in golden/<design>.png. A few antialiased pixels may differ (another
// resvg build, another CPU); anything a person would notice fails. Run with UPDATE_GOLDEN=1 to
// write the goldens again after an intended change, and look at them before committing.
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { layoutInvoice } from "../../../render/templates/index.ts";
import { BASE_DESIGNS } from "../../../server/domain/templates.ts";
import { renderPng } from "../../../render/visual.ts";
import { pixelsOf } from "../paint/png-pixels.ts";
import { GERMAN, logo, templateWith } from "../../../scripts/samples/templates.ts";
import { differentPixels } from "./pixel-compare.ts";

const GOLDEN_DIR = join(import.meta.dir, "golden");
/** A channel may be this far off (antialiasing), and this share of pixels may be further off. */
const CHANNEL_TOLERANCE = 24;
const MAX_DIFFERENT_SHARE = 0.001;

describe.each(BASE_DESIGNS)("the %s design", (base) => {
  test("matches its golden PNG", async () => {
    const png = await renderPng(layoutInvoice(GERMAN, templateWith(base, (template) => (template.logo = logo()))));
    const path = join(GOLDEN_DIR, `${base}.png`);
    if (process.env.UPDATE_GOLDEN === "1") writeFileSync(path, png);
    if (!existsSync(path)) throw new Error(`${path} is missing: run the test with UPDATE_GOLDEN=1 and review the image`);
    const actual = pixelsOf(png);
    const golden = pixelsOf(readFileSync(path));
    expect([actual.width, actual.height]).toEqual([golden.width, golden.height]);
    expect(differentPixels(actual, golden, CHANNEL_TOLERANCE)).toBeLessThanOrEqual(Math.round(MAX_DIFFERENT_SHARE * golden.width * golden.height));
  }, 30_000);
});
