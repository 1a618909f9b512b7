// The PDF painter's fonts: every (family, weight) a document draws with is embedded once, as a
// subset TrueType font (Type0, Identity-H, with widths and a ToUnicode map), through pdf-lib's
// embedFont({subset: true}).
//
// Two things are bent so that the fonts' work is not redone per document (STACK: parsing and
// shaping are most of a PDF's time):
//  - Parsing: embedFont calls `fontkit.create(bytes)` for every document. The fontkit registered
//    here answers with the font the registry parsed once per process (found by its bytes), so a
//    document only pays for its subset: the two-page sample of tests/render/paint went from ~30 ms
//    to ~13 ms per document (numbers in pdf.ts).
//  - Encoding: pdf-lib's encodeText runs fontkit's layout per string (~0.8 ms a call), and that
//    layout substitutes ligatures and places glyphs differently from what the layout measured.
//    The painter already has its glyphs (metrics.glyphsFor), so the font pdf-lib gets is a view of
//    the parsed font whose layout() reads a string of UTF-16 code units that *are* glyph ids:
//    pdf-lib adds each glyph to the subset, keeps it for the W and ToUnicode tables (whose
//    characters are the ones fontkit recorded when the glyph was first mapped or shaped) and
//    returns the subset's ids.
// And one fix: @pdf-lib/fontkit 1.1.1 (a fork of fontkit 1.7) writes a subset's `loca` in the short
// format whenever the subset is small, halving offsets without padding odd-length glyph records,
// so every glyph after an odd one points a byte off and draws blank (seen here: half the letters
// of Noto Sans missing in poppler; pdf-lib issue #1232, fixed upstream in fontkit 1.8 by
// foliojs/fontkit#191). The view's subsets always write the long format, valid whatever the font
// used (2 more bytes per glyph); the package is pinned, and a test checks every glyph's ink.
import type { PDFDocument, PDFFont } from "pdf-lib";
import type { Font } from "../fonts/fontkit.ts";
import { loadFont, type LoadedFont } from "../fonts/registry.ts";
import type { FontRef } from "../layout/boxes.ts";

type PdfLibFontkit = Parameters<PDFDocument["registerFontkit"]>[0];

const registered = new WeakMap<Uint8Array, LoadedFont>();
const views = new WeakMap<LoadedFont, Font>();

/** The fontkit handed to pdf-lib: it never parses, it only knows the registry's fonts. */
export const pdfFontkit: PdfLibFontkit = {
  create(bytes: Uint8Array) {
    const loaded = registered.get(bytes);
    if (!loaded) throw new Error("pdf-lib was handed a font the registry did not load");
    return glyphIdView(loaded) as unknown as ReturnType<PdfLibFontkit["create"]>;
  },
};

function glyphIdView(loaded: LoadedFont): Font {
  const cached = views.get(loaded);
  if (cached) return cached;
  const { font } = loaded;
  // Object.create: every table, getter and cache stays the parsed font's; only layout differs.
  const view = Object.create(font) as Font;
  Object.defineProperty(view, "layout", {
    value: (ids: string) => {
      const glyphs = [];
      for (let index = 0; index < ids.length; index++) glyphs.push(font.getGlyph(ids.charCodeAt(index)));
      return { glyphs };
    },
  });
  Object.defineProperty(view, "createSubset", { value: () => withLongLoca(font.createSubset()) });
  views.set(loaded, view);
  return view;
}

// TTFSubset.encode starts a fresh `loca` and then adds glyphs; the table's preEncode keeps a
// version that is already set, so setting it while glyphs are added selects the long format.
type TtfSubsetInternals = { loca?: { version?: number }; _addGlyph?: (this: TtfSubsetInternals, gid: number) => number };

function withLongLoca<Subset>(subset: Subset): Subset {
  const internals = subset as TtfSubsetInternals;
  const addGlyph = internals._addGlyph;
  if (!addGlyph) throw new Error("@pdf-lib/fontkit's TrueType subset changed: re-check the loca fix in pdf-fonts.ts");
  internals._addGlyph = function (this: TtfSubsetInternals, gid: number): number {
    if (this.loca) this.loca.version = 1;
    return addGlyph.call(this, gid);
  };
  return subset;
}

/** One embedded font of a document, and what drawing with it needs. */
export type DocumentFont = {
  pdfFont: PDFFont;
  loaded: LoadedFont;
  /** Font units to thousandths of text space, the unit of the W table and of TJ adjustments. */
  scale: number;
};

/** The font a run names, loaded (or reused) through the registry. */
export function loadedFontOf(ref: FontRef): LoadedFont {
  return loadFont(ref.family, ref.weight);
}

/**
 * Embeds each font once, named with a subset tag (six capitals and "+", which is what makes
 * viewers and pdffonts see a subset) derived from the font and its glyphs, so output is
 * deterministic and two different subsets of one font get different names.
 */
export async function embedFonts(doc: PDFDocument, used: Map<LoadedFont, Set<number>>): Promise<Map<LoadedFont, DocumentFont>> {
  doc.registerFontkit(pdfFontkit);
  const fonts = new Map<LoadedFont, DocumentFont>();
  for (const [loaded, ids] of used) {
    registered.set(loaded.bytes, loaded);
    const name = `${subsetTag(loaded.key, ids)}+${loaded.font.postscriptName}`;
    const pdfFont = await doc.embedFont(loaded.bytes, { subset: true, customName: name });
    fonts.set(loaded, { pdfFont, loaded, scale: 1000 / loaded.font.unitsPerEm });
  }
  return fonts;
}

/** Subset codes (4 hex digits each) of glyph ids, in order. */
export function encodeGlyphs(font: DocumentFont, ids: readonly number[]): string[] {
  let units = "";
  for (const id of ids) units += String.fromCharCode(id);
  const hex = font.pdfFont.encodeText(units).asString();
  return ids.map((_, index) => hex.slice(index * 4, index * 4 + 4));
}

/** A glyph's width as the embedded font's W table states it, in thousandths of text space. */
export function pdfWidth(font: DocumentFont, id: number): number {
  // pdf-lib leaves .notdef out of W, so viewers use the default width, 1000.
  if (id === 0) return 1000;
  return font.loaded.font.getGlyph(id).advanceWidth * font.scale;
}

// FNV-1a over the font key and its sorted glyph ids, written in base 26.
function subsetTag(key: string, ids: Set<number>): string {
  let hash = 0x811c9dc5;
  const mix = (value: number): void => {
    hash = Math.imul(hash ^ value, 0x01000193) >>> 0;
  };
  for (const character of key) mix(character.charCodeAt(0));
  for (const id of [...ids].sort((a, b) => a - b)) mix(id);
  let tag = "";
  for (let index = 0; index < 6; index++) {
    tag += String.fromCharCode(65 + (hash % 26));
    hash = Math.floor(hash / 26);
  }
  return tag;
}
