// XLSX export: one worksheet named after the document in the invoice's language, with the blocks of
// the Markdown export (render/document.ts) laid out for a spreadsheet. Choices:
// - Amounts are numbers in major units: the record's exact decimal string (machineAmount) read
//   once by Number, so each is the double nearest the exact amount and no float arithmetic runs.
//   Minor units are safe integers (≤ 2^53 − 1), but a double holds about 15.9 significant digits
//   and Excel shows 15, so from 10^15 minor units (10^13 euros) the last digit may show rounded;
//   the exact amounts stay in the JSON and CSV exports.
// - Their format carries the currency's ISO 4217 digits (never Excel's guess) and its symbol where
//   the invoice's locale puts it: '#,##0.00" €"', '"￥"#,##0'. Grouping and decimal marks are the
//   reader's own: a format code always spells them "," and ".".
// - Rates are fractions with a percent format (19 → 0.19 as "0%"), shifted in the decimal string,
//   so a formula can multiply by them; quantities keep their own digits. A line's discount is such a
//   rate in a column of its own after the unit price, there only when a line has a discount (the
//   amount is the line's net, so quantity × unit price × (1 − discount) is the amount).
// - Dates are date cells in built-in format 14, which Excel and LibreOffice show in the reader's
//   locale. User text is only ever a string cell, so "=HYPERLINK(…)" can never run (no apostrophe
//   as in the CSV export); exceljs drops the control characters XML cannot carry.
import ExcelJS from "exceljs";
import type { Style, Worksheet } from "exceljs";
import { headingOf, invoiceDocument, type InvoiceDocument, type Party } from "../document.ts";
import { machineAmount, machineNumber } from "../format.ts";
import type { InvoiceRecord } from "../../server/domain/invoice.ts";
import { minorUnits } from "../../server/domain/currencies.ts";

/** Description, quantity, unit price, rate, amount; parties sit in A and C. */
const WIDTHS = [44, 12, 16, 18, 18];
const DISCOUNT_WIDTH = 12;
/** exceljs writes this code as built-in format 14, the reader's short date. */
const DATE_FORMAT = "mm-dd-yy";

type Value = string | number | Date | null;
type Spec = { value: Value; numFmt?: string; bold?: boolean; wrap?: boolean; right?: boolean };

/** Appends a row; a bare value is a plain cell, null leaves the cell empty. */
function put(sheet: Worksheet, cells: ReadonlyArray<Value | Spec>): void {
  const row = sheet.addRow([]);
  cells.forEach((cell, index) => {
    const spec = cell !== null && typeof cell === "object" && !(cell instanceof Date) ? cell : { value: cell };
    if (spec.value === null) return;
    const target = row.getCell(index + 1);
    target.value = spec.value;
    const style: Partial<Style> = {};
    if (spec.numFmt) style.numFmt = spec.numFmt;
    if (spec.bold) style.font = { bold: true };
    if (spec.wrap) style.alignment = { wrapText: true, vertical: "top" };
    if (spec.right) style.alignment = { horizontal: "right" };
    target.style = style;
  });
}

const decimals = (digits: number): string => (digits > 0 ? `.${"0".repeat(digits)}` : "");
const digitsOf = (value: number): number => machineNumber(value).split(".")[1]?.length ?? 0;
const bold = (value: string): Spec => ({ value, bold: true });
/** Midnight UTC: exceljs counts serial days from the UTC time, so no server time zone moves the day. */
const day = (iso: string): Spec => ({ value: new Date(`${iso}T00:00:00Z`), numFmt: DATE_FORMAT });
const lineBreaks = (text: string): string => text.replace(/\r\n?/g, "\n");

/** The currency's symbol where the locale puts it, around its ISO digits. */
function moneyFormat(currency: string, locale: string): string {
  const parts = new Intl.NumberFormat(locale, { style: "currency", currency }).formatToParts(1);
  const first = parts.findIndex((part) => part.type === "integer");
  const last = parts.findLastIndex((part) => ["integer", "decimal", "fraction"].includes(part.type));
  const text = (side: Intl.NumberFormatPart[]): string => {
    const symbol = side.filter((part) => part.type === "currency" || part.type === "literal").map((part) => part.value).join("");
    return symbol ? `"${symbol}"` : "";
  };
  return `${text(parts.slice(0, first))}#,##0${decimals(minorUnits(currency))}${text(parts.slice(last + 1))}`;
}

function partyColumn({ labels }: InvoiceDocument, { label, lines, taxId }: Party): Array<Value | Spec> {
  return [bold(label), ...lines, ...(taxId ? [`${labels.taxId}${labels.colon}${taxId}`] : [])];
}

/** Title, seller and buyer side by side, dates. */
function header(sheet: Worksheet, document: InvoiceDocument): void {
  put(sheet, [{ value: headingOf(document), bold: true }]);
  sheet.addRow([]);
  const columns = document.parties.map((party) => partyColumn(document, party));
  const height = Math.max(...columns.map((column) => column.length));
  for (let index = 0; index < height; index++) put(sheet, columns.flatMap((column) => [column[index] ?? null, null]));
  sheet.addRow([]);
  for (const { label, day: iso } of document.dates) put(sheet, [bold(label), day(iso)]);
  const { preceding } = document;
  if (preceding) put(sheet, [bold(preceding.label), preceding.number, preceding.day ? day(preceding.day) : null]);
}

/** A rate as a fraction with a percent format (19 → 0.19 as "0%"), shifted in the decimal string. */
function percentCell(rate: number): Spec {
  return { value: Number(`${machineNumber(rate)}e-2`), numFmt: `0${decimals(digitsOf(rate))}%` };
}

/**
 * The line table's cells with the discount's after the unit price when a line has a discount; every
 * other invoice keeps the five columns it always had.
 */
function discountColumn(document: InvoiceDocument): <T>(cells: readonly T[], discount: T) => T[] {
  const discounted = document.lines.some((line) => line.discount !== null);
  return (cells, discount) => (discounted ? [...cells.slice(0, 3), discount, ...cells.slice(3)] : [...cells]);
}

/** The line table and the totals beneath its amount column; returns the header's row number. */
function lineTable(sheet: Worksheet, document: InvoiceDocument, money: (minor: number) => Spec): number {
  const withDiscount = discountColumn(document);
  sheet.addRow([]);
  put(sheet, withDiscount(document.lineHeader, document.labels.discount).map((label, index) => ({ value: label, bold: true, right: index > 0 })));
  const headerRow = sheet.rowCount;
  for (const line of document.lines) {
    const cells: Array<Value | Spec> = [
      { value: lineBreaks(line.description), wrap: true },
      { value: line.quantity, numFmt: `#,##0${decimals(digitsOf(line.quantity))}` },
      money(line.unitPrice),
      percentCell(line.taxRate),
      money(line.amount),
    ];
    put(sheet, withDiscount(cells, line.discount ? percentCell(line.discount.percent) : null));
  }
  const beforeTotals = withDiscount([null, null, null], null);
  for (const { label, amount, strong } of document.totals) put(sheet, [...beforeTotals, { value: label, bold: strong }, { ...money(amount), bold: strong }]);
  return headerRow;
}

/** VAT rows with their amounts under the amount columns, exemption reasons, payment, notes. */
function footer(sheet: Worksheet, document: InvoiceDocument, money: (minor: number) => Spec): void {
  const { labels } = document;
  if (document.taxRows.length > 0) {
    const [rate, taxable, tax] = document.taxHeader;
    const gap = discountColumn(document)([null, null], null);
    sheet.addRow([]);
    put(sheet, [bold(labels.taxBreakdown)]);
    put(sheet, [bold(rate), ...gap, { ...bold(taxable), right: true }, { ...bold(tax), right: true }]);
    for (const row of document.taxRows) put(sheet, [row.label, ...gap, money(row.taxable), money(row.tax)]);
    for (const reason of document.exemptionReasons) put(sheet, [bold(labels.taxExemptionReason), lineBreaks(reason)]);
  }
  if (document.payment.length > 0) {
    sheet.addRow([]);
    put(sheet, [bold(labels.paymentInstructions)]);
    for (const { label, value } of document.payment) put(sheet, [bold(label), lineBreaks(value)]);
  }
  if (document.notes) {
    sheet.addRow([]);
    put(sheet, [bold(labels.notes)]);
    put(sheet, [{ value: lineBreaks(document.notes), wrap: true }]);
  }
}

export async function toXlsx(record: InvoiceRecord): Promise<Uint8Array> {
  const document = invoiceDocument(record);
  const format = moneyFormat(record.currency, record.locale);
  const money = (minor: number): Spec => ({ value: Number(machineAmount(minor, record.currency)), numFmt: format });
  const workbook = new ExcelJS.Workbook();
  workbook.title = headingOf(document);
  const sheet = workbook.addWorksheet(document.type);
  sheet.columns = discountColumn(document)(WIDTHS, DISCOUNT_WIDTH).map((width) => ({ width }));
  header(sheet, document);
  const headerRow = lineTable(sheet, document, money);
  // Frozen below the line table's header, so column names stay while lines scroll.
  sheet.views = [{ state: "frozen", ySplit: headerRow }];
  footer(sheet, document, money);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
