// The PDF painter's fonts: every (family, weight) a document draws with is embedded once as a
// subset TrueType font — Type0 with Identity-H, a CIDFontType2 whose CIDs are the subset's glyph
// numbers, its widths (W) and a ToUnicode map — written here with pdf-lib's objects rather than by
// its embedFont, for two reasons:
//  - Reuse. A subset depends only on the font and the set of glyphs drawn, and making it was most
//    of a PDF's cost (fontkit's subset, deflating it, the ToUnicode map: ~1–3 ms a font). The
//    finished, deflated streams are kept per (font, glyph set), up to a bound, so the next invoice
//    drawing the same glyphs (a customer's next invoice, mostly) only writes a few dictionaries.
//  - Glyphs, not text. The painter draws the glyphs the layout measured (metrics.glyphsFor:
//    kerning, Arabic forms): each glyph id maps to its CID here, and no text is laid out again.
// The fonts are the registry's, parsed once per process. The ToUnicode map gives each glyph a
// character the font's cmap maps to it, so extraction reads words: the lowest that is not a
// compatibility character (a space rather than the no-break space drawn with the same glyph,
// 田 U+7530 rather than the Kangxi radical ⽥ U+2F65). A form only shaping reaches (Arabic medial
// beh, teh and yeh share one dotless glyph) gets no entry: its run's ActualText reads. (The
// characters fontkit records on a glyph depend on which text the process shaped first; a PDF's
// bytes must not.)
import pako from "pako";
import { PDFString, type PDFContext, type PDFDocument, type PDFRef } from "pdf-lib";
import type { Font } from "../fonts/fontkit.ts";
import type { LoadedFont } from "../fonts/registry.ts";
import { subsetFile } from "./pdf-subset.ts";
import { toUnicodeMap } from "./pdf-tounicode.ts";

/** One embedded font of a document, and what drawing with it needs. */
export type DocumentFont = {
  ref: PDFRef;
  loaded: LoadedFont;
  /** Font units to thousandths of text space, the unit of the W table and of TJ adjustments. */
  scale: number;
  /** Glyph id → its code in the content stream (the CID, 4 hex digits). */
  codes: ReadonlyMap<number, string>;
};

/** A finished subset: its name, streams already deflated, and its glyphs' CIDs and widths. */
type Subset = {
  name: string;
  fontFile: Uint8Array;
  /** The TrueType file's length before deflating (the stream's Length1). */
  fileLength: number;
  toUnicode: Uint8Array;
  codes: ReadonlyMap<number, string>;
  /** Widths of CIDs 1, 2, … in thousandths of text space (CID 0 is .notdef, left to the default). */
  widths: number[];
};

// ~20 kB per Latin subset (a CJK one is a few times that): 64 of them are a few megabytes.
const SUBSET_CACHE_LIMIT = 64;
const subsets = new Map<string, Promise<Subset>>();

/** A glyph's width as the embedded font's W table states it, in thousandths of text space. */
export function pdfWidth(font: DocumentFont, id: number): number {
  // .notdef is left out of W, so viewers use the default width, 1000.
  if (id === 0) return 1000;
  return font.loaded.font.getGlyph(id).advanceWidth * font.scale;
}

/** Embeds each font with the glyphs it draws: a cached subset's streams, and fresh dictionaries. */
export async function embedFonts(doc: PDFDocument, used: Map<LoadedFont, Set<number>>): Promise<Map<LoadedFont, DocumentFont>> {
  const fonts = new Map<LoadedFont, DocumentFont>();
  for (const [loaded, ids] of used) {
    // In id order: the same glyphs make the same subset, whatever the order of the text.
    const subset = await subsetOf(loaded, [...ids].sort((a, b) => a - b));
    fonts.set(loaded, { ref: fontDictionary(doc.context, loaded.font, subset), loaded, scale: 1000 / loaded.font.unitsPerEm, codes: subset.codes });
  }
  return fonts;
}

function subsetOf(loaded: LoadedFont, ids: number[]): Promise<Subset> {
  const key = `${loaded.key} ${ids.join(",")}`;
  let subset = subsets.get(key);
  if (!subset) {
    subset = makeSubset(loaded, ids);
    if (subsets.size >= SUBSET_CACHE_LIMIT) subsets.delete(subsets.keys().next().value as string);
    subsets.set(key, subset);
    // A failed subset is not kept: the next document tries again.
    subset.catch(() => subsets.delete(key));
  }
  return subset;
}

async function makeSubset(loaded: LoadedFont, ids: number[]): Promise<Subset> {
  const { font } = loaded;
  const { file, numbers } = await subsetFile(font, ids);
  const codes = new Map([...numbers].map(([id, number]) => [id, hex4(number)]));
  const scale = 1000 / font.unitsPerEm;
  const drawn = ids.filter((id) => id !== 0);
  const toUnicode = toUnicodeMap(drawn.map((id) => ({ code: codes.get(id) as string, codePoints: charactersOf(font, id) })));
  return {
    name: `${subsetTag(loaded.key, ids)}+${font.postscriptName}`,
    // pako, as pdf-lib deflates: the same bytes under Bun and Deno.
    fontFile: pako.deflate(file),
    fileLength: file.length,
    toUnicode: pako.deflate(toUnicode),
    codes,
    widths: drawn.map((id) => font.getGlyph(id).advanceWidth * scale),
  };
}

type CmapProcessor = { codePointsForGlyph?: (id: number) => number[] };

/** A character that NFKC leaves alone: not a compatibility variant of another one. */
const isCanonical = (codePoint: number): boolean => {
  const character = String.fromCodePoint(codePoint);
  return character.normalize("NFKC") === character;
};

/** The glyph's character for ToUnicode (see the header), none when the cmap does not reach it. */
function charactersOf(font: Font, id: number): number[] {
  // fontkit answers from the font's cmap (and memoises per glyph); the method is not in its types.
  const cmap = (font as unknown as { _cmapProcessor?: CmapProcessor })._cmapProcessor;
  if (!cmap?.codePointsForGlyph) throw new Error("@pdf-lib/fontkit's cmap processor changed: re-check charactersOf in pdf-fonts.ts");
  const codePoints = cmap.codePointsForGlyph(id);
  const canonical = codePoints.filter(isCanonical);
  const candidates = canonical.length > 0 ? canonical : codePoints;
  return candidates.length === 0 ? [] : [Math.min(...candidates)];
}

/** The Type0 font and its descendants for a subset, registered in the document; returns the Type0's ref. */
function fontDictionary(context: PDFContext, font: Font, subset: Subset): PDFRef {
  const scale = 1000 / font.unitsPerEm;
  const { minX, minY, maxX, maxY } = font.bbox;
  const fontFile = context.register(context.stream(subset.fontFile, { Filter: "FlateDecode", Length1: subset.fileLength }));
  const descriptor = context.register(
    context.obj({
      Type: "FontDescriptor",
      FontName: subset.name,
      Flags: fontFlags(font),
      FontBBox: [minX * scale, minY * scale, maxX * scale, maxY * scale],
      ItalicAngle: font.italicAngle,
      Ascent: font.ascent * scale,
      Descent: font.descent * scale,
      CapHeight: (font.capHeight || font.ascent) * scale,
      XHeight: (font.xHeight || 0) * scale,
      // No font states it and viewers do not need it (pdf-lib and pdfkit write 0 too).
      StemV: 0,
      FontFile2: fontFile,
    }),
  );
  const cidFont = context.register(
    context.obj({
      Type: "Font",
      Subtype: "CIDFontType2",
      CIDToGIDMap: "Identity",
      BaseFont: subset.name,
      CIDSystemInfo: { Registry: PDFString.of("Adobe"), Ordering: PDFString.of("Identity"), Supplement: 0 },
      FontDescriptor: descriptor,
      W: subset.widths.length > 0 ? [1, subset.widths] : [],
    }),
  );
  const toUnicode = context.register(context.stream(subset.toUnicode, { Filter: "FlateDecode" }));
  return context.register(
    context.obj({ Type: "Font", Subtype: "Type0", BaseFont: subset.name, Encoding: "Identity-H", DescendantFonts: [cidFont], ToUnicode: toUnicode }),
  );
}

// PDF 32000-1 §9.8.2: symbolic (the glyphs are addressed by CID, not a standard encoding), plus
// what the font says of itself, as pdfkit derives it.
function fontFlags(font: Font): number {
  const familyClass = (font["OS/2"] as { sFamilyClass?: number } | undefined)?.sFamilyClass ?? 0;
  const bits = [font.post.isFixedPitch ? 1 : 0, familyClass >= 1 && familyClass <= 7 ? 2 : 0, 3, familyClass === 10 ? 4 : 0, font.head.macStyle.italic ? 7 : 0];
  return bits.reduce((flags, bit) => (bit === 0 ? flags : flags | (1 << (bit - 1))), 0);
}

const hex4 = (value: number): string => value.toString(16).padStart(4, "0");

// FNV-1a over the font key and its sorted glyph ids, written as six capitals (what makes viewers
// and pdffonts see a subset): deterministic, and two subsets of one font get different names.
function subsetTag(key: string, ids: readonly number[]): string {
  let hash = 0x811c9dc5;
  const mix = (value: number): void => {
    hash = Math.imul(hash ^ value, 0x01000193) >>> 0;
  };
  for (const character of key) mix(character.charCodeAt(0));
  for (const id of ids) mix(id);
  let tag = "";
  for (let index = 0; index < 6; index++) {
    tag += String.fromCharCode(65 + (hash % 26));
    hash = Math.floor(hash / 26);
  }
  return tag;
}
