// A laid-out page painted to SVG by satori. The layout has already wrapped, measured and placed
// every run; satori only draws them, with HarfBuzz shaping inside a run (Arabic joining forms
// included) and each glyph outline written as a <path>, so the SVG shows the same on any machine
// without the fonts installed.
import satori from "satori";
import type { PageLayout } from "../layout/boxes.ts";
import { satoriFont } from "./satori-fonts.ts";
import { pagePixels, pageTree } from "./satori-tree.ts";

export type SvgOptions = {
  /**
   * Text as glyph outlines (default) or as <text> elements. Without outlines the <text> elements
   * name satori's internal families ("sans-regular"), so a viewer would substitute fonts: for
   * inspecting the SVG's structure, not for delivery.
   */
  embedFont?: boolean;
};

type SatoriInput = Parameters<typeof satori>[0];

/** One page as an SVG document, width and height in px at 96 dpi (A4: 793.7 × 1122.5). */
export async function paintSvg(page: PageLayout, options: SvgOptions = {}): Promise<string> {
  const { element, fonts } = pageTree(page);
  const { width, height } = pagePixels(page);
  // satori refuses to render without any font, even a page with no text.
  const used = fonts.length > 0 ? fonts : [{ family: "sans", weight: "regular" } as const];
  return satori(element as unknown as SatoriInput, {
    width,
    height,
    fonts: used.map(satoriFont),
    embedFont: options.embedFont ?? true,
    // Positions stay as the layout placed them: satori's default rounds every box to whole px,
    // which would move runs of one line apart by up to a pixel.
    pointScaleFactor: 0,
  });
}
