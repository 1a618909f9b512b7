// Modern: sans-serif and airy. A large title in the accent colour top left with the logo opposite,
// then seller and buyer, and beside them the dates in a tinted panel (caption over value). The table's
// header sits in the same tint with accent captions, rows are divided by light rules, and the
// amount to pay is a band of the accent colour.
import type { Box } from "../../layout/boxes.ts";
import { readableOn } from "../../layout/colour.ts";
import { besidePieces, pieceBlock, stackPieces, type Block, type Piece } from "../../layout/flow.ts";
import { textSpec } from "../../layout/text.ts";
import { printedDates } from "../../document.ts";
import { partiesPiece } from "../blocks/header-parts.ts";
import { logoPiece } from "../blocks/logo.ts";
import { titlePiece } from "../blocks/title.ts";
import type { Context, Design, Look } from "../design.ts";
import type { TemplateOptions } from "../options.ts";
import { caption, textPiece } from "../pieces.ts";
import { paletteOf, typeScale } from "./type-scale.ts";

const PANEL_PADDING = { x: 12, y: 10 };
const FACT_GAP = 6;

function look(options: TemplateOptions): Look {
  const { palette, body, strong, muted, footer } = typeScale(options);
  const { heading, body: family } = options.fonts;
  return {
    body,
    strong,
    muted,
    label: textSpec(family, "bold", 7.5, palette.accent, 1.45),
    uppercaseLabels: true,
    title: textSpec(heading, "bold", 28, palette.accent, 1.15),
    section: { spec: textSpec(heading, "bold", 8.5, palette.accent, 1.45), uppercase: true, rule: null, bar: null },
    table: {
      head: textSpec(family, "bold", 7.5, palette.accent, 1.45),
      headRow: { fill: palette.panel, ruleAbove: null, ruleBelow: null, padding: 5 },
      uppercaseHead: true,
      row: { fill: null, ruleAbove: null, ruleBelow: { color: palette.rule, width: 0.75 }, padding: 2.5 },
      zebra: null,
      inset: 8,
    },
    totals: {
      row: { fill: null, ruleAbove: null, ruleBelow: null, padding: 3 },
      strong,
      grand: {
        spec: textSpec(heading, "bold", 11.5, readableOn(palette.accent, palette.text), 1.4),
        row: { fill: palette.accent, ruleAbove: null, ruleBelow: null, padding: 7 },
      },
    },
    footer,
    footerRule: { color: palette.rule, width: 0.75 },
    gap: 16,
  };
}

/** The dates in a tinted panel, caption over value, beside the parties. */
function datesPanel(context: Context, x: number, width: number): Piece | null {
  const { look } = context;
  const facts = printedDates(context.document);
  if (facts.length === 0) return null;
  const inner = width - 2 * PANEL_PADDING.x;
  const left = x + PANEL_PADDING.x;
  const captionSpec = { ...look.label, color: look.muted.color };
  const content = stackPieces(
    facts.map((fact) => stackPieces([textPiece(caption(context, fact.label), captionSpec, left, inner), textPiece(fact.value, look.strong, left, inner)])),
    FACT_GAP,
  );
  const fill = paletteOf(context.options).panel;
  const height = content.height + 2 * PANEL_PADDING.y;
  return {
    height,
    draw: (top) => [{ kind: "rect", x, y: top, width, height, fill, stroke: null, strokeWidth: 0 } satisfies Box, ...content.draw(top + PANEL_PADDING.y)],
  };
}

function header(context: Context): Block[] {
  const { x, width } = context;
  const logo = logoPiece(context, { x: x + width * 0.6, width: width * 0.4, maxHeight: 48, align: "end" });
  const top = besidePieces([titlePiece(context, x, width * 0.6), ...(logo ? [logo] : [])]);
  return [pieceBlock(top, 0), pieceBlock(partiesPiece(context, x, width, datesPanel), 20)];
}

export const modern: Design = { look, header };
