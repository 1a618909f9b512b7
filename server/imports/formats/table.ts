// A spreadsheet's rows (CSV, TSV, an XLSX sheet) read as invoices, clients or products. The rules:
// - The first non-empty row is the header; when its cells repeat side by side (merged cells spread
//   by the XLSX reader: "Customer | Customer" over "Name | E-mail") the row below completes it and
//   the top names the party ("Customer Name" → bill_to_name). Headers map to fields by
//   formats/columns.ts; a column no field is named by is left out with a notice.
// - What the rows are comes from the headers (columns.ts entityOfFields) unless options.entity says.
// - Invoices: rows with the same type and number are one invoice, each row holding a line (any of
//   line, description, quantity, unit_price, line_amount filled) adds it. A row without a number
//   continues the invoice above when it holds a line and every invoice cell it fills equals that
//   invoice's (the service's CSV export repeats them on every line); otherwise it starts an invoice
//   of its own. An invoice cell that differs between rows of one invoice is a problem. A tax_rate
//   on a row without a line is the invoice's rate.
// - Header words that change meaning with the table: without any line column, "Amount" is the
//   invoice's total; beside line columns but no line amount, a "Total" that differs between the rows
//   of one invoice is each line's amount, and the invoice's stated total when it repeats (an
//   explicit mapping is taken as it is). In a product list without a name column, the first
//   description column ("Product") names the product.
// - Numbers are read exactly (server/domain/decimal-text.ts) by the file's own evidence first (a
//   "1.234,50" or "0,5" among the numeric cells and no "1,234.50" or "0.5": decimal comma), else
//   options.locale; what neither decides ("1.000") is a problem, never a guess. A number cell
//   (XLSX) is taken through its shortest decimal string, so 0.1 is 10 cents, never 10.000000000000002.
// - Dates: ISO, the locale's and named-month forms (extract/dates.ts), Date cells, Excel serial
//   numbers. Day and month order comes from the column's evidence (a day above 12), else
//   options.locale; "03/04/2026" with neither is a problem.
// - Formula injection: text is never evaluated. A cell "=SUM(A1)" in a text column is that text; the
//   apostrophe the service's CSV export puts before = + - @ tab CR ("'=HYPERLINK(…)") is dropped;
//   a formula-looking cell in a numeric or date column is a problem.
// - A bad cell is a problem {row, column, value, issue} (row: the file's 1-based row, the header
//   row counted) and skips its record (the whole invoice, client or product); the others go on.
import { AppError } from "../../domain/errors.ts";
import { isCurrencyCode, minorUnits } from "../../domain/currencies.ts";
import { currenciesOfSymbol, readAmount, readQuantity, type Reading } from "../../domain/decimal-text.ts";
import { SCALE_DECIMALS, toScaled } from "../../domain/money.ts";
import { INVOICE_STATUSES, INVOICE_TYPES, type InvoiceStatus } from "../../domain/lifecycle.ts";
import { dateOrderOf, readDate, type DateOrder } from "../extract/dates.ts";
import { fieldLabel, titleLabel } from "../extract/vocabulary.ts";
import { emptyResult, MAX_IMPORT_ROWS, type ImportProblem, type InvoiceDraft, type ReadOptions, type ReadResult, type StatedTotals } from "../model.ts";
import {
  checkedMapping,
  entityOfFields,
  fieldForEntity,
  fieldOfHeader,
  LINE_COLUMNS,
  TOTALS,
  type ColumnField,
  type ColumnMatch,
  type Entity,
  type TotalField,
} from "./columns.ts";

export type TableCell = string | number | boolean | Date | null;

export type TableSource = {
  /** Rows of the file above rows[0] (so problems name the file's own row). */
  rowOffset?: number;
  /** Grid places ("row:column", 0-based) of formulas the file saved without a value. */
  uncomputed?: ReadonlySet<string>;
  /** The workbook counts serial dates from 1904 (old Mac Excel). */
  date1904?: boolean;
};

type Column = { index: number; header: string; field: ColumnField; explicit: boolean };
type Header = { last: number; columns: Column[]; ignored: Array<{ header: string }> };

const isBlank = (cell: TableCell | undefined): boolean => cell === null || cell === undefined || (typeof cell === "string" && cell.trim() === "");
const isEmptyRow = (row: readonly TableCell[] | undefined): boolean => !row || row.every(isBlank);

/** A cell as text: numbers by their shortest decimal string, dates as ISO days. */
function textOf(cell: TableCell | undefined): string {
  if (cell === null || cell === undefined) return "";
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell);
}

/** Text the service's CSV export made inert ("'=HYPERLINK(…)") as the user wrote it. */
function withoutInertMark(text: string): string {
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

// ---------------------------------------------------------------- header

/** Cells the XLSX reader spread from a merged one: the same text twice side by side. */
function hasSpreadCells(row: readonly TableCell[]): boolean {
  return row.some((cell, index) => index > 0 && !isBlank(cell) && textOf(cell) === textOf(row[index - 1]));
}

/** The party a top header names ("Customer", "Lieferant"), which prefixes the neutral fields under it. */
function partyOf(top: string): "from" | "bill_to" | null {
  const match = fieldOfHeader(top);
  if (match?.field === "from_name" || fieldLabel(top)?.role === "from") return "from";
  if (match?.field === "bill_to_name" || fieldLabel(top)?.role === "billTo") return "bill_to";
  return null;
}

const PARTY_PREFIXED: Record<"from" | "bill_to", Partial<Record<ColumnField, ColumnField>>> = {
  from: { name: "from_name", email: "from_email", tax_id: "from_tax_id" },
  bill_to: {
    name: "bill_to_name", email: "bill_to_email", tax_id: "bill_to_tax_id", street: "bill_to_street", street2: "bill_to_street2",
    city: "bill_to_city", postal_code: "bill_to_postal_code", region: "bill_to_region", country: "bill_to_country",
  },
};

function headerCell(top: string, bottom: string | null, mapping: Record<string, ColumnField>): { header: string; match: ColumnMatch | null } {
  if (bottom === null) return { header: top, match: fieldOfHeader(top, mapping) };
  const header = top && top !== bottom ? `${top} ${bottom}` : bottom || top;
  const whole = fieldOfHeader(header, mapping);
  if (whole || !bottom) return { header, match: whole };
  const own = fieldOfHeader(bottom, mapping);
  const party = partyOf(top);
  const prefixed = own && !own.explicit && party ? PARTY_PREFIXED[party][own.field] : undefined;
  return { header, match: prefixed ? { field: prefixed, explicit: false } : own };
}

function columnsOf(top: readonly TableCell[], bottom: readonly TableCell[] | null, mapping: Record<string, ColumnField>): { matched: Column[]; unmatched: string[] } {
  const matched: Column[] = [];
  const unmatched: string[] = [];
  const width = Math.max(top.length, bottom?.length ?? 0);
  for (let index = 0; index < width; index++) {
    const above = textOf(top[index]).trim();
    const below = bottom ? textOf(bottom[index]).trim() : null;
    if (!above && !below) continue;
    const { header, match } = headerCell(above, below, mapping);
    if (match) matched.push({ index, header, ...match });
    else unmatched.push(header);
  }
  return { matched, unmatched };
}

/** A header row names at least two fields, and more than it leaves unnamed. */
function isHeader(columns: { matched: Column[]; unmatched: string[] }): boolean {
  return columns.matched.length >= 2 && columns.matched.length >= columns.unmatched.length;
}

function findHeaderRows(rows: readonly (readonly TableCell[])[], mapping: Record<string, ColumnField>): (Header & { first: number }) | null {
  const first = rows.findIndex((row) => !isEmptyRow(row));
  if (first === -1) return null;
  const top = rows[first]!;
  const single = columnsOf(top, null, mapping);
  const below = rows[first + 1];
  const double = below && hasSpreadCells(top) ? columnsOf(top, below, mapping) : null;
  const named = (columns: { matched: Column[] }): number => new Set(columns.matched.map((column) => column.field)).size;
  const chosen = double && named(double) > named(single) ? double : single;
  if (!isHeader(chosen)) return null;
  return { first, last: chosen === single ? first : first + 1, columns: chosen.matched, ignored: chosen.unmatched.map((header) => ({ header })) };
}

/** Whether the rows start with a header row this reader understands (else the XLSX is a printed layout). */
export function hasTableHeader(rows: readonly (readonly TableCell[])[], options: ReadOptions): boolean {
  return findHeaderRows(rows, checkedMapping(options.mapping)) !== null;
}

const LINE_SIGNS: ReadonlySet<ColumnField> = new Set(["description", "quantity", "unit_price"]);

/** The table's own meaning of "Amount" and "Total" (see the rules at the top), then each field for the entity, first column wins. */
function resolveColumns(columns: readonly Column[], entity: Entity): { kept: Column[]; dropped: Column[] } {
  const fields = new Set(columns.map((column) => column.field));
  const hasLines = [...LINE_SIGNS].some((field) => fields.has(field));
  const kept: Column[] = [];
  const dropped: Column[] = [];
  const taken = new Set<ColumnField>();
  for (const column of columns) {
    let field: ColumnField | null = column.field;
    if (!column.explicit && entity === "invoices" && field === "line_amount" && !hasLines) field = "total";
    // A price list names its products in the column a line table calls the description ("Product").
    if (entity === "products" && field === "description" && !fields.has("name") && !taken.has("name")) field = "name";
    field = fieldForEntity(field, entity);
    if (field === null || taken.has(field)) dropped.push(column);
    else {
      taken.add(field);
      kept.push({ ...column, field });
    }
  }
  return { kept, dropped };
}

// ---------------------------------------------------------------- evidence

const MONEY: ReadonlySet<ColumnField> = new Set(["unit_price", "line_amount", "subtotal", "tax", "total", "amount_paid", "amount_due"]);
const PERCENT: ReadonlySet<ColumnField> = new Set(["tax_rate", "invoice_tax_rate"]);
const DATES: ReadonlySet<ColumnField> = new Set(["issue_date", "due_date", "delivery_date"]);
const NUMERIC: ReadonlySet<ColumnField> = new Set([...MONEY, ...PERCENT, "quantity"]);

/** The decimal mark a numeric text shows beyond doubt: "1.234,50", "0,5" say ","; "1,234.50", "0.5" say ".". */
function decimalMarkOf(text: string): "," | "." | null {
  const digits = text.replace(/[^\d.,]/g, "");
  if (/\.\d{3},\d+$|,\d{1,2}$|,\d{4,}$/.test(digits)) return ",";
  if (/,\d{3}\.\d+$|\.\d{1,2}$|\.\d{4,}$/.test(digits)) return ".";
  return null;
}

/** What day-month order a numeric date shows beyond doubt: "25/12/2026" dmy, "12/25/2026" mdy. */
function dateOrderShown(text: string): DateOrder | null {
  const match = /^(\d{1,2})[./-](\d{1,2})[./-]\d{2,4}$/.exec(text.trim());
  if (!match) return null;
  if (Number(match[1]) > 12) return "dmy";
  if (Number(match[2]) > 12) return "mdy";
  return null;
}

/** The one answer every cell that shows one agrees on, or null. */
function unanimous<Value>(cells: Iterable<string>, shown: (text: string) => Value | null): Value | null {
  const answers = new Set<Value>();
  for (const text of cells) {
    const answer = shown(text);
    if (answer !== null) answers.add(answer);
  }
  return answers.size === 1 ? [...answers][0]! : null;
}

type Conventions = {
  /** The locale numbers are read by: the file's evidence, else options.locale. */
  numberLocale: string | undefined;
  /** The decimal mark the file's own numbers show, when they agree on one. */
  decimalMark: "," | "." | null;
  /** Day-month order, when the file or options.locale decides it. */
  dateOrder: DateOrder | null;
  date1904: boolean;
};

function evidence(rows: ReadonlyArray<readonly TableCell[]>, columns: readonly Column[], options: ReadOptions, source: TableSource): Conventions {
  const textsOf = (fields: ReadonlySet<ColumnField>): string[] =>
    columns.filter((column) => fields.has(column.field)).flatMap((column) => rows.map((row) => row[column.index]).filter((cell): cell is string => typeof cell === "string"));
  const mark = unanimous(textsOf(NUMERIC), decimalMarkOf);
  const order = unanimous(textsOf(DATES), dateOrderShown);
  return {
    numberLocale: mark === "," ? "de-DE" : mark === "." ? "en-US" : options.locale,
    decimalMark: mark,
    dateOrder: order ?? (options.locale ? dateOrderOf(options.locale) : null),
    date1904: source.date1904 === true,
  };
}

// ---------------------------------------------------------------- cells

type Cell = Reading<unknown>;
const fail = (expected: string): Cell => ({ ok: false, expected });
const ok = (value: unknown): Cell => ({ ok: true, value });

const FORMULA = "a value, not a formula (formulas are never evaluated)";

/** A numeric or date cell that is a formula, or text made inert, refused before reading. */
function looksLikeFormula(text: string): boolean {
  return /^['=@+]/.test(text.trim()) || /^-\s*[A-Za-z(]/.test(text.trim());
}

/** Minor units of a number cell, exactly: its shortest decimal string, never a float product. */
export function minorOfNumber(value: number, currency: string): Reading<number> {
  const text = String(value);
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  const decimals = minorUnits(currency);
  if (!match) return { ok: false, expected: `an amount of ${currency} with at most ${decimals} decimals` };
  const [, sign, whole = "", fraction = ""] = match;
  if (/[^0]/.test(fraction.slice(decimals))) return { ok: false, expected: `at most ${decimals} decimals for ${currency}` };
  const minor = Number(BigInt(whole + fraction.slice(0, decimals).padEnd(decimals, "0")));
  if (!Number.isSafeInteger(minor)) return { ok: false, expected: `an amount within ±(2^53 − 1) minor units of ${currency}` };
  return { ok: true, value: sign && minor !== 0 ? -minor : minor };
}

function readMoney(cell: TableCell, currency: string, reading: Conventions): Cell {
  if (typeof cell === "number") return minorOfNumber(cell, currency);
  const text = textOf(cell).trim();
  if (looksLikeFormula(text)) return fail(FORMULA);
  return readAmount(text, { currency, locale: reading.numberLocale });
}

function readNumber(cell: TableCell, reading: Conventions): Reading<number> {
  if (typeof cell === "number") return /e/i.test(String(cell)) ? { ok: false, expected: "a number of at most 4 decimals" } : readQuantity(String(cell));
  const text = textOf(cell).trim();
  if (looksLikeFormula(text)) return { ok: false, expected: FORMULA };
  // decimal-text refuses a quantity "1.000" under a comma locale (a one to machines); the file's own
  // decimal commas say its dots group.
  const grouped = reading.decimalMark === "," && /^[-−]?\d{1,3}(\.\d{3})+$/.test(text);
  return readQuantity(grouped ? text.replaceAll(".", "") : text, { locale: reading.numberLocale });
}

function readPercent(cell: TableCell, reading: Conventions): Cell {
  const number = readNumber(typeof cell === "string" ? cell.trim().replace(/\s*%$/, "") : cell, reading);
  if (!number.ok) return number;
  return number.value >= 0 && number.value <= 100 ? number : fail("a percentage from 0 to 100, such as 19 or 7.5");
}

const DAY_MS = 86_400_000;
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const EXCEL_1904_EPOCH = Date.UTC(1904, 0, 1);

/** A day counted as Excel counts it (1 = 1900-01-01; the fraction is the time of day). */
export function serialDate(serial: number, date1904 = false): string | null {
  if (!Number.isFinite(serial) || serial < 1 || serial > 2_958_465) return null;
  return new Date((date1904 ? EXCEL_1904_EPOCH : EXCEL_EPOCH) + Math.floor(serial) * DAY_MS).toISOString().slice(0, 10);
}

function readDay(cell: TableCell, reading: Conventions): Cell {
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? fail("a date") : ok(cell.toISOString().slice(0, 10));
  if (typeof cell === "number") {
    const day = serialDate(cell, reading.date1904);
    return day ? ok(day) : fail("a date, or a spreadsheet's day number from 1 to 2958465");
  }
  const text = textOf(cell).trim();
  if (looksLikeFormula(text)) return fail(FORMULA);
  const date = readDate(text, reading.dateOrder ?? "dmy");
  if (!date) return fail("a date such as 2026-11-01");
  if (date.ambiguous && reading.dateOrder === null) {
    const swapped = readDate(text, "mdy");
    return fail(`an unambiguous date: ${text} may be ${date.date} or ${swapped?.date}; write 2026-11-01 or give options.locale`);
  }
  return ok(date.date);
}

const typeKey = (text: string): string => text.trim().toLowerCase().replace(/[\s-]+/g, "_");

function readType(cell: TableCell): Cell {
  const text = withoutInertMark(textOf(cell)).trim();
  const key = typeKey(text);
  if ((INVOICE_TYPES as readonly string[]).includes(key)) return ok(key);
  const title = titleLabel(text);
  return title && title.rest === "" ? ok(title.role) : fail(`one of ${INVOICE_TYPES.join(", ")}`);
}

function readCode(cell: TableCell, allowed: readonly string[], what: string): Cell {
  const text = textOf(cell).trim();
  const code = allowed.find((each) => each.toLowerCase() === text.toLowerCase());
  return code ? ok(code) : fail(`${what}: one of ${allowed.join(", ")}`);
}

function readCurrency(cell: TableCell): Cell {
  const text = textOf(cell).trim();
  if (isCurrencyCode(text.toUpperCase())) return ok(text.toUpperCase());
  const meant = currenciesOfSymbol(text);
  return meant.length === 1 ? ok(meant[0]) : fail("an ISO 4217 currency code such as EUR");
}

/** Unit words spreadsheets write for the UN/ECE Rec. 20 codes invoices use most. */
const UNIT_WORDS: ReadonlyArray<[RegExp, string]> = [
  [/^(h|hr|hrs|hours?|std|stunden?|heures?|horas?|ore|uur|時間)$/i, "HUR"],
  [/^(d|days?|tage?|jours?|d[ií]as?|giorni|giorno|dagen|dag|日)$/i, "DAY"],
  [/^(months?|monate?|mois|mes(es)?|mes[ei]|maand(en)?|か月|ヶ月)$/i, "MON"],
  [/^(pcs?|pieces?|stk|st[üu]ck|units?|pi[eè]ces?|pz|uds?|unidad(es)?|stuks?|個)$/i, "C62"],
  [/^kg$/i, "KGM"],
  [/^km$/i, "KMT"],
];

function readUnit(cell: TableCell): Cell {
  const text = textOf(cell).trim().replace(/\.$/, "");
  if (/^[A-Z0-9]{1,3}$/.test(text)) return ok(text);
  const code = UNIT_WORDS.find(([pattern]) => pattern.test(text))?.[1];
  return code ? ok(code) : fail("a UN/ECE Rec. 20 unit code such as C62, HUR or DAY");
}

function readCountry(cell: TableCell): Cell {
  const text = textOf(cell).trim().toUpperCase();
  return /^[A-Z]{2}$/.test(text) ? ok(text) : fail("an ISO 3166-1 alpha-2 country code such as DE");
}

const TAX_CATEGORIES = ["S", "Z", "E", "AE", "K", "G", "O", "L", "M"] as const;

function readCell(field: ColumnField, cell: TableCell, currency: string, reading: Conventions): Cell {
  if (MONEY.has(field)) return readMoney(cell, currency, reading);
  if (PERCENT.has(field)) return readPercent(cell, reading);
  if (DATES.has(field)) return readDay(cell, reading);
  switch (field) {
    case "quantity":
      return readNumber(cell, reading);
    case "type":
      return readType(cell);
    case "status":
      return readCode(cell, INVOICE_STATUSES, "a status");
    case "currency":
      return readCurrency(cell);
    case "tax_category":
      return readCode(cell, TAX_CATEGORIES, "a VAT category");
    case "unit":
      return readUnit(cell);
    case "country":
    case "bill_to_country":
      return readCountry(cell);
    case "iban":
      return ok(textOf(cell).replace(/\s+/g, "").toUpperCase());
    case "bic":
      return ok(textOf(cell).trim().toUpperCase());
    case "email":
    case "from_email":
    case "bill_to_email":
    case "locale":
      return ok(textOf(cell).trim());
    default:
      return ok(withoutInertMark(textOf(cell)));
  }
}

// ---------------------------------------------------------------- rows

type Row = { index: number; cells: readonly TableCell[] };
type Values = Map<ColumnField, unknown>;

class Table {
  readonly problems: ImportProblem[] = [];
  constructor(
    readonly columns: readonly Column[],
    readonly reading: Conventions,
    readonly source: TableSource,
  ) {}

  fileRow(index: number): number {
    return index + 1 + (this.source.rowOffset ?? 0);
  }

  column(field: ColumnField): Column | undefined {
    return this.columns.find((column) => column.field === field);
  }

  raw(row: Row, field: ColumnField): string {
    const column = this.column(field);
    return column ? withoutInertMark(textOf(row.cells[column.index])).trim() : "";
  }

  /** The row's filled cells read, or null when one is bad (its problems recorded). */
  read(row: Row, currency: string): Values | null {
    const values: Values = new Map();
    let bad = false;
    for (const column of this.columns) {
      const cell = row.cells[column.index] ?? null;
      if (this.source.uncomputed?.has(`${row.index}:${column.index}`)) {
        bad = this.problem(row, column, "=", "a value: the formula was saved without its result (recalculate and save the file)");
        continue;
      }
      if (isBlank(cell)) continue;
      const reading = readCell(column.field, cell, currency, this.reading);
      if (reading.ok) values.set(column.field, reading.value);
      else bad = this.problem(row, column, textOf(cell), `expected ${reading.expected}`);
    }
    return bad ? null : values;
  }

  /** The currency a group of rows states, or `fallback`; a bad one is left to read() to report. */
  currencyOf(rows: readonly Row[], fallback: string): string {
    for (const row of rows) {
      const column = this.column("currency");
      const reading = column && !isBlank(row.cells[column.index] ?? null) ? readCurrency(row.cells[column.index] ?? null) : null;
      if (reading?.ok) return reading.value as string;
    }
    return fallback;
  }

  problem(row: Row, column: Column | undefined, value: string | null, issue: string): true {
    this.problems.push({ row: this.fileRow(row.index), ...(column ? { column: column.header } : {}), value, issue });
    return true;
  }
}

function hasLine(table: Table, row: Row): boolean {
  return table.columns.some((column) => LINE_COLUMNS.has(column.field) && !isBlank(row.cells[column.index] ?? null));
}

// ---------------------------------------------------------------- invoices

const LINE_FIELDS: ReadonlySet<ColumnField> = new Set([...LINE_COLUMNS, "unit", "tax_rate", "tax_category"]);

/** Rows grouped into invoices by the rule at the top. */
function groupInvoices(table: Table, rows: readonly Row[]): Row[][] {
  const groups: Row[][] = [];
  const byKey = new Map<string, Row[]>();
  const lineTotals = totalMayBeLineAmount(table);
  const invoiceColumns = table.columns.filter((column) => !LINE_FIELDS.has(column.field) && !(lineTotals && column.field === "total"));
  let previous: Row[] | null = null;
  for (const row of rows) {
    const number = table.raw(row, "number");
    if (number) {
      const type = table.raw(row, "type");
      const reading = type ? readType(type) : null;
      const key = `${reading?.ok ? reading.value : type || "invoice"}\u0000${number}`;
      let group = byKey.get(key);
      if (!group) {
        group = [];
        byKey.set(key, group);
        groups.push(group);
      }
      group.push(row);
      previous = group;
      continue;
    }
    const head = previous?.[0];
    const continues = head && hasLine(table, row) && invoiceColumns.every((column) => isBlank(row.cells[column.index] ?? null) || textOf(row.cells[column.index]) === textOf(head.cells[column.index]));
    if (continues && previous) previous.push(row);
    else {
      previous = [row];
      groups.push(previous);
    }
  }
  return groups;
}

const ADDRESS_PARTS: ReadonlyArray<[ColumnField, string]> = [
  ["bill_to_street", "line1"],
  ["bill_to_street2", "line2"],
  ["bill_to_city", "city"],
  ["bill_to_postal_code", "postal_code"],
  ["bill_to_region", "region"],
  ["bill_to_country", "country"],
];
const CLIENT_ADDRESS_PARTS = ADDRESS_PARTS.map(([field, part]) => [field.replace("bill_to_", "") as ColumnField, part] as const);
const PLAIN_INVOICE_FIELDS: readonly ColumnField[] = [
  "type", "number", "issue_date", "due_date", "delivery_date", "currency", "locale", "from_name", "from_email", "from_tax_id",
  "bill_to_name", "bill_to_email", "bill_to_tax_id", "buyer_reference", "payment_terms", "notes", "tax_exemption_reason",
];

/** The address parts present, or undefined. */
function addressOf(values: Values, parts: ReadonlyArray<readonly [ColumnField, string]>): Record<string, unknown> | undefined {
  const address = Object.fromEntries(parts.filter(([field]) => values.has(field)).map(([field, part]) => [part, values.get(field)]));
  return Object.keys(address).length > 0 ? address : undefined;
}

/** A line from its row; a missing unit price is the line amount over the quantity when that divides exactly. */
function lineOf(values: Values, notice: (issue: string) => void): Record<string, unknown> {
  const item: Record<string, unknown> = {};
  for (const field of ["description", "quantity", "unit", "tax_rate", "tax_category"] as const) if (values.has(field)) item[field] = values.get(field);
  if (values.has("unit_price")) item.rate = values.get("unit_price");
  else if (values.has("line_amount")) {
    const amount = values.get("line_amount") as number;
    const quantity = (values.get("quantity") as number | undefined) ?? 1;
    const scaled = toScaled(quantity);
    const numerator = BigInt(amount) * 10n ** BigInt(SCALE_DECIMALS);
    if (scaled !== null && scaled !== 0n && numerator % scaled === 0n) item.rate = Number(numerator / scaled);
    else {
      item.quantity = 1;
      item.rate = amount;
      notice(`no unit price: the quantity ${quantity} is folded into one unit at the line amount`);
    }
  }
  return item;
}

/** Invoice cells of every row merged; a field two rows fill differently is a problem. */
function mergedInvoiceValues(table: Table, group: readonly Row[], read: ReadonlyArray<Values>): Values | null {
  const merged: Values = new Map();
  const from = new Map<ColumnField, Row>();
  let bad = false;
  group.forEach((row, index) => {
    for (const [field, value] of read[index]!) {
      if (LINE_FIELDS.has(field)) continue;
      if (!merged.has(field)) {
        merged.set(field, value);
        from.set(field, row);
      } else if (JSON.stringify(merged.get(field)) !== JSON.stringify(value)) {
        const column = table.column(field);
        bad = table.problem(row, column, column ? textOf(row.cells[column.index]) : null, `differs from row ${table.fileRow(from.get(field)!.index)} of the same invoice`);
      }
    }
  });
  return bad ? null : merged;
}

/** Whether the table's "Total" may hold line amounts: beside line columns, with no line amount column, not mapped so. */
function totalMayBeLineAmount(table: Table): boolean {
  const total = table.column("total");
  return Boolean(total && !total.explicit && !table.column("line_amount") && table.columns.some((column) => LINE_SIGNS.has(column.field)));
}

/** A "Total" differing between an invoice's rows is each line's amount (see the rules at the top). */
function totalsAsLineAmounts(table: Table, rowsRead: Values[]): void {
  const totals = new Set(rowsRead.map((values) => values.get("total")).filter((value) => value !== undefined));
  if (totals.size < 2 || !totalMayBeLineAmount(table)) return;
  for (const values of rowsRead) {
    if (values.has("total")) values.set("line_amount", values.get("total"));
    values.delete("total");
  }
}

function invoiceOf(table: Table, group: readonly Row[], options: ReadOptions, notices: ImportProblem[]): InvoiceDraft | null {
  const currency = table.currencyOf(group, options.currency);
  const read = group.map((row) => table.read(row, currency));
  if (read.some((values) => values === null)) return null;
  const rowsRead = read as Values[];
  totalsAsLineAmounts(table, rowsRead);
  const merged = mergedInvoiceValues(table, group, rowsRead);
  if (!merged) return null;
  const fields: Record<string, unknown> = {};
  for (const field of PLAIN_INVOICE_FIELDS) if (merged.has(field)) fields[field] = merged.get(field);
  const address = addressOf(merged, ADDRESS_PARTS);
  if (address) fields.bill_to_address = address;
  const payment = Object.fromEntries(([["iban", "iban"], ["bic", "bic"], ["payment_reference", "reference"]] as const).filter(([field]) => merged.has(field)).map(([field, key]) => [key, merged.get(field)]));
  if (Object.keys(payment).length > 0) fields.payment = payment;
  const items: Array<Record<string, unknown>> = [];
  group.forEach((row, index) => {
    const values = rowsRead[index]!;
    if (hasLine(table, row)) {
      items.push(lineOf(values, (issue) => notices.push({ row: table.fileRow(row.index), column: table.column("line_amount")?.header, issue })));
    } else if (values.has("tax_rate") && !merged.has("invoice_tax_rate")) fields.tax_rate = values.get("tax_rate");
  });
  if (merged.has("invoice_tax_rate")) fields.tax_rate = merged.get("invoice_tax_rate");
  if (items.length > 0) fields.items = items;
  const totals: StatedTotals = {};
  for (const [field, value] of merged) if (TOTALS.has(field)) totals[field as TotalField] = value as number;
  const draft: InvoiceDraft = { place: { row: table.fileRow(group[0]!.index) }, fields };
  if (merged.has("status")) draft.status = merged.get("status") as InvoiceStatus;
  if (Object.keys(totals).length > 0) draft.totals = totals;
  return draft;
}

// ---------------------------------------------------------------- clients and products

const CLIENT_FIELDS: readonly ColumnField[] = ["name", "email", "phone", "tax_id", "currency", "locale", "notes"];

function clientOf(table: Table, row: Row, options: ReadOptions): Record<string, unknown> | null {
  const values = table.read(row, options.currency);
  if (!values) return null;
  const name = values.get("name");
  if (typeof name !== "string" || !name.trim()) {
    table.problem(row, table.column("name"), null, "a client needs a name");
    return null;
  }
  const fields: Record<string, unknown> = {};
  for (const field of CLIENT_FIELDS) if (values.has(field)) fields[field] = values.get(field);
  const address = addressOf(values, CLIENT_ADDRESS_PARTS);
  if (address) fields.address = address;
  return fields;
}

function productOf(table: Table, row: Row, options: ReadOptions): Record<string, unknown> | null {
  const values = table.read(row, table.currencyOf([row], options.currency));
  if (!values) return null;
  const name = values.get("name");
  if (typeof name !== "string" || !name.trim()) {
    table.problem(row, table.column("name"), null, "a product needs a name");
    return null;
  }
  if (!values.has("unit_price")) {
    table.problem(row, table.column("unit_price"), null, "a product needs a unit price");
    return null;
  }
  const fields: Record<string, unknown> = { name, rate: values.get("unit_price") };
  if (values.has("description")) fields.description = values.get("description");
  for (const field of ["unit", "currency", "tax_rate", "sku"] as const) if (values.has(field)) fields[field] = values.get(field);
  return fields;
}

// ---------------------------------------------------------------- the table

function tooManyRows(count: number): AppError {
  return new AppError("VALIDATION_ERROR", `The table holds ${count} rows; at most ${MAX_IMPORT_ROWS.toLocaleString("en")} rows are read`, { field: "content", issue: "too many rows" });
}

export function readTable(rows: TableCell[][], options: ReadOptions, source: TableSource = {}): ReadResult {
  options.signal?.throwIfAborted();
  const result = emptyResult();
  const header = findHeaderRows(rows, checkedMapping(options.mapping));
  if (!header) {
    throw new AppError("VALIDATION_ERROR", "The table has no header row naming its columns (such as number, issue_date, description, quantity, unit_price); give options.mapping", {
      field: "content",
      issue: "no header",
    });
  }
  const body = rows.slice(header.last + 1).map((cells, offset) => ({ index: header.last + 1 + offset, cells })).filter((row) => !isEmptyRow(row.cells));
  if (body.length > MAX_IMPORT_ROWS) throw tooManyRows(body.length);
  result.rows = body.length;
  const entity = options.entity ?? entityOfFields(header.columns.map((column) => column.field));
  const { kept, dropped } = resolveColumns(header.columns, entity);
  const headerRow = header.last + 1 + (source.rowOffset ?? 0);
  for (const column of [...dropped, ...header.ignored]) {
    result.notices.push({ row: headerRow, column: column.header, issue: `column not read: it names no field of ${entity}` });
  }
  const table = new Table(kept, evidence(body.map((row) => row.cells), kept, options, source), source);
  if (entity === "invoices") {
    for (const group of groupInvoices(table, body)) {
      const draft = invoiceOf(table, group, options, result.notices);
      if (draft) result.invoices.push(draft);
    }
  } else {
    const build = entity === "clients" ? clientOf : productOf;
    for (const row of body) {
      const fields = build(table, row, options);
      if (fields) (entity === "clients" ? result.clients : result.products).push({ place: { row: table.fileRow(row.index) }, fields });
    }
  }
  result.problems.push(...table.problems);
  return result;
}
