// Text measurement from cached font metrics. The fast path maps each code point to a glyph id and
// advance once per font (fontkit's cmap and hmtx), then sums advances plus GPOS pair kerning
// (kerning.ts), also cached per glyph pair: no fontkit layout, which costs ~0.8 ms per call.
// Text that needs a shaper goes through fontkit's layout, cached per word:
//  - Arabic-script text, whose joining forms change glyphs and advances;
//  - any text with a combining mark (Hebrew points, decomposed accents), which GPOS positions.
// Latin ligatures (fi, ffl) are not substituted on the fast path: in the bundled fonts a ligature
// is exactly as wide as its letters, so widths agree with a painter that does substitute them.
import type { LoadedFont } from "./registry.ts";
import { kernLookups, NO_KERNING, pairAdjustment, scriptTagOf, type PairAdjustment } from "./kerning.ts";

export type GlyphMetric = { id: number; advance: number };
/** A glyph in drawing order (left to right), all values in font units. */
export type PlacedGlyph = { id: number; advance: number; xOffset: number; yOffset: number };
type Shaped = { glyphs: PlacedGlyph[]; advance: number };

type Kerning = { lookups: ReturnType<typeof kernLookups>; pairs: Map<number, PairAdjustment> };
type FontCache = {
  /** Read once: fontkit decodes the head table behind a getter. */
  unitsPerEm: number;
  glyphs: Map<number, GlyphMetric>;
  /** Per OpenType script tag: a font may kern Hebrew and Latin with different lookups. */
  kerning: Map<string, Kerning>;
  shaped: Map<string, Shaped>;
};

// Words are the shaping cache's keys, so a long-running process sees a bounded vocabulary; the
// bound still keeps hostile input from growing it without end (oldest entries go first).
const SHAPED_CACHE_LIMIT = 5_000;
const PAIR_CACHE_LIMIT = 200_000;
const caches = new WeakMap<LoadedFont, FontCache>();

function cacheOf(loaded: LoadedFont): FontCache {
  let cache = caches.get(loaded);
  if (cache) return cache;
  const { font } = loaded;
  cache = { unitsPerEm: font.unitsPerEm, glyphs: new Map(), kerning: new Map(), shaped: new Map() };
  caches.set(loaded, cache);
  return cache;
}

/** Glyph id (0 = missing) and advance of a code point, computed once per font and code point. */
export function glyphOf(loaded: LoadedFont, codePoint: number): GlyphMetric {
  const cache = cacheOf(loaded);
  let glyph = cache.glyphs.get(codePoint);
  if (glyph) return glyph;
  if (isDefaultIgnorable(codePoint)) {
    // fontkit's layout draws these (ZWJ, ZWSP, bidi marks, soft hyphen…) as a zero-width space.
    glyph = { id: loaded.font.glyphForCodePoint(0x20).id, advance: 0 };
  } else {
    const found = loaded.font.glyphForCodePoint(codePoint);
    glyph = { id: found.id, advance: found.advanceWidth };
  }
  cache.glyphs.set(codePoint, glyph);
  return glyph;
}

export function hasGlyph(loaded: LoadedFont, codePoint: number): boolean {
  return glyphOf(loaded, codePoint).id !== 0;
}

// Arabic-script blocks (Arabic, Syriac, Thaana, N'Ko… and their presentation forms) and marks.
const SHAPING = /[\u0600-\u08ff\ufb50-\ufdff\ufe70-\ufefe\u{10ec0}-\u{10eff}\u{1ee00}-\u{1eeff}\p{M}]/u;

/** Whether text needs fontkit's shaper rather than the cached per-glyph advances. */
export function needsShaping(text: string): boolean {
  return SHAPING.test(text);
}

/** Advance width of text in points at a font size (font units × size / unitsPerEm). */
export function measure(text: string, loaded: LoadedFont, size: number): number {
  return (advanceUnits(text, loaded) * size) / cacheOf(loaded).unitsPerEm;
}

/** Advance width of text in font units. */
export function advanceUnits(text: string, loaded: LoadedFont): number {
  if (needsShaping(text)) return shapedWords(text, loaded).reduce((sum, word) => sum + word.advance, 0);
  const kerning = kerningFor(loaded, text);
  let total = 0;
  let previous = -1;
  for (let index = 0; index < text.length; index++) {
    const codePoint = text.codePointAt(index) ?? 0;
    if (codePoint > 0xffff) index++;
    const glyph = glyphOf(loaded, codePoint);
    if (glyph.advance === 0 && isDefaultIgnorable(codePoint)) {
      previous = -1; // an invisible character ends the kerning pair, as its own glyph did in fontkit
      continue;
    }
    if (previous !== -1) {
      const [first, second] = kerningOf(kerning, previous, glyph.id);
      total += first + second;
    }
    total += glyph.advance;
    previous = glyph.id;
  }
  return total;
}

/** Glyphs of a run of one direction, in drawing order (left to right), for a painter. */
export function glyphsFor(logical: string, loaded: LoadedFont, direction: "ltr" | "rtl"): PlacedGlyph[] {
  // Bidi rule L4: brackets in right-to-left text take their mirrored form (fontkit does not).
  const text = direction === "rtl" ? mirrored(logical) : logical;
  if (needsShaping(text)) {
    // Each shaped word already comes in drawing order; the words themselves follow the direction.
    const words = shapedWords(text, loaded);
    if (direction === "rtl") words.reverse();
    return words.flatMap((word) => word.glyphs.map((glyph) => ({ ...glyph })));
  }
  const kerning = kerningFor(loaded, text);
  const glyphs: PlacedGlyph[] = [];
  let previous: PlacedGlyph | undefined;
  for (const character of text) {
    const codePoint = character.codePointAt(0) ?? 0;
    const glyph = glyphOf(loaded, codePoint);
    const placed: PlacedGlyph = { id: glyph.id, advance: glyph.advance, xOffset: 0, yOffset: 0 };
    if (glyph.advance === 0 && isDefaultIgnorable(codePoint)) {
      previous = undefined;
      continue;
    }
    if (previous) {
      const [first, second] = kerningOf(kerning, previous.id, placed.id);
      previous.advance += first;
      placed.advance += second;
    }
    glyphs.push(placed);
    previous = placed;
  }
  // Kerning is decided in logical order, then the glyphs are laid out right to left (as fontkit).
  return direction === "rtl" ? glyphs.reverse() : glyphs;
}

function kerningFor(loaded: LoadedFont, text: string): Kerning {
  const cache = cacheOf(loaded);
  const tag = scriptTagOf(text);
  let kerning = cache.kerning.get(tag);
  if (!kerning) {
    kerning = { lookups: kernLookups(loaded.font, tag), pairs: new Map() };
    cache.kerning.set(tag, kerning);
  }
  return kerning;
}

function kerningOf(kerning: Kerning, left: number, right: number): PairAdjustment {
  if (kerning.lookups.length === 0) return NO_KERNING;
  const key = left * 0x10000 + right;
  let adjustment = kerning.pairs.get(key);
  if (!adjustment) {
    // Real text repeats a few thousand pairs; random CJK input could add millions, so start over.
    if (kerning.pairs.size >= PAIR_CACHE_LIMIT) kerning.pairs.clear();
    adjustment = pairAdjustment(kerning.lookups, left, right);
    kerning.pairs.set(key, adjustment);
  }
  return adjustment;
}

// Shaping stops at spaces: Arabic letters never join across one and the bundled fonts do not kern
// a space, so a text's width is the sum of its words' and every word is shaped once per process.
function shapedWords(text: string, loaded: LoadedFont): Shaped[] {
  return text
    .split(/( +)/)
    .filter((part) => part !== "")
    .map((part) => (part.startsWith(" ") ? spaces(part.length, loaded) : shaped(part, loaded)));
}

function spaces(count: number, loaded: LoadedFont): Shaped {
  const space = glyphOf(loaded, 0x20);
  const glyphs = Array.from({ length: count }, (): PlacedGlyph => ({ id: space.id, advance: space.advance, xOffset: 0, yOffset: 0 }));
  return { glyphs, advance: space.advance * count };
}

function shaped(text: string, loaded: LoadedFont): Shaped {
  const cache = cacheOf(loaded);
  const hit = cache.shaped.get(text);
  if (hit) return hit;
  const run = loaded.font.layout(text);
  const glyphs = run.glyphs.map((glyph, index): PlacedGlyph => {
    const position = run.positions[index];
    return { id: glyph.id, advance: position?.xAdvance ?? 0, xOffset: position?.xOffset ?? 0, yOffset: position?.yOffset ?? 0 };
  });
  const result: Shaped = { glyphs, advance: glyphs.reduce((sum, glyph) => sum + glyph.advance, 0) };
  if (cache.shaped.size >= SHAPED_CACHE_LIMIT) cache.shaped.delete(cache.shaped.keys().next().value as string);
  cache.shaped.set(text, result);
  return result;
}

// Bidi_Mirroring_Glyph pairs for the brackets and signs an invoice may hold.
const MIRRORS = new Map<string, string>(
  ["()", "[]", "{}", "<>", "«»", "‹›", "≤≥", "⁅⁆", "⁽⁾", "₍₎", "〈〉", "《》", "「」", "『』", "【】", "（）", "［］", "｛｝", "＜＞"].flatMap(
    ([open, close]) => [[open, close], [close, open]] as [string, string][],
  ),
);
const MIRRORABLE = /[()[\]{}<>«»‹›≤≥⁅⁆⁽⁾₍₎〈〉《》「」『』【】（）［］｛｝＜＞]/gu;

function mirrored(text: string): string {
  return text.replace(MIRRORABLE, (character) => MIRRORS.get(character) ?? character);
}

/** Unicode Default_Ignorable_Code_Point, the subset fontkit hides (as HarfBuzz does). */
export function isDefaultIgnorable(codePoint: number): boolean {
  return (
    codePoint === 0xad ||
    codePoint === 0x34f ||
    codePoint === 0x61c ||
    (codePoint >= 0x17b4 && codePoint <= 0x17b5) ||
    (codePoint >= 0x180b && codePoint <= 0x180e) ||
    (codePoint >= 0x200b && codePoint <= 0x200f) ||
    (codePoint >= 0x202a && codePoint <= 0x202e) ||
    (codePoint >= 0x2060 && codePoint <= 0x206f) ||
    (codePoint >= 0xfe00 && codePoint <= 0xfe0f) ||
    codePoint === 0xfeff ||
    (codePoint >= 0xfff0 && codePoint <= 0xfff8) ||
    (codePoint >= 0x1bca0 && codePoint <= 0x1bca3) ||
    (codePoint >= 0x1d173 && codePoint <= 0x1d17a) ||
    (codePoint >= 0xe0000 && codePoint <= 0xe0fff)
  );
}
