// The glyphs a text run is drawn with, for every painter (the PDF's text operators and the SVG's
// outlines): the run's font from the registry and metrics.glyphsFor's glyphs (kerning, Arabic
// shaping and mark offsets included) in drawing order, so both formats place the same glyphs where
// the layout measured them.
// Labels, amounts, dates and descriptions come back run after run and invoice after invoice: their
// glyphs (read-only) are kept per font, direction and text, up to a bound.
import { glyphsFor, type PlacedGlyph } from "../fonts/metrics.ts";
import { loadFont, type LoadedFont } from "../fonts/registry.ts";
import type { PlacedRun } from "../layout/boxes.ts";

export type ShapedRun = { font: LoadedFont; glyphs: readonly PlacedGlyph[] };

const GLYPH_CACHE_LIMIT = 5_000;
const glyphRuns = new Map<string, readonly PlacedGlyph[]>();

export function shapedRun(run: PlacedRun): ShapedRun {
  const font = loadFont(run.font.family, run.font.weight);
  const key = `${font.key} ${run.direction} ${run.text}`;
  let glyphs = glyphRuns.get(key);
  if (!glyphs) {
    glyphs = glyphsFor(run.text, font, run.direction);
    if (glyphRuns.size >= GLYPH_CACHE_LIMIT) glyphRuns.delete(glyphRuns.keys().next().value as string);
    glyphRuns.set(key, glyphs);
  }
  return { font, glyphs };
}
