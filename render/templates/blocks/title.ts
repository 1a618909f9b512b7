// The document's title: its type ("Invoice", "Rechnungskorrektur") large, and under it either the
// number with its label or, on a draft, the translated DRAFT mark in a framed badge.
import { stackPieces, spacer, type Piece } from "../../layout/flow.ts";
import { baselineOffset, drawLines, heightOf, placeLine, unwrapped, widest, wrap, type Align, type TextSpec } from "../../layout/text.ts";
import type { Context, Look } from "../design.ts";
import { caption, textPiece } from "../pieces.ts";

const BADGE_PADDING = { x: 8, y: 3 };

/** "Number INV-2026-0001" on one baseline, label in `labelSpec`, value in `valueSpec`; stacked when too wide. */
function numberLine(label: string, value: string, labelSpec: TextSpec, valueSpec: TextSpec, x: number, width: number, align: Align): Piece {
  const space = labelSpec.size * 0.5;
  const labelText = unwrapped(label, labelSpec);
  const valueText = unwrapped(value, valueSpec);
  const total = labelText.width + space + valueText.width;
  const [labelLine, ...moreLabel] = labelText.lines;
  const [valueLine, ...moreValue] = valueText.lines;
  if (total > width || !labelLine || !valueLine || moreLabel.length + moreValue.length > 0) {
    return stackPieces([textPiece(label, labelSpec, x, width, align), textPiece(value, valueSpec, x, width, align)]);
  }
  const left = align === "end" ? x + width - total : align === "center" ? x + (width - total) / 2 : x;
  return {
    height: Math.max(labelSpec.leading, valueSpec.leading),
    draw(top) {
      const baseline = top + Math.max(baselineOffset(labelSpec), baselineOffset(valueSpec));
      return [
        placeLine(labelLine, labelSpec, left, labelText.width, "start", baseline),
        placeLine(valueLine, valueSpec, left + labelText.width + space, valueText.width, "start", baseline),
      ];
    },
  };
}

/** How the title block looks: the type name, the number's label and the number. */
export type TitleSpecs = { title: TextSpec; label: TextSpec; value: TextSpec };

/** The design's title, its muted caption, and the number a little larger than strong text. */
export function titleSpecs(look: Look): TitleSpecs {
  const size = look.strong.size + 2;
  return { title: look.title, label: look.muted, value: { ...look.strong, size, leading: size * 1.4 } };
}

/** The draft mark: the translated word in the title's font and colour, framed. */
function draftBadge(text: string, specs: TitleSpecs, x: number, width: number, align: Align): Piece {
  const spec: TextSpec = { ...specs.value, family: specs.title.family, weight: "bold", color: specs.title.color };
  const textWidth = Math.min(widest(text, spec), width - 2 * BADGE_PADDING.x);
  const boxWidth = textWidth + 2 * BADGE_PADDING.x;
  const left = align === "end" ? x + width - boxWidth : x;
  const lines = wrap(text, spec, textWidth);
  const height = heightOf(lines) + 2 * BADGE_PADDING.y;
  return {
    height,
    draw: (top) => [
      { kind: "rect", x: left, y: top, width: boxWidth, height, fill: null, stroke: spec.color, strokeWidth: 1.25 },
      ...drawLines(lines, left + BADGE_PADDING.x, "center", top + BADGE_PADDING.y),
    ],
  };
}

/** No title is set smaller than this to fit a long word. */
const MIN_TITLE_SIZE = 14;

/** The title's size reduced until its longest word fits the width ("Rechnungskorrektur" at 30 pt does not). */
function fitted(text: string, spec: TextSpec, width: number): TextSpec {
  const longest = Math.max(...text.split(/\s+/).map((word) => widest(word, spec)));
  if (longest <= width) return spec;
  // Rounded down to a tenth of a point, so rounding in the measure cannot push the word back over.
  const size = Math.max(MIN_TITLE_SIZE, Math.floor((10 * spec.size * width) / longest) / 10);
  return { ...spec, size, leading: (spec.leading * size) / spec.size };
}

/**
 * The type name (as given: a design may set it in capitals), then the number or the draft mark,
 * aligned in [x, x + width].
 */
export function titlePiece(context: Context, x: number, width: number, options: { align?: Align; specs?: TitleSpecs; typeName?: string } = {}): Piece {
  const { document } = context;
  const { align = "start", specs = titleSpecs(context.look), typeName = document.type } = options;
  const below = document.number
    ? numberLine(caption(context, document.labels.number), document.number, specs.label, specs.value, x, width, align)
    : draftBadge(document.labels.draft, specs, x, width, align);
  return stackPieces([textPiece(typeName, fitted(typeName, specs.title, width), x, width, align), spacer(4), below]);
}
