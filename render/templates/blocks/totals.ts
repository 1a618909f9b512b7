// The totals: subtotal, VAT, total, and amount paid and due once something was paid. Labels on the
// left, amounts right-aligned on the line table's amount edge; the total is strong and the last
// line (what the buyer pays) has the design's own band and size. When the template hides the VAT
// breakdown and the invoice has several VAT groups, the VAT line is given per group instead, so the
// tax per rate that an invoice must state is still printed.
import type { Total } from "../../document.ts";
import { stackPieces, type Piece } from "../../layout/flow.ts";
import { rowPiece } from "../../layout/table.ts";
import { widest, wrap, type TextSpec } from "../../layout/text.ts";
import type { Context } from "../design.ts";

const LABEL_GAP = 12;

function printedTotals({ document, options }: Context): Total[] {
  const { totals, taxRows, labels } = document;
  if (options.show.tax_breakdown || taxRows.length < 2) return totals;
  return totals.flatMap((total) => (total.label === labels.tax ? taxRows.map((row) => ({ label: row.label, amount: row.tax, strong: false })) : [total]));
}

/** What the totals need side by side: the widest label and the widest amount, plus the table inset. */
export function totalsWidth(context: Context): number {
  const { look, document } = context;
  const rows = printedTotals(context);
  const specs = [look.body, look.totals.strong, look.totals.grand.spec];
  const widestOf = (texts: string[]): number => Math.max(...texts.flatMap((text) => specs.map((spec) => widest(text, spec))));
  const amounts = rows.map((row) => document.format.money(row.amount));
  return widestOf(rows.map((row) => row.label)) + LABEL_GAP + widestOf(amounts) + 2 * look.table.inset;
}

export function totalsPiece(context: Context, x: number, width: number): Piece {
  const { look, document } = context;
  const { inset } = look.table;
  const rows = printedTotals(context);
  const amounts = rows.map((row) => document.format.money(row.amount));
  const specOf = (row: Total, index: number): TextSpec => (index === rows.length - 1 ? look.totals.grand.spec : row.strong ? look.totals.strong : look.body);
  const amountWidth = Math.max(...amounts.map((amount, index) => widest(amount, specOf(rows[index] as Total, index))));
  const labelWidth = Math.max(0, width - 2 * inset - LABEL_GAP - amountWidth);
  const columns = [
    { x: x + inset, width: labelWidth, align: "start" as const },
    { x: x + width - inset - amountWidth, width: amountWidth, align: "end" as const },
  ];
  const span = { x, width };
  return stackPieces(
    rows.map((row, index) => {
      const spec = specOf(row, index);
      const rowLook = index === rows.length - 1 ? look.totals.grand.row : look.totals.row;
      return rowPiece([wrap(row.label, spec, labelWidth), wrap(amounts[index] as string, spec, amountWidth)], columns, rowLook, span);
    }),
  );
}
