// A laid-out page painted to SVG: satori paints the shapes (rects, rules, images, fills) from the
// element tree satori-tree.ts builds, and the text's glyph outlines (svg-text.ts) go on top. Text
// last shows what the PDF's box order shows because the layout never places a shape over text
// (tests/render/templates/paint-order.test.ts checks every design).
// satori does not draw the text: the layout has already shaped and placed every glyph, and satori
// shaping each word again and writing every glyph as its own path was half a PNG's time (ADR 0010).
import satori, { type Font } from "satori";
import { loadFont } from "../fonts/registry.ts";
import type { PageLayout } from "../layout/boxes.ts";
import { pagePixels, pageTree } from "./satori-tree.ts";
import { textElements } from "./svg-text.ts";

type SatoriInput = Parameters<typeof satori>[0];

// satori refuses to render without a font even when it draws no text. Made once: satori caches a
// parsed font by the identity of its data.
let anyFont: Font[] | undefined;
function satoriFonts(): Font[] {
  if (!anyFont) {
    const { bytes } = loadFont("sans", "regular");
    const data = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    anyFont = [{ name: "sans", data, weight: 400, style: "normal" }];
  }
  return anyFont;
}

/** One page as an SVG document, width and height in px at 96 dpi (A4: 793.7 × 1122.5). */
export async function paintSvg(page: PageLayout): Promise<string> {
  const shapes = await satori(pageTree(page) as unknown as SatoriInput, {
    ...pagePixels(page),
    fonts: satoriFonts(),
    // Positions stay as the layout placed them: satori's default rounds every box to whole px.
    pointScaleFactor: 0,
  });
  if (!shapes.endsWith("</svg>")) throw new Error("satori's SVG does not end with </svg>");
  return `${shapes.slice(0, -"</svg>".length)}${textElements(page.boxes)}</svg>`;
}
