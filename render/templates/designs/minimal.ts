// Minimal: type and space only. No bands or colour fills: a light title, small upper-case captions
// in the muted colour, one hairline under the table's header, rows separated by space alone, and
// a single rule above the total.
import { besidePieces, pieceBlock, type Block } from "../../layout/flow.ts";
import { textSpec } from "../../layout/text.ts";
import { partiesPiece } from "../blocks/header-parts.ts";
import { logoPiece } from "../blocks/logo.ts";
import { titlePiece, titleSpecs } from "../blocks/title.ts";
import type { Context, Design, Look } from "../design.ts";
import type { TemplateOptions } from "../options.ts";
import { typeScale } from "./type-scale.ts";

function look(options: TemplateOptions): Look {
  const { palette, body, strong, muted, footer } = typeScale(options);
  const { heading, body: family } = options.fonts;
  const caption = textSpec(family, "regular", 7.5, palette.muted, 1.45);
  return {
    body,
    strong,
    muted,
    label: caption,
    uppercaseLabels: true,
    title: textSpec(heading, "regular", 22, palette.accent, 1.2),
    section: { spec: caption, uppercase: true, rule: null, bar: null },
    table: {
      head: caption,
      headRow: { fill: null, ruleAbove: null, ruleBelow: { color: palette.rule, width: 0.75 }, padding: 4 },
      uppercaseHead: true,
      row: { fill: null, ruleAbove: null, ruleBelow: null, padding: 2 },
      zebra: null,
      inset: 0,
    },
    totals: {
      row: { fill: null, ruleAbove: null, ruleBelow: null, padding: 3 },
      strong,
      grand: {
        spec: textSpec(heading, "bold", 11, palette.accent, 1.4),
        row: { fill: null, ruleAbove: { color: palette.accent, width: 0.75 }, ruleBelow: null, padding: 6 },
      },
    },
    footer,
    footerRule: null,
    gap: 20,
  };
}

function header(context: Context): Block[] {
  const { x, width, look } = context;
  const logo = logoPiece(context, { x: x + width * 0.6, width: width * 0.4, maxHeight: 40, align: "end" });
  const specs = { ...titleSpecs(look), value: { ...look.body, size: 11, leading: 15.4, color: look.muted.color } };
  const top = besidePieces([titlePiece(context, x, width * 0.6, { specs }), ...(logo ? [logo] : [])]);
  return [pieceBlock(top, 0), pieceBlock(partiesPiece(context, x, width), 22)];
}

export const minimal: Design = { look, header };
