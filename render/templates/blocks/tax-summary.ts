// The VAT side of the summary: the breakdown per VAT group (category and rate: net amount and VAT)
// when the template shows it, then the exemption reasons, which are always printed (they state why
// a line carries no VAT).
import { printedTaxRows } from "../../document.ts";
import { stackPieces, type Piece } from "../../layout/flow.ts";
import { rowPiece, type RowLook } from "../../layout/table.ts";
import { widest, wrap } from "../../layout/text.ts";
import type { Context } from "../design.ts";
import { paletteOf } from "../designs/type-scale.ts";
import { caption, sectionHeading, textPiece } from "../pieces.ts";

const COLUMN_GAP = 10;

/** The breakdown's header and rows as printed, and how wide its amount columns are. */
function breakdownTexts(context: Context): { header: string[]; rows: string[][]; amountWidth: number } {
  const { document, look } = context;
  const rows = printedTaxRows(document);
  const header = document.taxHeader.map((text) => caption(context, text));
  const amountWidth = Math.max(0, ...header.slice(1).map((text) => widest(text, look.label)), ...rows.flatMap((row) => row.slice(1).map((text) => widest(text, look.body))));
  return { header, rows, amountWidth };
}

function breakdownPiece(context: Context, x: number, width: number): Piece {
  const { document, look, options } = context;
  const { header, rows, amountWidth } = breakdownTexts(context);
  const labelWidth = Math.max(0, width - 2 * (amountWidth + COLUMN_GAP));
  const columns = [
    { x, width: labelWidth, align: "start" as const },
    { x: x + labelWidth + COLUMN_GAP, width: amountWidth, align: "end" as const },
    { x: x + width - amountWidth, width: amountWidth, align: "end" as const },
  ];
  const span = { x, width };
  const headRow: RowLook = { fill: null, ruleAbove: null, ruleBelow: { color: paletteOf(options).rule, width: 0.75 }, padding: 2 };
  const bodyRow: RowLook = { fill: null, ruleAbove: null, ruleBelow: null, padding: 2 };
  const cells = (texts: readonly string[], spec = look.body) => texts.map((text, index) => wrap(text, spec, columns[index]?.width ?? 0));
  return stackPieces([
    sectionHeading(context, document.labels.taxBreakdown, x, width),
    rowPiece(cells(header, look.label), columns, headRow, span),
    ...rows.map((row) => rowPiece(cells(row), columns, bodyRow, span)),
  ]);
}

function exemptionsPiece(context: Context, x: number, width: number): Piece {
  const { document, look } = context;
  return stackPieces([sectionHeading(context, document.labels.taxExemptionReason, x, width), ...document.exemptionReasons.map((reason) => textPiece(reason, look.body, x, width))]);
}

/** How wide the breakdown is when no label wraps (0 when it is not shown); exemption reasons wrap. */
export function taxSummaryWidth(context: Context): number {
  const { document, options, look } = context;
  if (!options.show.tax_breakdown || document.taxRows.length === 0) return 0;
  const { header, rows, amountWidth } = breakdownTexts(context);
  const labelWidth = Math.max(widest(header[0] ?? "", look.label), ...rows.map((row) => widest(row[0] ?? "", look.body)));
  return labelWidth + 2 * (amountWidth + COLUMN_GAP);
}

/** The VAT breakdown and exemption reasons stacked, or null when there is neither. */
export function taxSummaryPiece(context: Context, x: number, width: number): Piece | null {
  const { document, options, look } = context;
  const parts: Piece[] = [];
  if (options.show.tax_breakdown && document.taxRows.length > 0) parts.push(breakdownPiece(context, x, width));
  if (document.exemptionReasons.length > 0) parts.push(exemptionsPiece(context, x, width));
  if (parts.length === 0) return null;
  return stackPieces(parts, look.gap / 2);
}
