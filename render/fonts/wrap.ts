// Greedy line breaking for a text box: as many words on a line as fit, then the next line.
// Break opportunities (a UAX #14 subset, between grapheme clusters, so an accent or emoji sequence
// is never split):
//  - after spaces (not after a no-break space: "EUR 10" written with U+00A0 stays together);
//  - after a zero-width space;
//  - after a hyphen or en dash between a letter or digit and a letter ("Wartungs-vertrag"; not
//    "2024-01-31" nor "-5");
//  - between two characters when either is Han, kana or fullwidth CJK, except before closing
//    punctuation, small kana and the prolonged sound mark, or after opening punctuation (kinsoku).
// Explicit line breaks (LF, CR, CRLF, U+2028, U+2029) end a paragraph and are always kept; an empty
// paragraph is an empty line. Spaces at the end of a line hang: they are not in its text or width.
// A single word wider than the line is broken between graphemes, at least one per line.
import { paragraphDirection, type Direction } from "./bidi.ts";
import { measure } from "./metrics.ts";
import type { FamilyId, Weight } from "./registry.ts";
import { splitRuns, type TextRun } from "./runs.ts";

export type TextStyle = {
  family: FamilyId;
  weight: Weight;
  /** Font size in points; widths come back in points. */
  size: number;
  /** Paragraph direction; by default that of each paragraph's first strong character. */
  direction?: Direction;
};
export type LineRun = TextRun & { width: number };
export type WrappedLine = {
  text: string;
  /** UTF-16 offsets into the wrapped text; runs' offsets too. */
  start: number;
  end: number;
  width: number;
  /** The paragraph's direction: where the line aligns by default. */
  direction: Direction;
  /** In logical order; visualOrder(runs.map((run) => run.level)) gives the drawing order. */
  runs: LineRun[];
};

const LINE_BREAK = /\r\n|[\n\r\u2028\u2029]/g;

export function wrapText(text: string, style: TextStyle, maxWidth: number): WrappedLine[] {
  const lines: WrappedLine[] = [];
  let start = 0;
  for (const match of text.matchAll(LINE_BREAK)) {
    wrapParagraph(text.slice(start, match.index), start, style, maxWidth, lines);
    start = match.index + match[0].length;
  }
  wrapParagraph(text.slice(start), start, style, maxWidth, lines);
  return lines;
}

function wrapParagraph(paragraph: string, offset: number, style: TextStyle, maxWidth: number, lines: WrappedLine[]): void {
  const direction = style.direction ?? paragraphDirection(paragraph);
  if (paragraph === "") {
    lines.push({ text: "", start: offset, end: offset, width: 0, direction, runs: [] });
    return;
  }
  const runs = splitRuns(paragraph, style.family, style.weight, direction);
  const graphemes = graphemeBoundaries(paragraph);
  const width = (from: number, to: number): number => lineRuns(runs, from, to, style.size).reduce((sum, run) => sum + run.width, 0);
  const push = (from: number, to: number): void => {
    const parts = lineRuns(runs, from, to, style.size).map((run) => ({ ...run, start: run.start + offset, end: run.end + offset }));
    const lineWidth = parts.reduce((sum, run) => sum + run.width, 0);
    lines.push({ text: paragraph.slice(from, to), start: from + offset, end: to + offset, width: lineWidth, direction, runs: parts });
  };

  let lineStart = -1;
  let lineEnd = -1;
  for (const segment of segments(paragraph, graphemes)) {
    if (lineStart !== -1 && width(lineStart, segment.end) <= maxWidth) {
      lineEnd = segment.end;
      continue;
    }
    if (lineStart !== -1) push(lineStart, lineEnd);
    lineStart = segment.start;
    lineEnd = segment.end;
    while (width(lineStart, lineEnd) > maxWidth) {
      const cut = fittingPrefix(graphemes, lineStart, lineEnd, maxWidth, width);
      if (cut >= lineEnd) break;
      push(lineStart, cut);
      lineStart = cut;
    }
  }
  push(lineStart, lineEnd);
}

/** The parts of runs inside [from, to) of the paragraph, each measured. */
function lineRuns(runs: readonly TextRun[], from: number, to: number, size: number): LineRun[] {
  const parts: LineRun[] = [];
  for (const run of runs) {
    if (run.end <= from || run.start >= to) continue;
    const start = Math.max(run.start, from);
    const end = Math.min(run.end, to);
    const text = run.text.slice(start - run.start, end - run.start);
    parts.push({ ...run, text, start, end, width: measure(text, run.font, size) });
  }
  return parts;
}

// The longest run of whole graphemes from `from` that fits, never less than one grapheme.
function fittingPrefix(graphemes: readonly number[], from: number, to: number, maxWidth: number, width: (from: number, to: number) => number): number {
  let cut = -1;
  for (const boundary of graphemes) {
    if (boundary <= from) continue;
    if (boundary > to || (cut !== -1 && width(from, boundary) > maxWidth)) break;
    cut = boundary;
  }
  return cut === -1 ? to : cut;
}

const graphemeSegmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** Offsets where grapheme clusters end (the last one is the paragraph's length). */
function graphemeBoundaries(paragraph: string): number[] {
  return Array.from(graphemeSegmenter.segment(paragraph), ({ index, segment }) => index + segment.length);
}

type Segment = { start: number; end: number };

/** Unbreakable pieces with the spaces after them dropped (`end` is where the content stops). */
function segments(paragraph: string, boundaries: readonly number[]): Segment[] {
  const pieces: Segment[] = [];
  let start = 0;
  let contentEnd = 0;
  let previous = "";
  let beforePrevious = "";
  let graphemeStart = 0;
  for (const boundary of boundaries) {
    const grapheme = paragraph.slice(graphemeStart, boundary);
    if (graphemeStart > 0 && canBreakBetween(beforePrevious, previous, grapheme)) {
      pieces.push({ start, end: contentEnd > start ? contentEnd : graphemeStart });
      start = graphemeStart;
    }
    if (!isSpace(grapheme)) contentEnd = boundary;
    beforePrevious = previous;
    previous = grapheme;
    graphemeStart = boundary;
  }
  pieces.push({ start, end: contentEnd > start ? contentEnd : paragraph.length });
  return pieces;
}

const SPACE = /^[\t \u1680\u2000-\u2006\u2008-\u200a\u205f\u3000]+$/; // Zs without the no-break ones
const HYPHEN = /^[-\u2010\u2013]$/;
const LETTER = /^\p{L}/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]$/u;
const CJK = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\u30fc\uff00-\uffef]/u;
const NO_BREAK_BEFORE = /^[\p{Pe}\p{Pf}、。，．・：；？！ー～ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ!%),.:;?\]}]/u;
const NO_BREAK_AFTER = /[\p{Ps}\p{Pi}$¥£€＄￥]$/u;

function isSpace(grapheme: string): boolean {
  return SPACE.test(grapheme);
}

function canBreakBetween(beforePrevious: string, previous: string, next: string): boolean {
  if (isSpace(next)) return false;
  if (isSpace(previous) || previous === "\u200b") return true;
  if (HYPHEN.test(previous)) return LETTER_OR_DIGIT.test(beforePrevious) && LETTER.test(next);
  if (CJK.test(previous) || CJK.test(next)) return !NO_BREAK_BEFORE.test(next) && !NO_BREAK_AFTER.test(previous);
  return false;
}
