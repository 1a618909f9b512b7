// The exported SVG as a viewer shows it: headless Chromium (Debian's, driven by playwright-core)
// opens the file with no fonts of ours installed, and its screenshot matches the design's golden
// PNG (tests/render/templates/golden, reviewed by eye): the glyph outlines, their <use> references
// and the shapes need nothing but the file.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { layoutInvoice } from "../../render/templates/index.ts";
import { BASE_DESIGNS } from "../../server/domain/templates.ts";
import { renderSvg } from "../../render/visual.ts";
import { launchChromium, skipChromium } from "../../scripts/chromium.ts";
import { pixelsOf } from "../render/paint/png-pixels.ts";
import { GERMAN, logo, templateWith } from "../../scripts/samples/templates.ts";
import { inkBounds, similarShare } from "../render/templates/pixel-compare.ts";

// A4 at 96 dpi, as resvg rounds the SVG's 793.7 × 1122.5 px up.
const VIEWPORT = { width: 794, height: 1123 };

let browser: Browser;
let folder: string;
beforeAll(async () => {
  if (skipChromium) return;
  folder = mkdtempSync(join(tmpdir(), "svg-export-"));
  browser = await launchChromium();
});
afterAll(async () => {
  if (skipChromium) return;
  await browser.close();
  rmSync(folder, { recursive: true, force: true });
});

const GOLDEN_DIR = join(import.meta.dir, "../render/templates/golden");

describe.skipIf(skipChromium)("an exported SVG in Chromium", () => {
  test.each(BASE_DESIGNS)("looks like the %s design's golden PNG", async (base) => {
    const file = join(folder, `${base}.svg`);
    // The golden test's invoice: the German fixture with a logo.
    writeFileSync(file, await renderSvg(layoutInvoice(GERMAN, templateWith(base, (template) => (template.logo = logo())))));
    const page = await browser.newPage({ viewport: VIEWPORT });
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    await page.goto(`file://${file}`);
    const shown = pixelsOf(await page.screenshot({ type: "png" }));
    await page.close();
    const golden = pixelsOf(readFileSync(join(GOLDEN_DIR, `${base}.png`)));
    expect(problems).toEqual([]);
    expect([shown.width, shown.height]).toEqual([golden.width, golden.height]);
    // Chromium (Skia) and resvg (tiny-skia) antialias alike: measured here, 99.93 % of the pixels
    // within 32 of the golden's; without the text it is under 97.5 %.
    expect(similarShare(shown, golden, 32)).toBeGreaterThanOrEqual(0.998);
    const [shownInk, goldenInk] = [inkBounds(shown), inkBounds(golden)];
    for (const side of ["left", "top", "right", "bottom"] as const) expect(Math.abs(shownInk[side] - goldenInk[side])).toBeLessThanOrEqual(2);
  }, 30_000);
});
