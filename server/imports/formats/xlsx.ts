// XLSX read as a table (formats/table.ts), or, when its first sheet with data has no header row this
// reader understands, as a printed document (formats/printed.ts: the service's own XLSX export lays
// out the invoice as it prints). The package is opened only through archive.ts (zip-bomb limits) and
// every part parsed through xml.ts (no DOCTYPE). What the grid holds per cell:
// - shared strings (rich-text runs joined, phonetic guides left out) and inline strings: text;
// - booleans: true / false; error cells ("#DIV/0!"): their text, which no numeric column reads;
// - numbers: a Date when the cell's number format is a date (built-in 14–17 and 22, or a custom code
//   with d or y, or m without h or s), a percentage as "19%" text when the format has "%" (the
//   decimal point shifted in the shortest decimal string, no float product), else the number;
// - formulas: their cached value, never evaluated; a formula saved without one is a problem.
// Merged cells: the master's value fills the range when it starts in the first two non-empty rows,
// so a merged header ("Customer" over "Name | E-mail") names every column beneath it.
// The spreadsheet budget (server/domain/document-budgets.ts) is held before each expensive step: a
// cell's text when its part is pre-scanned (xml.ts), the shared strings and the grid's cells before
// the grid is built (one cell at XFD1048576 would otherwise make a grid of 17 billion).
import { DOCUMENT_BUDGETS, overBudget } from "../../domain/document-budgets.ts";
import { AppError } from "../../domain/errors.ts";
import { openPackage, type Package } from "../archive.ts";
import { MAX_IMPORT_ROWS, type FormatReader, tooManyRows } from "../model.ts";
import { parseXml, type XmlNode, type XmlValue } from "../xml.ts";
import { currenciesOfSymbol } from "../../domain/decimal-text.ts";
import { readPrintedRows } from "./printed-grid.ts";
import { readTable } from "./table.ts";
import { serialDate, type TableCell } from "./table-cells.ts";
import { hasTableHeader } from "./table-headers.ts";

const LISTS = new Set(["sheet", "Relationship", "row", "c", "si", "r", "numFmt", "xf", "mergeCell"]);

function malformed(what: string): AppError {
  return new AppError("VALIDATION_ERROR", `The file is not a readable XLSX workbook: ${what}`, { field: "content", issue: "malformed xlsx" });
}

const asNode = (value: XmlValue | undefined): XmlNode | undefined => (value && typeof value === "object" && !Array.isArray(value) ? value : undefined);
const asList = (value: XmlValue | undefined): XmlNode[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]).map((each) => asNode(each) ?? { "#text": each as string });

/** An element's text, whether it parsed as a string or as a node with attributes. */
function textOf(value: XmlValue | undefined): string {
  if (value === undefined) return "";
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map(textOf).join("");
  return textOf(value["#text"]);
}

/** A part parsed; `cells`: it holds cell text (shared strings, a sheet), held to the cell budget. */
function part(pkg: Package, name: string, cells = false): XmlNode | null {
  const text = pkg.text(name);
  // Shared strings keep their blanks (a cell "  Net" under xml:space="preserve" is what was typed).
  return text === null ? null : parseXml(text, { lists: LISTS, keepBlanks: name === "xl/sharedStrings.xml", part: name, cells });
}

/** The workbook's shared strings, each a cell's text at most (rich-text runs joined may pass what one run did). */
function sharedStrings(pkg: Package): string[] {
  const items = asList(asNode(part(pkg, "xl/sharedStrings.xml", true)?.sst)?.si);
  if (items.length > DOCUMENT_BUDGETS.spreadsheet.cells) throw overBudget("spreadsheet", "cells", items.length, "xl/sharedStrings.xml");
  const strings = items.map(stringItem);
  const longest = strings.reduce((found, each) => Math.max(found, each.length), 0);
  if (longest > DOCUMENT_BUDGETS.spreadsheet.cellChars) throw overBudget("spreadsheet", "cellChars", longest, "A cell of xl/sharedStrings.xml");
  return strings;
}

/** A string item: its text, or its rich-text runs joined (phonetic runs, rPh, are not text). */
function stringItem(item: XmlNode | undefined): string {
  if (!item) return "";
  if (item.t !== undefined) return textOf(item.t);
  return asList(item.r).map((run) => textOf(run.t)).join("");
}

/** Where a relationship points, as a package entry name. */
function entryName(target: string): string {
  return target.startsWith("/") ? target.slice(1) : `xl/${target}`;
}

function sheetEntries(pkg: Package): { names: string[]; date1904: boolean } {
  const workbook = asNode(part(pkg, "xl/workbook.xml")?.workbook);
  if (!workbook) throw malformed("no xl/workbook.xml");
  const relations = asList(asNode(part(pkg, "xl/_rels/workbook.xml.rels")?.Relationships)?.Relationship);
  const targets = new Map(relations.map((relation) => [textOf(relation["@Id"]), textOf(relation["@Target"])]));
  const names = asList(asNode(workbook.sheets)?.sheet).map((sheet) => {
    const target = targets.get(textOf(sheet["@id"] ?? sheet["@r:id"]));
    if (!target) throw malformed(`sheet "${textOf(sheet["@name"])}" has no part`);
    return entryName(target);
  });
  const properties = asNode(workbook.workbookPr);
  const flag = textOf(properties?.["@date1904"]);
  return { names, date1904: flag === "1" || flag === "true" };
}

type NumberStyle = "date" | "percent" | "number";
const BUILT_IN_DATES = new Set([14, 15, 16, 17, 22]);
const BUILT_IN_PERCENTS = new Set([9, 10]);

/** What a number format code shows: quoted text, escapes and [colour]/[$-locale] sections are not the pattern. */
export function styleOfCode(code: string): NumberStyle {
  const pattern = code.replace(/"[^"]*"|\\.|\[[^\]]*\]/g, "").split(";")[0] ?? "";
  if (pattern.includes("%")) return "percent";
  if (/[dy]/i.test(pattern) || (/m/i.test(pattern) && !/[hs]/i.test(pattern))) return "date";
  return "number";
}

/** The workbook's number formats: its custom codes by id, and each cell style's number style. */
function numberFormats(pkg: Package): { custom: Map<number, string>; styles: NumberStyle[] } {
  const sheet = asNode(part(pkg, "xl/styles.xml")?.styleSheet);
  const custom = customFormats(sheet);
  return { custom, styles: numberStyles(sheet, custom) };
}

/** The custom number format codes of the workbook, by id. */
function customFormats(sheet: XmlNode | undefined): Map<number, string> {
  return new Map(asList(asNode(sheet?.numFmts)?.numFmt).map((format) => [Number(textOf(format["@numFmtId"])), textOf(format["@formatCode"])]));
}

/**
 * The currency the money formats name ('#,##0.00" €"', '"￥"#,##0'): a printed sheet's amounts are
 * bare numbers, so their format is the only place the currency is written. The given currency
 * when a symbol may mean it ("$"), else the symbol's first; the given one when no format names any.
 */
export function sheetCurrency(formats: Iterable<string>, given: string): string {
  for (const code of formats) {
    for (const [, quoted] of code.matchAll(/"([^"]*)"/g)) {
      const currencies = currenciesOfSymbol((quoted ?? "").normalize("NFKC").trim());
      if (currencies.length > 0) return currencies.includes(given) ? given : (currencies[0] as string);
    }
  }
  return given;
}

/** Each cell style index's number style, given the workbook's custom formats. */
function numberStyles(sheet: XmlNode | undefined, custom: ReadonlyMap<number, string>): NumberStyle[] {
  if (!sheet) return [];
  return asList(asNode(sheet.cellXfs)?.xf).map((xf) => {
    const id = Number(textOf(xf["@numFmtId"]) || 0);
    const code = custom.get(id);
    if (code !== undefined) return styleOfCode(code);
    return BUILT_IN_DATES.has(id) ? "date" : BUILT_IN_PERCENTS.has(id) ? "percent" : "number";
  });
}

/** "C12" → row 11, column 2 (0-based). */
export function cellPlace(reference: string): { row: number; column: number } | null {
  const match = /^([A-Z]{1,3})(\d+)$/.exec(reference);
  if (!match) return null;
  const column = [...match[1]!].reduce((sum, letter) => sum * 26 + letter.charCodeAt(0) - 64, 0) - 1;
  const row = Number(match[2]) - 1;
  return column < 16_384 && row < 1_048_576 ? { row, column } : null;
}

/** 0.19 → "19%": the shortest decimal string with its point moved two places. */
export function percentText(value: number): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(String(value));
  if (!match) return `${value * 100}%`;
  const [, sign, whole = "", fraction = ""] = match;
  const digits = whole + fraction.padEnd(2, "0");
  const point = whole.length + 2;
  const shifted = `${digits.slice(0, point)}.${digits.slice(point)}`.replace(/^0+(?=\d)/, "").replace(/\.?0*$/, "");
  return `${sign}${shifted || "0"}%`;
}

type Grid = { rows: TableCell[][]; uncomputed: Set<string> };

function cellValue(cell: XmlNode, strings: readonly string[], styles: readonly NumberStyle[], date1904: boolean): TableCell {
  const type = textOf(cell["@t"]) || "n";
  const raw = textOf(cell.v);
  if (type === "inlineStr") return stringItem(asNode(cell.is));
  if (type === "s") return strings[Number(raw)] ?? "";
  if (type === "str" || type === "e") return raw;
  if (type === "b") return raw === "1";
  if (raw === "") return null;
  const number = Number(raw);
  if (!Number.isFinite(number)) return raw;
  const style = styles[Number(textOf(cell["@s"]) || 0)] ?? "number";
  if (style === "percent") return percentText(number);
  if (style === "date") {
    const day = serialDate(number, date1904);
    return day ? new Date(`${day}T00:00:00Z`) : number;
  }
  return number;
}

/** A worksheet's cells as a grid, or null when it holds no value. */
function sheetGrid(sheet: XmlNode, strings: readonly string[], styles: readonly NumberStyle[], date1904: boolean): Grid | null {
  const worksheet = asNode(sheet.worksheet);
  if (!worksheet) throw malformed("a worksheet without <worksheet>");
  const rowNodes = asList(asNode(worksheet.sheetData)?.row);
  // A header, and the rows above it, may sit over the 10,000 data rows: refuse well before building them.
  if (rowNodes.length > MAX_IMPORT_ROWS + 100) throw tooManyRows(`The sheet holds ${rowNodes.length} rows`);
  const byRow = new Map<number, TableCell[]>();
  const uncomputed = new Set<string>();
  rowNodes.forEach((rowNode, rowIndex) => {
    asList(rowNode.c).forEach((cell, columnIndex) => {
      const reference = textOf(cell["@r"]);
      const place = reference ? cellPlace(reference) : { row: Number(textOf(rowNode["@r"]) || rowIndex + 1) - 1, column: columnIndex };
      if (!place) throw malformed(`a cell reference "${reference}"`);
      const value = cellValue(cell, strings, styles, date1904);
      if (cell.f !== undefined && cell.v === undefined) uncomputed.add(`${place.row}:${place.column}`);
      if (value === null || value === "") return;
      const row = byRow.get(place.row) ?? [];
      row[place.column] = value;
      byRow.set(place.row, row);
    });
  });
  if (byRow.size === 0) return null;
  const last = [...byRow.keys(), ...[...uncomputed].map((key) => Number(key.split(":")[0]))].reduce((found, row) => Math.max(found, row), 0);
  // The grid holds every row up to the last and every column up to each row's last: counted before it is built.
  const cells = [...byRow.values()].reduce((sum, row) => sum + row.length, last + 1 - byRow.size);
  if (cells > DOCUMENT_BUDGETS.spreadsheet.cells) throw overBudget("spreadsheet", "cells", cells, "The sheet's grid");
  const rows = Array.from({ length: last + 1 }, (_, index) => Array.from(byRow.get(index) ?? [], (cell) => cell ?? null));
  spreadMergedHeaders(rows, asList(asNode(worksheet.mergeCells)?.mergeCell).map((merge) => textOf(merge["@ref"])));
  return { rows, uncomputed };
}

/** Fills merged ranges starting in the first two non-empty rows with their master's value. */
function spreadMergedHeaders(rows: TableCell[][], ranges: readonly string[]): void {
  const first = rows.findIndex((row) => row.some((cell) => cell !== null));
  for (const range of ranges) {
    const [from, to] = range.split(":").map(cellPlace);
    if (!from || !to || from.row > first + 1) continue;
    const master = rows[from.row]?.[from.column] ?? null;
    // A range may reach past the sheet's last row (A1:XFD1048576): only rows the grid holds are filled.
    for (let row = from.row; row <= Math.min(to.row, first + 1, rows.length - 1); row++) {
      for (let column = from.column; column <= to.column; column++) {
        const cells = rows[row]!;
        while (cells.length < column) cells.push(null);
        cells[column] = master;
      }
    }
  }
}

export const readXlsx: FormatReader = async (bytes, options) => {
  const pkg = openPackage(bytes);
  const { names, date1904 } = sheetEntries(pkg);
  const strings = sharedStrings(pkg);
  const { custom: formats, styles } = numberFormats(pkg);
  for (const name of names) {
    options.signal?.throwIfAborted();
    const sheet = part(pkg, name, true);
    if (!sheet) throw malformed(`no part ${name}`);
    const grid = sheetGrid(sheet, strings, styles, date1904);
    if (!grid) continue;
    if (!hasTableHeader(grid.rows, options)) return readPrintedRows(grid.rows, { ...options, currency: sheetCurrency(formats.values(), options.currency) });
    return readTable(grid.rows, options, { uncomputed: grid.uncomputed, date1904 });
  }
  throw malformed("no worksheet holds a value");
};
