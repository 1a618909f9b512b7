// A sanitized SVG logo drawn once, at upload, into the PNG every export embeds: the painters then
// handle one kind of logo, and no SVG from a user is parsed again at render time. Sized for print:
// small vector logos are drawn at least LOGO_MIN_WIDTH wide (a 120 px wide SVG would print soft at a
// few centimetres), and the long side never passes LOGO_MAX_SIDE, whatever width/height the file
// claims (so width="1e9" costs nothing). Before drawing, the cost of the drawing is estimated
// (svg-cost.ts) so a small file cannot buy seconds of CPU.
import { Resvg, renderAsync, type ResvgRenderOptions } from "@resvg/resvg-js";
import { logoRefused } from "./refusal.ts";
import { assertAffordable } from "./svg-cost.ts";

export const LOGO_MAX_SIDE = 1024;
export const LOGO_MIN_WIDTH = 512;

export type RasterizedLogo = { png: Uint8Array; width: number; height: number };

// No fonts at all: a machine's fonts must not change a logo, and text in a logo should be outlines.
const OPTIONS: ResvgRenderOptions = { font: { loadSystemFonts: false }, logLevel: "off" };

type Fit = { mode: "width" | "height"; value: number };
type Drawing = { fit: Fit; width: number; height: number };

/** The pixel size to draw at: the long side fitted, the short one in proportion (resvg rounds up). */
function drawingSize(width: number, height: number): Drawing {
  const long = Math.max(width, height);
  const scale = Math.min(LOGO_MAX_SIDE / long, Math.max(1, LOGO_MIN_WIDTH / width));
  const longSide = Math.floor(long * scale);
  const exactShortSide = (Math.min(width, height) * longSide) / long;
  if (!(exactShortSide >= 1)) throw logoRefused("svg_bad_size", `The SVG logo's proportions (${width} × ${height}) leave less than a pixel to draw`);
  const shortSide = Math.ceil(exactShortSide);
  return width >= height ? { fit: { mode: "width", value: longSide }, width: longSide, height: shortSide } : { fit: { mode: "height", value: longSide }, width: shortSide, height: longSide };
}

function hasInk(rgba: Uint8Array): boolean {
  for (let alpha = 3; alpha < rgba.length; alpha += 4) if (rgba[alpha] !== 0) return true;
  return false;
}

export async function rasterizeSvg(svg: string): Promise<RasterizedLogo> {
  let natural: Resvg;
  try {
    natural = new Resvg(svg, OPTIONS);
  } catch (error) {
    throw logoRefused("svg_unparsable", `The SVG logo cannot be drawn: ${error instanceof Error ? error.message : String(error)}`);
  }
  const drawing = drawingSize(natural.width, natural.height);
  assertAffordable(natural.toString(), drawing);
  // renderAsync draws on the addon's thread pool, so the calling event loop stays free meanwhile.
  const image = await renderAsync(svg, { ...OPTIONS, fitTo: drawing.fit });
  if (!hasInk(image.pixels)) throw logoRefused("svg_empty", "The SVG logo draws nothing (text is not drawn: convert it to outlines)");
  return { png: new Uint8Array(image.asPng()), width: image.width, height: image.height };
}
