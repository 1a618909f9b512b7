// The line items as a table: description (with a line's discount beneath it, as document.ts's
// printedDescription prints it in every design), quantity, unit price, VAT rate (when the template
// shows that column) and amount. Numeric columns are as wide as their widest value or their header
// and right-aligned, so digits line up; the description takes the rest and wraps (never below 30 % of
// the table, numeric columns give way first). Every row is a block of its own that keeps together,
// with the header row as its repeated header: the header starts the table and tops every page the
// table continues on.
import { printedDescription } from "../../document.ts";
import type { Block } from "../../layout/flow.ts";
import { rowBlock, rowPiece, type Column } from "../../layout/table.ts";
import { longestWord, unwrapped, widest, within, wrap } from "../../layout/text.ts";
import type { Context } from "../design.ts";

const COLUMN_GAP = 10;
/** A header wider than this wraps between words rather than widening its numeric column. */
const MAX_HEADER_WIDTH = 90;
const MIN_DESCRIPTION_SHARE = 0.3;

/** Column lefts and widths across [x + inset, x + width - inset]; column 0 is the description. */
function columnsFor(x: number, width: number, inset: number, numericWidths: readonly number[]): Column[] {
  const inner = width - 2 * inset;
  const gaps = COLUMN_GAP * numericWidths.length;
  const wanted = numericWidths.reduce((sum, each) => sum + each, 0);
  const room = Math.max(0, inner - gaps - inner * MIN_DESCRIPTION_SHARE);
  const scale = wanted > room ? room / wanted : 1;
  const numeric = numericWidths.map((each) => each * scale);
  const description = inner - gaps - numeric.reduce((sum, each) => sum + each, 0);
  const columns: Column[] = [{ x: x + inset, width: description, align: "start" }];
  let left = x + inset + description;
  for (const each of numeric) {
    left += COLUMN_GAP;
    columns.push({ x: left, width: each, align: "end" });
    left += each;
  }
  return columns;
}

export function lineTableBlocks(context: Context): Block[] {
  const { document, look, options, x, width } = context;
  const { table } = look;
  const { format } = document;
  const keep = (index: number): boolean => index !== 3 || options.show.tax_rate_column;
  const headTexts = document.lineHeader.filter((_, index) => keep(index)).map((text) => (table.uppercaseHead ? text.toLocaleUpperCase(context.record.locale) : text));
  const rows = document.lines.map((line) => {
    const numbers = [format.quantity(line.quantity), format.money(line.unitPrice), format.percent(line.taxRate), format.money(line.amount)];
    return { description: printedDescription(document, line), numbers: numbers.filter((_, index) => keep(index + 1)).map((value) => unwrapped(value, look.body)) };
  });
  const numericWidths = headTexts.slice(1).map((head, index) =>
    Math.max(Math.min(widest(head, table.head), MAX_HEADER_WIDTH), longestWord(head, table.head), ...rows.map((row) => row.numbers[index]?.width ?? 0)),
  );
  const columns = columnsFor(x, width, table.inset, numericWidths);
  const widthOf = (index: number): number => columns[index]?.width ?? 0;
  const span = { x, width };
  const header = rowPiece(
    headTexts.map((text, index) => wrap(text, table.head, widthOf(index))),
    columns,
    table.headRow,
    span,
  );
  return rows.map((row, index) => {
    const cells = [wrap(row.description, look.body, widthOf(0)), ...row.numbers.map((cell, column) => within(cell, widthOf(column + 1)))];
    const striped = table.zebra !== null && index % 2 === 1 ? { ...table.row, fill: table.zebra } : table.row;
    return rowBlock(cells, columns, striped, span, { gap: index === 0 ? look.gap : 0, header });
  });
}
