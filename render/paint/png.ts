// A laid-out page as a PNG: paintSvg's output rasterised by resvg at 96 dpi (A4 → 794 × 1123 px,
// resvg rounds the SVG's fractional size up) and encoded by png-encode.ts. System fonts stay off
// so no machine's fonts can change the pixels; resvg needs none, text arrives as glyph outlines.
import { renderAsync } from "@resvg/resvg-js";
import type { PageLayout } from "../layout/boxes.ts";
import { encodeOpaquePng } from "./png-encode.ts";
import { paintSvg } from "./svg.ts";

/** One page as PNG bytes, white background, 1 CSS px per pixel. */
export async function paintPng(page: PageLayout): Promise<Uint8Array> {
  const svg = await paintSvg(page);
  // renderAsync rasterises on the addon's thread pool (~18 ms for a full A4 invoice), so the
  // event loop stays free meanwhile; the pixels are the same as the synchronous render's.
  const image = await renderAsync(svg, {
    fitTo: { mode: "original" },
    background: "#ffffff",
    font: { loadSystemFonts: false },
    logLevel: "off",
  });
  return encodeOpaquePng(image.pixels, image.width, image.height);
}
