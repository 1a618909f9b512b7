// A small subset of the Unicode Bidirectional Algorithm (UAX #9) for one paragraph of invoice text.
// Handled: paragraph direction from the first strong character (P2–P3) unless given; the weak
// rules W1–W7 (so "1,234.56" stays one number inside Arabic or Hebrew, and "19%" or "€10" inside
// Hebrew; as in full UBA a leading minus is a neutral: write U+200E LRM before "-5" to keep it);
// neutrals N1–N2; implicit levels I1–I2; reordering L2 (visualOrder). LRM, RLM and ALM count as
// strong characters. Not handled: explicit embeddings, overrides and isolates (LRE…PDI are treated
// as neutrals), bracket pairs (N0), and L1's reset of trailing whitespace (wrap.ts drops the
// spaces a line ends with). Mirroring brackets in right-to-left runs (L4) is metrics.glyphsFor's.

export type Direction = "ltr" | "rtl";
type BidiClass = "L" | "R" | "AL" | "EN" | "AN" | "ES" | "ET" | "CS" | "NSM" | "ON";

const LETTER = /[\p{L}\p{Mc}]/u;
const MARK = /[\p{Mn}\p{Me}]/u;
const CURRENCY = /\p{Sc}/u;

/** The bidi class of a code point, from ranges of the Unicode data (a subset; see above). */
export function bidiClass(codePoint: number): BidiClass {
  if (codePoint < 0x80) {
    if (codePoint >= 0x30 && codePoint <= 0x39) return "EN";
    if ((codePoint >= 0x41 && codePoint <= 0x5a) || (codePoint >= 0x61 && codePoint <= 0x7a)) return "L";
    if (codePoint === 0x2b || codePoint === 0x2d) return "ES";
    if (codePoint >= 0x23 && codePoint <= 0x25) return "ET"; // # $ %
    if (codePoint === 0x2c || codePoint === 0x2e || codePoint === 0x2f || codePoint === 0x3a) return "CS";
    return "ON";
  }
  if (codePoint === 0x200e) return "L"; // LRM
  if (codePoint === 0x200f) return "R"; // RLM
  if (codePoint === 0x61c) return "AL"; // ALM
  if (isArabicNumber(codePoint)) return "AN";
  if (isEuropeanNumber(codePoint)) return "EN";
  if ([0xa0, 0x60c, 0x202f, 0x2044, 0xfe50, 0xfe52, 0xfe55, 0xff0c, 0xff0e, 0xff0f, 0xff1a].includes(codePoint)) return "CS";
  if ([0x207a, 0x207b, 0x208a, 0x208b, 0x2212, 0xfb29, 0xfe62, 0xfe63, 0xff0b, 0xff0d].includes(codePoint)) return "ES";
  const character = String.fromCodePoint(codePoint);
  if (MARK.test(character)) return "NSM";
  if (isArabicLetter(codePoint)) return "AL";
  if (isHebrewLike(codePoint)) return "R";
  if (CURRENCY.test(character) || [0xb0, 0xb1, 0x66a, 0x2030, 0x2031, 0x2032, 0x2033, 0x2034].includes(codePoint)) return "ET";
  if (LETTER.test(character)) return "L";
  return "ON";
}

function isArabicNumber(cp: number): boolean {
  return (cp >= 0x600 && cp <= 0x605) || (cp >= 0x660 && cp <= 0x669) || cp === 0x66b || cp === 0x66c || cp === 0x6dd || cp === 0x890 || cp === 0x891 || cp === 0x8e2 || (cp >= 0x10e60 && cp <= 0x10e7e);
}

function isEuropeanNumber(cp: number): boolean {
  return cp === 0xb2 || cp === 0xb3 || cp === 0xb9 || (cp >= 0x6f0 && cp <= 0x6f9) || cp === 0x2070 || (cp >= 0x2074 && cp <= 0x2079) || (cp >= 0x2080 && cp <= 0x2089) || (cp >= 0xff10 && cp <= 0xff19);
}

function isArabicLetter(cp: number): boolean {
  return (cp >= 0x600 && cp <= 0x7bf) || (cp >= 0x860 && cp <= 0x8ff) || (cp >= 0xfb50 && cp <= 0xfdff) || (cp >= 0xfe70 && cp <= 0xfefe) || (cp >= 0x1ee00 && cp <= 0x1eeff);
}

// Hebrew, N'Ko, Samaritan, Mandaic and the other right-to-left scripts that are not Arabic.
function isHebrewLike(cp: number): boolean {
  return (cp >= 0x590 && cp <= 0x5ff) || (cp >= 0x7c0 && cp <= 0x85f) || (cp >= 0xfb1d && cp <= 0xfb4f) || (cp >= 0x10800 && cp <= 0x10fff) || (cp >= 0x1e800 && cp <= 0x1efff);
}

/** P2–P3: the direction of the first strong character, left to right when there is none. */
export function paragraphDirection(text: string): Direction {
  for (const character of text) {
    const type = bidiClass(character.codePointAt(0) ?? 0);
    if (type === "L") return "ltr";
    if (type === "R" || type === "AL") return "rtl";
  }
  return "ltr";
}

/** Embedding level of each code point (0, 1 or 2) for a paragraph of the given direction. */
export function resolveLevels(codePoints: readonly number[], direction: Direction): number[] {
  const base = direction === "rtl" ? 1 : 0;
  const sos: BidiClass = base === 1 ? "R" : "L";
  const types = codePoints.map(bidiClass);
  // W1: a mark takes the type of what it follows.
  for (let i = 0; i < types.length; i++) if (types[i] === "NSM") types[i] = i === 0 ? sos : (types[i - 1] as BidiClass);
  // W2/W3: numbers after Arabic letters are Arabic numbers; AL then counts as R.
  let strong: BidiClass = sos;
  for (let i = 0; i < types.length; i++) {
    const type = types[i];
    if (type === "L" || type === "R" || type === "AL") strong = type;
    if (type === "AL") types[i] = "R";
    if (type === "EN" && strong === "AL") types[i] = "AN";
  }
  // W4: one separator between two numbers of the same kind joins them.
  for (let i = 1; i < types.length - 1; i++) {
    const [before, type, after] = [types[i - 1], types[i], types[i + 1]];
    if (before === "EN" && after === "EN" && (type === "ES" || type === "CS")) types[i] = "EN";
    if (before === "AN" && after === "AN" && type === "CS") types[i] = "AN";
  }
  // W5: terminators (%, currency signs) next to a European number belong to it. W6: the rest of
  // the separators and terminators are neutral.
  for (let i = 0; i < types.length; i++) {
    if (types[i] !== "ET") continue;
    let end = i;
    while (types[end] === "ET") end++;
    const joined = types[i - 1] === "EN" || types[end] === "EN";
    for (let k = i; k < end; k++) types[k] = joined ? "EN" : "ON";
    i = end - 1;
  }
  // W6 and W7 (a European number after strong L is L).
  strong = sos;
  for (let i = 0; i < types.length; i++) {
    const type = types[i];
    if (type === "ES" || type === "CS") types[i] = "ON";
    if (type === "L" || type === "R") strong = type;
    if (type === "EN" && strong === "L") types[i] = "L";
  }
  // N1/N2: neutrals between two characters of the same direction take it (numbers count as R),
  // otherwise the paragraph's.
  const side = (type: BidiClass | undefined): "L" | "R" => (type === "L" ? "L" : type === undefined ? sos : "R");
  for (let i = 0; i < types.length; i++) {
    if (types[i] !== "ON") continue;
    let end = i;
    while (types[end] === "ON") end++;
    const before = side(i === 0 ? undefined : types[i - 1]);
    const after = side(types[end]);
    const resolved: BidiClass = before === after ? before : sos;
    for (let k = i; k < end; k++) types[k] = resolved;
    i = end - 1;
  }
  // I1/I2.
  return types.map((type) => {
    if (base === 0) return type === "R" ? 1 : type === "AN" || type === "EN" ? 2 : 0;
    return type === "L" || type === "EN" || type === "AN" ? 2 : 1;
  });
}

/** L2: the indices of items (runs or characters) in visual order, left to right, from levels. */
export function visualOrder(levels: readonly number[]): number[] {
  const order = levels.map((_, index) => index);
  // reduce, not Math.max(...levels): spreading a long paragraph's levels overflows the stack.
  const highest = levels.reduce((max, level) => Math.max(max, level), 0);
  const lowestOdd = levels.reduce((min, level) => Math.min(min, level), highest) | 1;
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < order.length; i++) {
      if ((levels[order[i] as number] as number) < level) continue;
      let end = i;
      while (end < order.length && (levels[order[end] as number] as number) >= level) end++;
      order.splice(i, end - i, ...order.slice(i, end).reverse());
      i = end;
    }
  }
  return order;
}
