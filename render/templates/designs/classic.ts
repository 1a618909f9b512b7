// Classic: a letterhead. Serif by default; the logo (or the seller's name) top left, the title set
// right, a double rule in the accent colour under them, then seller, buyer and dates in three
// columns. The table is ruled like a ledger (an accent rule above the header, hairlines between
// rows), and the total sits between accent rules.
import type { Box } from "../../layout/boxes.ts";
import { besidePieces, pieceBlock, stackPieces, type Block, type Piece } from "../../layout/flow.ts";
import { textSpec } from "../../layout/text.ts";
import { logoPiece } from "../blocks/logo.ts";
import { partiesPiece } from "../blocks/header-parts.ts";
import { titlePiece } from "../blocks/title.ts";
import type { Context, Design, Look } from "../design.ts";
import type { TemplateOptions } from "../options.ts";
import { textPiece } from "../pieces.ts";
import { paletteOf, typeScale } from "./type-scale.ts";

function look(options: TemplateOptions): Look {
  const { palette, body, strong, muted, footer } = typeScale(options);
  const { heading } = options.fonts;
  return {
    body,
    strong,
    muted,
    label: textSpec(heading, "bold", 8.5, palette.accent, 1.45),
    uppercaseLabels: false,
    title: textSpec(heading, "bold", 24, palette.accent, 1.2),
    section: { spec: textSpec(heading, "bold", 10.5, palette.accent, 1.4), uppercase: false, rule: { color: palette.rule, width: 0.75 }, bar: null },
    table: {
      head: textSpec(heading, "bold", 8.5, palette.text, 1.45),
      headRow: { fill: null, ruleAbove: { color: palette.accent, width: 1.25 }, ruleBelow: { color: palette.accent, width: 0.5 }, padding: 4 },
      uppercaseHead: false,
      row: { fill: null, ruleAbove: null, ruleBelow: { color: palette.rule, width: 0.5 }, padding: 2 },
      zebra: null,
      inset: 2,
    },
    totals: {
      row: { fill: null, ruleAbove: null, ruleBelow: null, padding: 3 },
      strong: { ...strong, color: palette.accent },
      grand: {
        spec: textSpec(heading, "bold", 11, palette.accent, 1.4),
        row: { fill: null, ruleAbove: { color: palette.accent, width: 1 }, ruleBelow: { color: palette.accent, width: 1 }, padding: 5 },
      },
    },
    footer,
    footerRule: { color: palette.rule, width: 0.5 },
    gap: 16,
  };
}

/** The logo's frame: a wide logo is held by its width, a tall one by its height. */
const LOGO = { width: 180, height: 48 };

/** A heavy and a hairline rule in the accent colour, the letterhead's underline. */
function doubleRule(context: Context): Piece {
  const { x, width } = context;
  const accent = paletteOf(context.options).accent;
  const rule = (y: number, thickness: number): Box => ({ kind: "line", x1: x, y1: y, x2: x + width, y2: y, color: accent, width: thickness });
  return { height: 4, draw: (top) => [rule(top + 0.75, 1.5), rule(top + 3.5, 0.5)] };
}

function header(context: Context): Block[] {
  const { x, width, look } = context;
  const half = width / 2;
  const letterhead =
    logoPiece(context, { x, width: Math.min(half - 10, LOGO.width), maxHeight: LOGO.height, align: "start" }) ??
    textPiece(context.document.parties[0]?.lines[0] ?? "", { ...look.title, size: 15, leading: 19, color: look.body.color }, x, half - 10);
  const top = besidePieces([letterhead, titlePiece(context, x + half, half, { align: "end" })]);
  return [pieceBlock(stackPieces([top, doubleRule(context)], 10), 0), pieceBlock(partiesPiece(context, x, width), 14)];
}

export const classic: Design = { look, header };
