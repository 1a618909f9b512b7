// The service's XLSX export (render/codecs/xlsx.ts) lays its sheet out as the printed invoice, not
// as a table: this turns that grid into the printed blocks the other printed formats give
// (formats/printed-blocks.ts), so one reader (formats/printed.ts) reads them all.
import { columnLabel, type FieldRole } from "../extract/vocabulary.ts";
import { MAX_IMPORT_ROWS, type ReadOptions, type ReadResult, tooManyRows } from "../model.ts";
import { lineColumns, wholeField, type PrintedBlock, type PrintedLine, type PrintedValue } from "./printed-blocks.ts";
import { readPrinted } from "./printed.ts";
import { isBlank, textOf, type TableCell } from "./table-cells.ts";

const cellValue = (cell: TableCell | undefined): PrintedValue => (cell === null || cell === undefined || typeof cell === "boolean" ? (cell === true ? "TRUE" : cell === false ? "FALSE" : "") : cell);
/** An empty cell; one holding blanks is not: a party's line may be blanks and the party goes on. */
const emptyCell = (cell: PrintedValue | undefined): boolean => cell === undefined || cell === "";
const blankRow = (row: readonly TableCell[]): boolean => row.every((cell) => emptyCell(cellValue(cell)));

/**
 * The XLSX export's sheet (render/codecs/xlsx.ts) as printed blocks: the title, the parties side by
 * side in columns A and C, "label | value" rows, tables from their header row to the next blank row,
 * section titles alone in column A, and the notes beneath theirs.
 */
function gridBlocks(rows: readonly TableCell[][]): PrintedBlock[] {
  const blocks: PrintedBlock[] = [];
  let section: FieldRole | null = null;
  for (let index = 0; index < rows.length; index++) {
    const row = (rows[index] ?? []).map(cellValue);
    const place = { row: index + 1 };
    const filled = row.filter((cell) => !emptyCell(cell));
    if (filled.length === 0) continue;
    const first = typeof row[0] === "string" ? row[0] : "";
    if (blocks.length === 0) {
      blocks.push({ kind: "heading", level: 1, text: textOf(row[0]), place });
      continue;
    }
    // The notes close the sheet: what follows their title is their text, whatever words it holds.
    if (section === "notes") {
      blocks.push({ kind: "lines", lines: [{ label: null, values: [textOf(filled[0])] }], place });
      continue;
    }
    const roleA = wholeField(first);
    const roleC = typeof row[2] === "string" ? wholeField(row[2]) : null;
    if (roleA === "from" && (roleC === "billTo" || isBlank(row[2]))) {
      const columns: PrintedLine[][] = [[{ label: first, values: [] }], [{ label: textOf(row[2]), values: [] }]];
      while (index + 1 < rows.length && !blankRow(rows[index + 1] ?? [])) {
        index++;
        const next = (rows[index] ?? []).map(cellValue);
        for (const [side, column] of [[0, 0], [1, 2]] as const) if (!emptyCell(next[column])) columns[side]?.push({ label: null, values: [textOf(next[column])] });
      }
      for (const column of columns) if (column.length > 1 || column[0]?.label) blocks.push({ kind: "lines", lines: column, place });
      continue;
    }
    if (lineColumns(row) || (section === "taxBreakdown" && wholeField(first) === null && columnLabel(first)?.role === "taxRate")) {
      const table: PrintedValue[][] = [row];
      while (index + 1 < rows.length && !blankRow(rows[index + 1] ?? [])) {
        const next = (rows[index + 1] ?? []).map(cellValue);
        // The exemption reasons follow the VAT rows without a blank row between.
        if (section === "taxBreakdown" && wholeField(textOf(next[0])) === "taxExemptionReason") break;
        table.push(next);
        index++;
      }
      blocks.push({ kind: "table", rows: table, place });
      continue;
    }
    if (filled.length === 1 && roleA && ["taxBreakdown", "paymentInstructions", "notes"].includes(roleA)) {
      section = roleA;
      blocks.push({ kind: "heading", level: 2, text: first, place });
      continue;
    }
    if (roleA && filled.length > 1) {
      blocks.push({ kind: "lines", lines: [{ label: first, values: row.slice(1).filter((cell) => !isBlank(cell)) }], place });
      continue;
    }
    blocks.push({ kind: "lines", lines: [{ label: null, values: [textOf(filled[0])] }], place });
  }
  return blocks;
}

/** The XLSX export's grid (numbers in major units, dates as Date cells) read as the printed invoice. */
export function readPrintedRows(rows: TableCell[][], options: ReadOptions): ReadResult {
  if (rows.length > MAX_IMPORT_ROWS) throw tooManyRows(`The sheet holds ${rows.length} rows`);
  return readPrinted({ locale: null, blocks: gridBlocks(rows) }, options);
}
