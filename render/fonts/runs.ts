// Splits text into runs that one font draws in one direction: the unit a painter draws and the
// measurer measures. Font choice per character, a fallback chain:
//  1. a space, digit, punctuation mark or combining mark (Unicode script Common or Inherited)
//     stays in the font of the character before it when that font has it, so "請求書、番号" and
//     "فاتورة رقم" stay one run each and Arabic marks are shaped with their letters;
//  2. the template's family;
//  3. the fallback family bundled for the character's script (Noto Sans JP for Han and kana, the
//     Arabic and Hebrew fonts), then the other fallbacks; a font is parsed only when asked;
//  4. nothing has it (emoji, Hangul, Thai…): the previous run's font draws its missing-glyph box.
// Direction per run comes from bidi.ts's embedding levels, so a number inside Hebrew is its own
// left-to-right run.
import { FALLBACK_FAMILIES, FAMILIES, loadFont, type FamilyId, type LoadedFont, type Script, type Weight } from "./registry.ts";
import { hasGlyph } from "./metrics.ts";
import { paragraphDirection, resolveLevels, type Direction } from "./bidi.ts";

export type TextRun = {
  text: string;
  /** UTF-16 offsets into the text the run was split from. */
  start: number;
  end: number;
  font: LoadedFont;
  /** Bidi embedding level: even is left to right, odd right to left (visualOrder reorders). */
  level: number;
  direction: Direction;
};

/** Runs of one paragraph (no line breaks inside), in logical order. */
export function splitRuns(text: string, family: FamilyId, weight: Weight, direction: Direction = paragraphDirection(text)): TextRun[] {
  const codePoints: number[] = [];
  const offsets: number[] = [];
  for (let index = 0; index < text.length; index++) {
    const codePoint = text.codePointAt(index) ?? 0;
    codePoints.push(codePoint);
    offsets.push(index);
    if (codePoint > 0xffff) index++;
  }
  const levels = resolveLevels(codePoints, direction);
  const primary = loadFont(family, weight);
  const runs: TextRun[] = [];
  let previous: LoadedFont | undefined;
  codePoints.forEach((codePoint, index) => {
    const font = fontFor(codePoint, primary, previous);
    const level = levels[index] ?? 0;
    const start = offsets[index] ?? 0;
    const end = offsets[index + 1] ?? text.length;
    const last = runs[runs.length - 1];
    if (last && last.font === font && last.level === level) last.end = end;
    else runs.push({ text: "", start, end, font, level, direction: level % 2 === 1 ? "rtl" : "ltr" });
    previous = font;
  });
  for (const run of runs) run.text = text.slice(run.start, run.end);
  return runs;
}

const COMMON_OR_INHERITED = /[\p{Script=Common}\p{Script=Inherited}]/u;

function fontFor(codePoint: number, primary: LoadedFont, previous: LoadedFont | undefined): LoadedFont {
  if (previous && previous !== primary && COMMON_OR_INHERITED.test(String.fromCodePoint(codePoint)) && hasGlyph(previous, codePoint)) {
    return previous;
  }
  if (hasGlyph(primary, codePoint)) return primary;
  for (const family of fallbackOrder(codePoint)) {
    if (family === primary.family) continue;
    const font = loadFont(family, primary.weight);
    if (hasGlyph(font, codePoint)) return font;
  }
  return previous ?? primary;
}

const SCRIPTS: readonly (readonly [RegExp, Script])[] = [
  [/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}\u3000-\u303f\uff00-\uffef]/u, "cjk"],
  [/\p{Script=Arabic}/u, "arabic"],
  [/\p{Script=Hebrew}/u, "hebrew"],
  [/\p{Script=Greek}/u, "greek"],
  [/\p{Script=Cyrillic}/u, "cyrillic"],
  [/\p{Script=Latin}/u, "latin"],
];

/** Which of the bundled scripts a code point belongs to, if any (CJK punctuation counts as CJK). */
export function scriptOf(codePoint: number): Script | undefined {
  const character = String.fromCodePoint(codePoint);
  return SCRIPTS.find(([pattern]) => pattern.test(character))?.[1];
}

// The family bundled for the character's script first, so Arabic text never parses the CJK font.
function fallbackOrder(codePoint: number): readonly FamilyId[] {
  const script = scriptOf(codePoint);
  const preferred = FALLBACK_FAMILIES.find((family) => script !== undefined && FAMILIES[family].scripts.includes(script));
  return preferred ? [preferred, ...FALLBACK_FAMILIES.filter((family) => family !== preferred)] : FALLBACK_FAMILIES;
}
