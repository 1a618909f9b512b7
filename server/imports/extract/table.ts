// The line-item table: a header row naming at least a description and an amount (or a quantity and
// a price) in any label language, then rows until the totals, a section label or the page's end.
// A row's cells fall into the header's columns by where they stand (between the midpoints of
// neighbouring headers), so left-aligned descriptions and right-aligned numbers both land right;
// a line with only a description continues the row above (the renderer wraps long descriptions
// under their first line). A table that goes on over pages starts again under each repeated header.
// OCR adds two things: figures are read in the ways OCR may have garbled them and a row keeps the
// reading that adds up, and a table whose header OCR lost is found by its rows' shape.
import { lineAmount, toScaled } from "../../domain/money.ts";
import { foldAmount, moneyReadings, quantityReadings, rateReadings, readMoney, readPercent, type NumberStyle, type QuantityReading } from "./amounts.ts";
import { splitAmount } from "../../domain/decimal-text.ts";
import type { Cell, Line } from "./layout.ts";
import type { Reader } from "./reading.ts";
import { columnLabel, fieldLabel, isPageFooter, type ColumnRole } from "./vocabulary.ts";
import type { LabelLanguage } from "../../../render/labels/index.ts";

export type TableRow = {
  description: string;
  quantity: number | null;
  unit: string | null;
  unitPrice: number | null;
  taxRate: number | null;
  amount: number | null;
  /** The lowest confidence of the cells the row was read from (OCR), 1 for a text layer. */
  confidence: number;
};

export type Table = { rows: TableRow[]; roles: ReadonlySet<ColumnRole>; languages: LabelLanguage[] };

/** A header cell's column: its role, where its header starts, and the midpoints to its neighbours. */
type Column = { role: ColumnRole | null; x0: number; left: number; right: number };

const NUMERIC: ReadonlySet<ColumnRole> = new Set(["quantity", "unitPrice", "amount"]);

/** Most cells OCR splits one header into ("PRIX" "UNITAIRE" "HT"). */
const SPLIT_HEADER = 3;

/**
 * A header's cells as OCR should have read them: the pieces of one header it split at a wide space
 * between words ("PRIX" "UNITAIRE HT") joined back (cells that together name a column and apart do
 * not all), and two headers it ran together ("QUANTITA PREZZO UNITARIO") split where both halves
 * name a column, each half as wide as its share of the letters.
 */
function headerCells(cells: readonly Cell[], misread: boolean): Cell[] {
  if (!misread) return [...cells];
  const joined: Cell[] = [];
  for (let index = 0; index < cells.length; index++) {
    const span = [SPLIT_HEADER, 2].find((count) => {
      const pieces = cells.slice(index, index + count);
      if (pieces.length < count || pieces.every((piece) => columnLabel(piece.text, misread))) return false;
      return columnLabel(pieces.map((piece) => piece.text).join(" "), misread) !== null;
    });
    const pieces = cells.slice(index, index + (span ?? 1));
    joined.push({ text: pieces.map((piece) => piece.text).join(" "), x0: pieces[0]!.x0, x1: pieces.at(-1)!.x1, confidence: Math.min(...pieces.map((piece) => piece.confidence)) });
    index += pieces.length - 1;
  }
  return joined.flatMap((cell) => (columnLabel(cell.text, misread) ? [cell] : splitHeader(cell, misread)));
}

function splitHeader(cell: Cell, misread: boolean): Cell[] {
  const words = cell.text.split(" ");
  for (let at = 1; at < words.length; at++) {
    const [left, right] = [words.slice(0, at).join(" "), words.slice(at).join(" ")];
    if (!columnLabel(left, misread) || !columnLabel(right, misread)) continue;
    const middle = cell.x0 + ((cell.x1 - cell.x0) * (left.length + 0.5)) / cell.text.length;
    return [
      { ...cell, text: left, x1: middle },
      { ...cell, text: right, x0: middle },
    ];
  }
  return [cell];
}

/** The header's columns when the line reads as a line-item header, else null. */
function headerColumns(line: Line, misread: boolean): { columns: Column[]; languages: LabelLanguage[] } | null {
  const cells = headerCells(line.cells, misread);
  const matches = cells.map((cell) => columnLabel(cell.text, misread));
  const roles = new Set(matches.flatMap((match) => (match ? [match.role] : [])));
  const named = matches.filter(Boolean).length;
  const isHeader =
    named >= 2 &&
    named * 2 >= cells.length &&
    ((roles.has("description") && [...roles].some((role) => NUMERIC.has(role))) ||
      (roles.has("quantity") && (roles.has("unitPrice") || roles.has("amount"))) ||
      (roles.has("unitPrice") && roles.has("amount")));
  if (!isHeader) return null;
  // A first column whose header was not read (OCR's "BESCHREISUNG") is still the item's description:
  // every table puts what was sold first, the figures to its right.
  const unnamedFirst = !roles.has("description") && matches[0] === null;
  const columns = cells.map((cell, index): Column => {
    const previous = cells[index - 1];
    const next = cells[index + 1];
    return {
      role: matches[index]?.role ?? (index === 0 && unnamedFirst ? "description" : null),
      x0: cell.x0,
      left: previous ? (previous.x1 + cell.x0) / 2 : Number.NEGATIVE_INFINITY,
      right: next ? (cell.x1 + next.x0) / 2 : Number.POSITIVE_INFINITY,
    };
  });
  const languages = matches.flatMap((match) => (match ? [...match.languages] : []));
  return { columns, languages };
}

type Row = { byRole: Map<ColumnRole, Cell[]>; other: Cell[] };

function rowOf(line: Line, columns: readonly Column[]): Row {
  const byRole = new Map<ColumnRole, Cell[]>();
  const other: Cell[] = [];
  for (const cell of line.cells) {
    const middle = (cell.x0 + cell.x1) / 2;
    // A description starts under its header even when a long one runs past the midpoint.
    const column =
      columns.find((candidate) => candidate.role === "description" && Math.abs(cell.x0 - candidate.x0) <= line.size) ??
      columns.find((candidate) => middle >= candidate.left && middle < candidate.right);
    if (column?.role) byRole.set(column.role, [...(byRole.get(column.role) ?? []), cell]);
    else other.push(cell);
  }
  return { byRole, other };
}

const textOf = (cells: readonly Cell[] | undefined): string => (cells ?? []).map((cell) => cell.text).join(" ").trim();

/**
 * A row's values read by the document's number style; null fields where a cell is empty or
 * unreadable. Where OCR offers several readings of the figures, the row takes the first whose
 * quantity × unit price is its amount (the fewest repairs first), else each cell's likeliest.
 */
function valuesOf(row: Row, style: NumberStyle): Omit<TableRow, "description" | "confidence"> & { rateDigits: number[] } {
  const cellText = (role: ColumnRole): string => textOf(row.byRole.get(role));
  const quantities = cellText("quantity") ? quantityReadings(cellText("quantity"), style) : [];
  const prices = cellText("unitPrice") ? moneyReadings(cellText("unitPrice"), style) : [];
  const amounts = cellText("amount") ? moneyReadings(cellText("amount"), style) : [];
  const rate = cellText("taxRate") ? rateReadings(cellText("taxRate"), style) : { rate: null, digits: [] };
  const checked = checkedFigures(quantities.length > 0 ? quantities : [null], prices, amounts);
  const quantity = checked ? checked.quantity : (quantities[0] ?? null);
  return {
    quantity: quantity?.value ?? null,
    unit: quantity?.unit ?? null,
    unitPrice: checked ? checked.unitPrice : (prices[0] ?? null),
    taxRate: rate.rate,
    rateDigits: rate.digits,
    amount: checked ? checked.amount : (amounts[0] ?? null),
  };
}

type Checked = { quantity: QuantityReading | null; unitPrice: number; amount: number };

/** The readings whose quantity (1 when none is printed) × unit price is the amount, fewest repairs first. */
function checkedFigures(quantities: ReadonlyArray<QuantityReading | null>, prices: readonly number[], amounts: readonly number[]): Checked | null {
  const combinations: Array<Checked & { repairs: number }> = [];
  quantities.forEach((quantity, q) =>
    prices.forEach((unitPrice, p) => amounts.forEach((amount, a) => combinations.push({ quantity, unitPrice, amount, repairs: q + p + a }))),
  );
  combinations.sort((first, second) => first.repairs - second.repairs);
  return combinations.find(({ quantity, unitPrice, amount }) => safeLineAmount(quantity?.value ?? 1, unitPrice) === amount) ?? null;
}

/** A label that ends the table: the totals, a section heading, "Page 1 of 2". */
function endsTable(line: Line, misread: boolean): boolean {
  return line.cells.some((cell) => {
    if (isPageFooter(cell.text)) return true;
    const label = fieldLabel(cell.text, misread);
    return label !== null && (label.rest === "" || label.colon || readPercent(label.rest, ".") !== null);
  });
}

/** Rows read so far with the line each starts on, the columns and languages their headers named, and the rates OCR read as no rate. */
type Reading = Table & { rows: TableRow[]; lineOf: Map<TableRow, number>; roles: Set<ColumnRole>; languages: LabelLanguage[]; unreadRates: Map<TableRow, number[]> };

export function findTable(reader: Reader, style: NumberStyle): Table | null {
  const { lines, misread } = reader.layout;
  const table: Reading = { rows: [], lineOf: new Map(), roles: new Set(), languages: [], unreadRates: new Map() };
  for (let index = 0; index < lines.length; index++) {
    const header = headerColumns(lines[index] as Line, misread);
    if (!header) continue;
    header.columns.forEach((column) => column.role && table.roles.add(column.role));
    table.languages.push(...header.languages);
    reader.skip.add(index);
    index = readRows(reader, index + 1, lines[index] as Line, (line) => rowOf(line, header.columns), style, table) - 1;
  }
  // A header OCR lost on one page leaves that page's rows to be found by their shape.
  readHeaderless(reader, style, table);
  settleRates(table.rows, table.unreadRates);
  const rows = table.rows.sort((a, b) => table.lineOf.get(a)! - table.lineOf.get(b)!);
  const { roles, languages } = table;
  return rows.length > 0 || roles.size > 0 ? { rows, roles, languages } : null;
}

/**
 * The rows from line `from` on (under `above`: the header, or the first row itself), each line's
 * cells put in columns by `rowFor`, until the totals, a section label, a new header or the page's
 * end; a line with only a description continues the row above. Returns where it stopped.
 */
function readRows(reader: Reader, from: number, above: Line, rowFor: (line: Line) => Row, style: NumberStyle, table: Reading): number {
  const { lines, misread } = reader.layout;
  let previous = above;
  let last: TableRow | null = null;
  let index = from;
  for (; index < lines.length; index++) {
    const line = lines[index] as Line;
    if (line.page !== above.page || headerColumns(line, misread)) break;
    const row = rowFor(line);
    const description = textOf(row.byRole.get("description"));
    const { rateDigits, ...values } = valuesOf(row, style);
    const priced = values.amount !== null || values.unitPrice !== null;
    if (!priced && endsTable(line, misread)) break;
    if (priced && description && !(endsTable(line, misread) && fieldLabel(description, misread)?.rest === "")) {
      const confidence = Math.min(...line.cells.map((cell) => cell.confidence));
      last = { description, ...values, confidence };
      table.rows.push(last);
      table.lineOf.set(last, index);
      if (rateDigits.length > 0) table.unreadRates.set(last, rateDigits);
    } else if (!priced && description && last && line.bottom - previous.bottom <= 1.8 * Math.max(line.size, previous.size)) {
      last.description += ` ${description}`;
    } else if (priced || line.bottom - previous.bottom > 3 * Math.max(line.size, previous.size)) {
      break;
    }
    reader.skip.add(index);
    previous = line;
  }
  return index;
}

/**
 * A table whose header OCR did not read (a header row in a box or a band is where it fails most):
 * its rows are found by their shape, a description and then figures (rowByShape), each run of such
 * lines read like the rows under a header. A run starts only at a line that is surely an item, so
 * marks OCR read off a QR code or a logo do not start one.
 */
function readHeaderless(reader: Reader, style: NumberStyle, table: Reading): void {
  const { lines, misread } = reader.layout;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as Line;
    if (reader.skip.has(index) || endsTable(line, misread)) continue;
    const row = rowByShape(line, style);
    if (!surelyAnItem(line, row, style)) continue;
    for (const role of row.byRole.keys()) table.roles.add(role);
    index = readRows(reader, index, line, (each) => rowByShape(each, style), style, table) - 1;
  }
}

/** OCR this sure of a line's words, at least, for the line to start a table without a header. */
const SURE_LINE = 0.6;

/**
 * A line that is surely an item: read with some certainty, a description with a word in it, and
 * figures that are a line's (its quantity × unit price is its amount, or the amount reads as one of
 * the document's amounts as written).
 */
function surelyAnItem(line: Line, row: Row, style: NumberStyle): boolean {
  const description = textOf(row.byRole.get("description"));
  const amount = textOf(row.byRole.get("amount"));
  if (!/\p{L}{3}/u.test(description) || !amount || row.byRole.size < 3) return false;
  if (line.cells.reduce((sum, cell) => sum + cell.confidence, 0) / line.cells.length < SURE_LINE) return false;
  const values = valuesOf(row, style);
  const figures = itemFigures({ description, ...values, confidence: 1 });
  return figures?.checked === true || readMoney(amount, style) !== null;
}

const isPercent = (cell: Cell): boolean => /%\s*$/.test(cell.text);
const isMarked = (cell: Cell): boolean => Boolean(splitAmount(foldAmount(cell.text))?.marker);

/**
 * A line's cells in columns by what they hold, in the order line-item tables print them: the
 * description first, then the figures: a percentage is the VAT rate; of the others the last is the
 * line's amount, the one before it the unit price and the one before that the quantity, except that
 * a figure printed without the currency the next one carries is the quantity ("2  €105.92").
 */
function rowByShape(line: Line, style: NumberStyle): Row {
  const byRole = new Map<ColumnRole, Cell[]>();
  const [first, ...rest] = line.cells;
  if (first && /\p{L}/u.test(first.text) && moneyReadings(first.text, style).length === 0) byRole.set("description", [first]);
  const figures = rest.filter((cell) => isPercent(cell) || moneyReadings(cell.text, style).length > 0);
  const rate = figures.find(isPercent);
  if (rate) byRole.set("taxRate", [rate]);
  const numbers = figures.filter((cell) => !isPercent(cell));
  const quantityOnly = numbers.length === 2 && !isMarked(numbers[0]!) && isMarked(numbers[1]!);
  const [quantity, price, amount] = quantityOnly ? [numbers[0], undefined, numbers[1]] : [numbers.at(-3), numbers.at(-2), numbers.at(-1)];
  if (quantity) byRole.set("quantity", [quantity]);
  if (price) byRole.set("unitPrice", [price]);
  if (amount) byRole.set("amount", [amount]);
  const placed = new Set([first, rate, quantity, price, amount]);
  return { byRole, other: line.cells.filter((cell) => !placed.has(cell)) };
}

/** A rate OCR lost the mark of ("8625%") is the one of its readings the most other lines carry ("8.625%"). */
function settleRates(rows: TableRow[], unread: ReadonlyMap<TableRow, number[]>): void {
  const counts = new Map<number, number>();
  for (const row of rows) if (row.taxRate !== null) counts.set(row.taxRate, (counts.get(row.taxRate) ?? 0) + 1);
  for (const [row, readings] of unread) {
    const [best] = readings.filter((rate) => counts.has(rate)).sort((a, b) => counts.get(b)! - counts.get(a)!);
    if (best !== undefined) row.taxRate = best;
  }
}

/** A quantity × rate that gives `amount` exactly, when the document printed only some of the three. */
export function itemFigures(row: TableRow): { quantity: number; rate: number; checked: boolean } | null {
  const quantity = row.quantity ?? 1;
  if (row.unitPrice !== null) {
    const checked = row.amount === null ? false : safeLineAmount(quantity, row.unitPrice) === row.amount;
    return { quantity, rate: row.unitPrice, checked };
  }
  if (row.amount === null) return null;
  const scaled = toScaled(quantity);
  if (scaled === null || scaled === 0n) return { quantity: 1, rate: row.amount, checked: false };
  const numerator = BigInt(row.amount) * 10_000n;
  if (numerator % scaled !== 0n) return { quantity: 1, rate: row.amount, checked: false };
  return { quantity, rate: Number(numerator / scaled), checked: false };
}

function safeLineAmount(quantity: number, rate: number): number | null {
  try {
    return lineAmount(quantity, rate);
  } catch {
    return null;
  }
}
