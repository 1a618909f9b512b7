// Text boxes as SVG glyph outlines: the glyphs and pen positions the PDF draws (run-glyphs.ts), each
// glyph's outline taken from its font once per process (fontkit, font units, y up) and written once
// per document in <defs>, each run one group scaled to its size and flipped onto its baseline with
// a <use> per glyph. The SVG shows the same on any machine without the fonts, and no outline is
// repeated: the benchmark's 20-line invoice is ~150 kB and ~4 ms, where satori shaping every word
// again and writing each glyph as its own path came to 1.3 MB and ~38 ms.
import type { LoadedFont } from "../fonts/registry.ts";
import type { Box } from "../layout/boxes.ts";
import { shapedRun } from "./run-glyphs.ts";
import { PX_PER_PT, thousandths } from "./satori-tree.ts";

// Every glyph of the bundled fonts could end up here (Noto Sans JP alone has ~17,000): keep the
// ones in use, a few MB of path data at most.
const OUTLINE_CACHE_LIMIT = 20_000;
const outlines = new Map<string, string>();

function glyphId(font: LoadedFont, glyph: number): string {
  return `g-${font.key}-${glyph}`;
}

/** A glyph's outline as SVG path data in font units, "" for a glyph that draws nothing (a space). */
function outlineOf(font: LoadedFont, glyph: number): string {
  const id = glyphId(font, glyph);
  let outline = outlines.get(id);
  if (outline === undefined) {
    outline = font.font.getGlyph(glyph).path.toSVG();
    if (outlines.size >= OUTLINE_CACHE_LIMIT) outlines.delete(outlines.keys().next().value as string);
    outlines.set(id, outline);
  }
  return outline;
}

/** The text boxes' glyphs as SVG elements: the outlines they use in <defs>, then one group per run. */
export function textElements(boxes: readonly Box[]): string {
  const used = new Map<string, string>();
  const runs: string[] = [];
  for (const box of boxes) {
    if (box.kind !== "text") continue;
    for (const run of box.runs) {
      if (run.text === "") continue;
      const { font, glyphs } = shapedRun(run);
      let uses = "";
      let pen = 0;
      for (const glyph of glyphs) {
        const outline = outlineOf(font, glyph.id);
        if (outline !== "") {
          const id = glyphId(font, glyph.id);
          used.set(id, outline);
          const x = pen + glyph.xOffset;
          // y is in the group's flipped font units: a positive offset raises the glyph (a mark).
          uses += `<use href="#${id}"${x === 0 ? "" : ` x="${thousandths(x)}"`}${glyph.yOffset === 0 ? "" : ` y="${thousandths(glyph.yOffset)}"`}/>`;
        }
        pen += glyph.advance;
      }
      if (uses === "") continue;
      const scale = (box.size * PX_PER_PT) / font.font.unitsPerEm;
      const place = `matrix(${scale.toPrecision(6)} 0 0 ${(-scale).toPrecision(6)} ${thousandths(run.x * PX_PER_PT)} ${thousandths(box.baseline * PX_PER_PT)})`;
      runs.push(`<g fill="${box.color}" transform="${place}">${uses}</g>`);
    }
  }
  if (runs.length === 0) return "";
  const defs = [...used].map(([id, outline]) => `<path id="${id}" d="${outline}"/>`).join("");
  return `<defs>${defs}</defs>${runs.join("")}`;
}
