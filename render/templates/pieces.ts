// Small building pieces the blocks share: a paragraph in a column, a caption in the design's style,
// a label beside its value, and a section heading.
import type { Box } from "../layout/boxes.ts";
import { stackPieces, type Piece } from "../layout/flow.ts";
import { baselineOffset, drawLines, heightOf, longestWord, widest, wrap, type Align, type TextLines, type TextSpec } from "../layout/text.ts";
import type { Context } from "./design.ts";

export function linesPiece(text: TextLines, x: number, align: Align = "start"): Piece {
  return { height: heightOf(text), draw: (top) => drawLines(text, x, align, top) };
}

/** `text` wrapped into [x, x + width]. */
export function textPiece(text: string, spec: TextSpec, x: number, width: number, align: Align = "start"): Piece {
  return linesPiece(wrap(text, spec, width), x, align);
}

/** A label as the design prints captions (upper case in some designs, in the invoice's language's rules). */
export function caption(context: Context, text: string): string {
  return context.look.uppercaseLabels ? text.toLocaleUpperCase(context.record.locale) : text;
}

type Facts = ReadonlyArray<{ label: string; value: string }>;
const FACT_GAP = 8;

/**
 * How wide factRows makes the label column in `width`, or null when the labels go above their
 * values: when the widest label and value do not fit side by side, labels get at least
 * `labelShare` of the width, and when even that would break a label or a word of a value (an
 * IBAN), labels and values are stacked.
 */
export function factLabelWidth(context: Context, facts: Facts, width: number, labelShare = 0.45): number | null {
  const { look } = context;
  const widestLabel = Math.max(0, ...facts.map((fact) => widest(fact.label, look.muted)));
  const widestValue = Math.max(0, ...facts.map((fact) => widest(fact.value, look.body)));
  const labelWidth = Math.min(widestLabel, Math.max(width * labelShare, width - FACT_GAP - widestValue));
  const longestValueWord = Math.max(0, ...facts.map((fact) => longestWord(fact.value, look.body)));
  return labelWidth < widestLabel || width - labelWidth - FACT_GAP < longestValueWord ? null : labelWidth;
}

/** Label and value rows: labels in a column as wide as the widest label, values beside them (see factLabelWidth). */
export function factRows(context: Context, facts: Facts, x: number, width: number, labelShare = 0.45): Piece {
  const { look } = context;
  const gap = FACT_GAP;
  const labelWidth = factLabelWidth(context, facts, width, labelShare);
  if (labelWidth === null) {
    return stackPieces(facts.map(({ label, value }) => stackPieces([textPiece(label, look.muted, x, width), textPiece(value, look.body, x, width)])), 3);
  }
  // The smaller label sits on its value's first baseline.
  const labelDrop = baselineOffset(look.body) - baselineOffset(look.muted);
  const rows = facts.map(({ label, value }) => {
    const labelLines = wrap(label, look.muted, labelWidth);
    const valueLines = wrap(value, look.body, width - labelWidth - gap);
    const height = Math.max(labelDrop + heightOf(labelLines), heightOf(valueLines));
    return { height, draw: (top: number): Box[] => [...drawLines(labelLines, x, "start", top + labelDrop), ...drawLines(valueLines, x + labelWidth + gap, "start", top)] };
  });
  return stackPieces(rows, 1);
}

/** A section's heading ("Payment instructions") across [x, x + width], in the design's section style. */
export function sectionHeading(context: Context, text: string, x: number, width: number): Piece {
  const { section } = context.look;
  const bar = section.bar === null ? 0 : 6;
  const lines = wrap(section.uppercase ? text.toLocaleUpperCase(context.record.locale) : text, section.spec, width - bar);
  const ruleRoom = section.rule === null ? 0 : 4;
  const height = heightOf(lines) + ruleRoom + 2;
  return {
    height,
    draw(top) {
      const boxes: Box[] = drawLines(lines, x + bar, "start", top);
      if (section.bar !== null) {
        const size = section.spec.size;
        boxes.push({ kind: "rect", x, y: top + (section.spec.leading - size) / 2, width: 3, height: size, fill: section.bar, stroke: null, strokeWidth: 0 });
      }
      if (section.rule !== null) {
        const y = top + heightOf(lines) + ruleRoom / 2;
        boxes.push({ kind: "line", x1: x, y1: y, x2: x + width, y2: y, color: section.rule.color, width: section.rule.width });
      }
      return boxes;
    },
  };
}
