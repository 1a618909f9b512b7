// Reading one cell of a table (formats/table.ts) into the value its column's field takes: money as
// integer minor units, quantities and percentages exactly (server/domain/decimal-text.ts), dates
// (ISO, the locale's forms, Date cells, Excel serial numbers), codes (type, status, currency, unit,
// country, VAT category), and the formula-injection rules: text is never evaluated, the export's
// inert mark is dropped, a formula in a numeric or date column is refused. Kept apart from the
// grouping of rows into records so each rule of one cell can be read, and tested, on its own.
import { isCurrencyCode, minorUnits } from "../../domain/currencies.ts";
import { currenciesOfSymbol, readAmount, readQuantity, type Reading } from "../../domain/decimal-text.ts";
import { INVOICE_STATUSES, INVOICE_TYPES } from "../../domain/lifecycle.ts";
import { withoutDotGrouping, type DecimalMark } from "../extract/amounts.ts";
import { readDate, type DateOrder } from "../extract/dates.ts";
import { titleLabel } from "../extract/vocabulary.ts";
import type { ColumnField } from "./columns.ts";

export type TableCell = string | number | boolean | Date | null;

export const isBlank = (cell: TableCell | undefined): boolean => cell === null || cell === undefined || (typeof cell === "string" && cell.trim() === "");
export const isEmptyRow = (row: readonly TableCell[] | undefined): boolean => !row || row.every(isBlank);

/** A date as its ISO day (UTC), as every date cell and printed date is read. */
export const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

/** A cell as text: numbers by their shortest decimal string, dates as ISO days. */
export function textOf(cell: TableCell | undefined): string {
  if (cell === null || cell === undefined) return "";
  if (cell instanceof Date) return isoDay(cell);
  return String(cell);
}

/** Text the service's CSV export made inert ("'=HYPERLINK(…)") as the user wrote it. */
export function withoutInertMark(text: string): string {
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

export const MONEY: ReadonlySet<ColumnField> = new Set(["unit_price", "line_amount", "subtotal", "tax", "total", "amount_paid", "amount_due"]);
export const PERCENT: ReadonlySet<ColumnField> = new Set(["tax_rate", "invoice_tax_rate", "discount_percent"]);
export const DATES: ReadonlySet<ColumnField> = new Set(["issue_date", "due_date", "delivery_date"]);
export const NUMERIC: ReadonlySet<ColumnField> = new Set([...MONEY, ...PERCENT, "quantity"]);

export type Conventions = {
  /** The locale numbers are read by: the file's evidence, else options.locale. */
  numberLocale: string | undefined;
  /** The decimal mark the file's own numbers show, when they agree on one. */
  decimalMark: DecimalMark | null;
  /** Day-month order, when the file or options.locale decides it. */
  dateOrder: DateOrder | null;
  date1904: boolean;
};

// ---------------------------------------------------------------- one cell

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
  return readQuantity(withoutDotGrouping(text, reading.decimalMark), { locale: reading.numberLocale });
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
  return isoDay(new Date((date1904 ? EXCEL_1904_EPOCH : EXCEL_EPOCH) + Math.floor(serial) * DAY_MS));
}

function readDay(cell: TableCell, reading: Conventions): Cell {
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? fail("a date") : ok(isoDay(cell));
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

export function readType(cell: TableCell): Cell {
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

export function readCurrency(cell: TableCell): Cell {
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

export function readCell(field: ColumnField, cell: TableCell, currency: string, reading: Conventions): Cell {
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
