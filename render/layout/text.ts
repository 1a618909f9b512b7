// Text for the layout engine: a paragraph wrapped once into a column (render/fonts/wrap.ts) and its
// lines turned into positioned text boxes. Lines sit on a fixed leading so every block's height is
// known before it is placed; a line's runs are placed left to right in bidi visual order, and a
// right-to-left paragraph aligns to its column's right edge ("start" follows the line's direction).
import { paragraphDirection, visualOrder } from "../fonts/bidi.ts";
import { measure } from "../fonts/metrics.ts";
import type { FamilyId, Weight } from "../fonts/registry.ts";
import { splitRuns } from "../fonts/runs.ts";
import { wrapText, type WrappedLine } from "../fonts/wrap.ts";
import type { PlacedRun, Rgb, TextBox } from "./boxes.ts";

/** How a piece of text looks: font, size and colour in points, and the distance between baselines. */
export type TextSpec = { family: FamilyId; weight: Weight; size: number; color: Rgb; leading: number };

/** "start" is the line's own reading side (left for LTR, right for RTL); "end" is always the right edge (numbers). */
export type Align = "start" | "end" | "center";

/** A paragraph wrapped into a column of `width` points. */
export type TextLines = { text: string; lines: WrappedLine[]; spec: TextSpec; width: number };

/** A spec with `leading` as `ratio` × size. */
export function textSpec(family: FamilyId, weight: Weight, size: number, color: Rgb, ratio = 1.4): TextSpec {
  return { family, weight, size, color, leading: size * ratio };
}

// Wrapping (bidi levels, font runs, measuring, break opportunities) is the layout's main cost, and
// labels, dates, amounts and repeated descriptions come back invoice after invoice: wrapped lines
// are kept per text, font, size and width, read-only, up to a bound (oldest entries go first).
const WRAP_CACHE_LIMIT = 5_000;
const wrapped = new Map<string, WrappedLine[]>();

function wrappedLines(text: string, spec: TextSpec, width: number): WrappedLine[] {
  const key = `${spec.family} ${spec.weight} ${spec.size} ${width} ${text}`;
  let lines = wrapped.get(key);
  if (!lines) {
    const single = singleLine(text, spec, width);
    lines = single ? [single] : wrapText(text, spec, width);
    if (wrapped.size >= WRAP_CACHE_LIMIT) wrapped.delete(wrapped.keys().next().value as string);
    wrapped.set(key, lines);
  }
  return lines;
}

const LINE_BREAK = /[\n\r\u2028\u2029]/;
const TRAILING_SPACE = /[\t \u1680\u2000-\u2006\u2008-\u200a\u205f\u3000]$/;

// Most texts of an invoice (labels, amounts, dates, short descriptions) fit their column on one
// line, and then wrapText's answer is that one line. Measuring the runs once gives it ~10× faster
// than wrapText's search for break opportunities (grapheme segmentation of every text). Texts with
// line breaks, or trailing spaces (which wrapText lets hang outside the line), take the full path.
function singleLine(text: string, spec: TextSpec, width: number): WrappedLine | null {
  if (LINE_BREAK.test(text) || TRAILING_SPACE.test(text)) return null;
  const direction = paragraphDirection(text);
  const runs = splitRuns(text, spec.family, spec.weight, direction).map((run) => ({ ...run, width: measure(run.text, run.font, spec.size) }));
  const lineWidth = runs.reduce((sum, run) => sum + run.width, 0);
  return lineWidth <= width ? { text, start: 0, end: text.length, width: lineWidth, direction, runs } : null;
}

export function wrap(text: string, spec: TextSpec, width: number): TextLines {
  return { text, lines: wrappedLines(text, spec, width), spec, width };
}

/** The text broken only at its own line breaks; its `width` is what a column needs to show it whole. */
export function unwrapped(text: string, spec: TextSpec): TextLines {
  const lines = wrappedLines(text, spec, Number.POSITIVE_INFINITY);
  return { text, lines, spec, width: widthOf(lines) };
}

function widthOf(lines: readonly WrappedLine[]): number {
  return lines.reduce((max, line) => Math.max(max, line.width), 0);
}

/** Width of the widest line when nothing wraps. */
export function widest(text: string, spec: TextSpec): number {
  return unwrapped(text, spec).width;
}

/** Width of the widest word: what a column needs so that no word breaks inside. */
export function longestWord(text: string, spec: TextSpec): number {
  return Math.max(0, ...text.split(/\s+/).map((word) => widest(word, spec)));
}

/** Text from `unwrapped` in a column of `width`: its lines kept when they fit, else wrapped to it. */
export function within(text: TextLines, width: number): TextLines {
  return widthOf(text.lines) <= width ? { ...text, width } : wrap(text.text, text.spec, width);
}

export function heightOf({ lines, spec }: TextLines, from = 0, to = lines.length): number {
  return Math.max(0, Math.min(to, lines.length) - from) * spec.leading;
}

/**
 * The baseline's distance below a line slot's top: the slot's middle sits a third of an em above
 * the baseline, about halfway up the capitals, so text looks centred in its slot (and in a band).
 */
export function baselineOffset(spec: TextSpec): number {
  return spec.leading / 2 + spec.size / 3;
}

/** One wrapped line on a baseline, aligned inside [x, x + width]; runs in visual order. */
export function placeLine(line: WrappedLine, spec: TextSpec, x: number, width: number, align: Align, baseline: number): TextBox {
  const slack = width - line.width;
  const rightAligned = align === "end" || (align === "start" && line.direction === "rtl");
  let left = align === "center" ? x + slack / 2 : rightAligned ? x + slack : x;
  const runs: PlacedRun[] = [];
  for (const index of visualOrder(line.runs.map((run) => run.level))) {
    const run = line.runs[index];
    if (!run) continue;
    runs.push({ text: run.text, font: { family: run.font.family, weight: run.font.weight }, direction: run.direction, x: left, width: run.width });
    left += run.width;
  }
  return { kind: "text", baseline, size: spec.size, color: spec.color, runs };
}

/** Lines [from, to) of a paragraph, the first one's slot starting at `top`; empty lines draw nothing. */
export function drawLines(text: TextLines, x: number, align: Align, top: number, from = 0, to = text.lines.length): TextBox[] {
  const boxes: TextBox[] = [];
  const last = Math.min(to, text.lines.length);
  for (let index = from; index < last; index++) {
    const line = text.lines[index];
    if (!line || line.runs.length === 0) continue;
    const baseline = top + (index - from) * text.spec.leading + baselineOffset(text.spec);
    boxes.push(placeLine(line, text.spec, x, text.width, align, baseline));
  }
  return boxes;
}
