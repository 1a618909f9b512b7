// The first worksheet of an XLSX as the grid the tabular reader gets (TableCell[][]), loaded by
// exceljs: what the XLSX import reader hands readPrintedRows for the export's printed layout.
import ExcelJS from "exceljs";
import type { TableCell } from "../../../server/imports/formats/table-cells.ts";

function cellOf(value: ExcelJS.CellValue): TableCell {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean" || value instanceof Date) return value;
  if (typeof value === "object" && "richText" in value) return value.richText.map((run) => run.text).join("");
  throw new Error(`unexpected cell ${JSON.stringify(value)}`);
}

export async function gridOf(bytes: Uint8Array): Promise<TableCell[][]> {
  const workbook = new ExcelJS.Workbook();
  // exceljs types its input as its own ArrayBuffer-like Buffer; a copy of the bytes is one.
  await workbook.xlsx.load(bytes.slice().buffer as Parameters<typeof workbook.xlsx.load>[0]);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error("no worksheet");
  const rows: TableCell[][] = Array.from({ length: sheet.rowCount }, () => []);
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    const cells: TableCell[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellOf(cell.value);
    });
    rows[number - 1] = Array.from(cells, (cell) => cell ?? null);
  });
  return rows;
}
