// Bold: a full-bleed band of the panel colour across the top of the first page carrying the title
// (type name in capitals) and the logo, with a stripe of the accent colour under it. Captions are
// accent capitals, section headings carry an accent bar, the table's header is a band of the panel
// colour with striped rows under it, and the amount to pay is an accent band. Text on a band takes
// white or the text colour, whichever reads better on the template's colour.
import type { Box } from "../../layout/boxes.ts";
import { mix, readableOn } from "../../layout/colour.ts";
import { besidePieces, pieceBlock, type Block, type Piece } from "../../layout/flow.ts";
import { textSpec } from "../../layout/text.ts";
import { partiesPiece } from "../blocks/header-parts.ts";
import { logoPiece } from "../blocks/logo.ts";
import { titlePiece, titleSpecs } from "../blocks/title.ts";
import type { Context, Design, Look } from "../design.ts";
import type { TemplateOptions } from "../options.ts";
import { paletteOf, typeScale } from "./type-scale.ts";

const STRIPE = 5;
/** Room inside the band below its content, and between the band and what follows it. */
const BAND_PADDING = 18;

function look(options: TemplateOptions): Look {
  const { palette, body, strong, muted, footer } = typeScale(options);
  const { heading, body: family } = options.fonts;
  const onPanel = readableOn(palette.panel, palette.text);
  return {
    body,
    strong,
    muted,
    label: textSpec(family, "bold", 7.5, palette.accent, 1.45),
    uppercaseLabels: true,
    title: textSpec(heading, "bold", 30, onPanel, 1.1),
    section: { spec: textSpec(heading, "bold", 9, palette.text, 1.45), uppercase: true, rule: null, bar: palette.accent },
    table: {
      head: textSpec(family, "bold", 8, onPanel, 1.45),
      headRow: { fill: palette.panel, ruleAbove: null, ruleBelow: null, padding: 5 },
      uppercaseHead: true,
      row: { fill: null, ruleAbove: null, ruleBelow: null, padding: 2 },
      zebra: mix(palette.panel, "#ffffff", 0.93),
      inset: 8,
    },
    totals: {
      row: { fill: null, ruleAbove: null, ruleBelow: null, padding: 3 },
      strong,
      grand: {
        spec: textSpec(heading, "bold", 12, readableOn(palette.accent, palette.text), 1.4),
        row: { fill: palette.accent, ruleAbove: null, ruleBelow: null, padding: 8 },
      },
    },
    footer,
    footerRule: { color: palette.accent, width: 1.5 },
    gap: 18,
  };
}

/** The band from the page's top edge down past the title, then the accent stripe. */
function band(context: Context, content: Piece): Piece {
  const { page, margins } = context;
  const palette = paletteOf(context.options);
  return {
    height: content.height + BAND_PADDING + STRIPE,
    draw(top) {
      const bottom = top + content.height + BAND_PADDING;
      const boxes: Box[] = [
        { kind: "rect", x: 0, y: 0, width: page.width, height: bottom, fill: palette.panel, stroke: null, strokeWidth: 0 },
        { kind: "rect", x: 0, y: bottom, width: page.width, height: STRIPE, fill: palette.accent, stroke: null, strokeWidth: 0 },
      ];
      return [...boxes, ...content.draw(Math.max(top, margins.top))];
    },
  };
}

function header(context: Context): Block[] {
  const { x, width, look, options } = context;
  const palette = paletteOf(options);
  const base = titleSpecs(look);
  const specs = {
    title: look.title,
    label: { ...base.label, color: mix(palette.panel, look.title.color, 0.65) },
    value: { ...base.value, size: 13, leading: 18, color: palette.accent },
  };
  const typeName = context.document.type.toLocaleUpperCase(context.record.locale);
  const logo = logoPiece(context, { x: x + width * 0.6, width: width * 0.4, maxHeight: 48, align: "end" });
  const content = besidePieces([titlePiece(context, x, width * 0.6, { specs, typeName }), ...(logo ? [logo] : [])]);
  return [pieceBlock(band(context, content), 0), pieceBlock(partiesPiece(context, x, width), BAND_PADDING)];
}

export const bold: Design = { look, header };
