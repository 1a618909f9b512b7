// Pair kerning read straight from the font's GPOS 'kern' feature, so the fast path in metrics.ts
// kerns like fontkit's layout (and like satori, whose opentype.js kerns by default) without running
// a shaper per string. Only pair adjustment lookups (type 2, also inside type-9 extensions) are
// applied; that is all the bundled fonts use for Latin, Greek, Cyrillic, kana and Hebrew letters.
// The lookups are those of the text's script, chosen as fontkit chooses them (scriptTagOf).
// The other lookup types a 'kern' feature can hold (contextual, in Noto Sans only for Devanagari)
// and the legacy 'kern' table are ignored. The selection mirrors fontkit's GPOSProcessor: lookups
// in index order, the first subtable whose coverage holds the left glyph decides for its lookup.
import type { Font } from "@pdf-lib/fontkit";

// fontkit parses GPOS but its typings stop at Font; these describe the parts read here.
type Coverage =
  | { version: 1; glyphs: number[] }
  | { version: 2; rangeRecords: { start: number; end: number; startCoverageIndex: number }[] };
type ClassDef =
  | { version: 1; startGlyph: number; classValueArray: number[] }
  | { version: 2; classRangeRecord: { start: number; end: number; class: number }[] };
type ValueRecord = { xAdvance?: number | null } | null | undefined;
type LazyList<T> = { get(index: number): T };
type PairSubtable =
  | { version: 1; coverage: Coverage; pairSets: LazyList<{ secondGlyph: number; value1: ValueRecord; value2: ValueRecord }[]> }
  | { version: 2; coverage: Coverage; classDef1: ClassDef; classDef2: ClassDef; classRecords: LazyList<LazyList<{ value1: ValueRecord; value2: ValueRecord }>> };
type Subtable = PairSubtable & { lookupType?: number; extension?: Subtable };
type LangSys = { featureIndexes: number[] };
type Gpos = {
  scriptList: { tag: string; script: { defaultLangSys?: LangSys | null } }[];
  featureList: { tag: string; feature: { lookupListIndexes: number[] } }[];
  lookupList: LazyList<{ lookupType: number; subTables: Iterable<Subtable> }>;
};

/** Extra advance in font units: [after the left glyph, after the right glyph]. */
export type PairAdjustment = readonly [number, number];
export const NO_KERNING: PairAdjustment = [0, 0];

/**
 * The pair-adjustment subtables of each 'kern' lookup for an OpenType script tag, in lookup
 * order. Like fontkit: the script's default language system, else DFLT, dflt or latn.
 */
export function kernLookups(font: Font, scriptTag: string): PairSubtable[][] {
  const gpos = (font as unknown as { GPOS?: Gpos }).GPOS;
  if (!gpos) return [];
  const script = [scriptTag, "DFLT", "dflt", "latn"]
    .map((tag) => gpos.scriptList.find((entry) => entry.tag === tag))
    .find((entry) => entry !== undefined)?.script;
  const indexes = new Set<number>();
  for (const featureIndex of script?.defaultLangSys?.featureIndexes ?? []) {
    const record = gpos.featureList[featureIndex];
    if (record?.tag === "kern") for (const index of record.feature.lookupListIndexes) indexes.add(index);
  }
  const lookups: PairSubtable[][] = [];
  for (const index of [...indexes].sort((a, b) => a - b)) {
    const lookup = gpos.lookupList.get(index);
    const pairs: PairSubtable[] = [];
    for (const subtable of lookup.subTables) {
      if (lookup.lookupType === 2) pairs.push(subtable);
      else if (lookup.lookupType === 9 && subtable.lookupType === 2 && subtable.extension) pairs.push(subtable.extension);
    }
    if (pairs.length > 0) lookups.push(pairs);
  }
  return lookups;
}

// fontkit picks a string's script from its first character that is neither Common nor Inherited.
const SCRIPT_TAGS: readonly (readonly [RegExp, string])[] = [
  [/\p{Script=Latin}/u, "latn"],
  [/\p{Script=Greek}/u, "grek"],
  [/\p{Script=Cyrillic}/u, "cyrl"],
  [/\p{Script=Hebrew}/u, "hebr"],
  [/\p{Script=Arabic}/u, "arab"],
  [/\p{Script=Han}/u, "hani"],
  [/\p{Script=Hiragana}/u, "hira"],
  [/\p{Script=Katakana}/u, "kana"],
];
const NO_SCRIPT = /[\p{Script=Common}\p{Script=Inherited}]/u;

/** The OpenType script tag fontkit's layout would choose for a string ("zzzz": unknown). */
export function scriptTagOf(text: string): string {
  for (const character of text) {
    const code = character.charCodeAt(0);
    if (code < 0x80) {
      if ((code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)) return "latn";
      continue;
    }
    if (NO_SCRIPT.test(character)) continue;
    return SCRIPT_TAGS.find(([pattern]) => pattern.test(character))?.[1] ?? "zzzz";
  }
  return "zzzz";
}

/** The summed adjustment of all kerning lookups for one glyph pair (uncached: callers cache). */
export function pairAdjustment(lookups: PairSubtable[][], left: number, right: number): PairAdjustment {
  let first = 0;
  let second = 0;
  for (const subtables of lookups) {
    for (const subtable of subtables) {
      const index = coverageIndex(subtable.coverage, left);
      if (index === -1) continue;
      if (subtable.version === 1) {
        const pair = subtable.pairSets.get(index).find((candidate) => candidate.secondGlyph === right);
        if (!pair) continue; // format 1 without the pair lets the next subtable try, as in fontkit
        first += pair.value1?.xAdvance ?? 0;
        second += pair.value2?.xAdvance ?? 0;
        break;
      }
      const record = subtable.classRecords.get(classOf(subtable.classDef1, left)).get(classOf(subtable.classDef2, right));
      first += record.value1?.xAdvance ?? 0;
      second += record.value2?.xAdvance ?? 0;
      break; // format 2 covers the left glyph, so it decides even when its class pair is 0
    }
  }
  return first === 0 && second === 0 ? NO_KERNING : [first, second];
}

function coverageIndex(coverage: Coverage, glyph: number): number {
  if (coverage.version === 1) return coverage.glyphs.indexOf(glyph);
  for (const range of coverage.rangeRecords) {
    if (range.start <= glyph && glyph <= range.end) return range.startCoverageIndex + glyph - range.start;
  }
  return -1;
}

function classOf(classDef: ClassDef, glyph: number): number {
  if (classDef.version === 1) return classDef.classValueArray[glyph - classDef.startGlyph] ?? 0;
  for (const range of classDef.classRangeRecord) if (range.start <= glyph && glyph <= range.end) return range.class;
  return 0;
}
