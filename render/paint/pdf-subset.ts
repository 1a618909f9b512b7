// A TrueType subset of a registry font, made by fontkit: the glyphs a document draws, renumbered
// 1, 2, … in the order given (.notdef stays 0), as a font file to embed. Given in id order, the
// same glyphs always give the same file, whatever the order of the text that drew them.
// And one fix: @pdf-lib/fontkit 1.1.1 (a fork of fontkit 1.7) writes a subset's `loca` in the short
// format whenever the subset is small, halving offsets without padding odd-length glyph records,
// so every glyph after an odd one points a byte off and draws blank (seen here: half the letters
// of Noto Sans missing in poppler; pdf-lib issue #1232, fixed upstream in fontkit 1.8 by
// foliojs/fontkit#191). Subsets here always write the long format, valid whatever the font used
// (2 more bytes per glyph); the package is pinned, and a test checks every glyph's ink.
import type { Font } from "../fonts/fontkit.ts";

type FontkitSubset = ReturnType<Font["createSubset"]>;

/** The subset's file, and each glyph id's number in it (its CID once embedded). */
export type SubsetFile = { file: Uint8Array; numbers: ReadonlyMap<number, number> };

export async function subsetFile(font: Font, ids: readonly number[]): Promise<SubsetFile> {
  const subset = withLongLoca(font.createSubset());
  const numbers = new Map<number, number>();
  for (const id of ids) numbers.set(id, subset.includeGlyph(id));
  return { file: await encoded(subset), numbers };
}

/** The subset as a TrueType file (fontkit writes it through a stream, one tick later). */
function encoded(subset: FontkitSubset): Promise<Uint8Array> {
  return new Promise((resolve) => {
    const parts: Uint8Array[] = [];
    const stream = subset.encodeStream();
    stream.on("data", (bytes) => parts.push(bytes));
    stream.on("end", () => {
      const file = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
      let offset = 0;
      for (const part of parts) {
        file.set(part, offset);
        offset += part.length;
      }
      resolve(file);
    });
  });
}

// TTFSubset.encode starts a fresh `loca` and then adds glyphs; the table's preEncode keeps a
// version that is already set, so setting it while glyphs are added selects the long format.
type TtfSubsetInternals = { loca?: { version?: number }; _addGlyph?: (this: TtfSubsetInternals, gid: number) => number };

function withLongLoca(subset: FontkitSubset): FontkitSubset {
  const internals = subset as unknown as TtfSubsetInternals;
  const addGlyph = internals._addGlyph;
  if (!addGlyph) throw new Error("@pdf-lib/fontkit's TrueType subset changed: re-check the loca fix in pdf-subset.ts");
  internals._addGlyph = function (this: TtfSubsetInternals, gid: number): number {
    if (this.loca) this.loca.version = 1;
    return addGlyph.call(this, gid);
  };
  return subset;
}
