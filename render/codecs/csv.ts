// CSV export (RFC 4180): one row per line item with the invoice's key fields repeated, so a
// spreadsheet can filter and sum lines across many invoices without a join. Choices:
// - Headers are the API's snake_case field names (unit_price and line_amount name a line's rate and
//   amount), never translated: import scripts key on them.
// - Amounts are machine decimals with the currency's ISO 4217 digits ("1234.50", "1980", "1.250"),
//   never localized: "1.234,50" is a different number to an English spreadsheet.
// - CRLF after every row; a field is quoted only when it holds a comma, quote, CR or LF.
// - UTF-8 with a byte order mark: Excel opens a BOM-less CSV in the system's ANSI code page and
//   garbles "Zoë"; LibreOffice, Numbers and CSV libraries skip the BOM.
// - Text starting with = + - @ tab or CR gets a leading apostrophe (OWASP "CSV injection"), so a
//   description "=HYPERLINK(…)" stays text in a spreadsheet. Numbers and codes are never touched.
// - An invoice without lines still gives one row, its line columns empty.
import type { InvoiceRecord, LineItem } from "../../server/domain/invoice.ts";
import { machineAmount, machineNumber } from "../format.ts";
import { lineTax } from "../../server/domain/money.ts";

export const BOM = "\uFEFF";

type Row = { record: InvoiceRecord; item: LineItem | null; line: number };
type Column = { header: string; value: (row: Row) => string | null; text?: true };

const money = (pick: (record: InvoiceRecord) => number) => (row: Row): string => machineAmount(pick(row.record), row.record.currency);
const ofItem = (pick: (item: LineItem, row: Row) => string) => (row: Row): string | null => (row.item ? pick(row.item, row) : null);

const COLUMNS: readonly Column[] = [
  { header: "number", value: ({ record }) => record.number, text: true },
  { header: "type", value: ({ record }) => record.type },
  { header: "status", value: ({ record }) => record.status },
  { header: "issue_date", value: ({ record }) => record.issue_date },
  { header: "due_date", value: ({ record }) => record.due_date },
  { header: "currency", value: ({ record }) => record.currency },
  { header: "from_name", value: ({ record }) => record.from_name, text: true },
  { header: "bill_to_name", value: ({ record }) => record.bill_to_name, text: true },
  { header: "bill_to_tax_id", value: ({ record }) => record.bill_to_tax_id, text: true },
  { header: "line", value: ofItem((_, row) => String(row.line)) },
  { header: "description", value: ofItem((item) => item.description), text: true },
  { header: "quantity", value: ofItem((item) => machineNumber(item.quantity)) },
  { header: "unit", value: ofItem((item) => item.unit) },
  { header: "unit_price", value: ofItem((item, row) => machineAmount(item.rate, row.record.currency)) },
  // Empty on a line without a discount; line_amount is the net either way.
  { header: "discount_percent", value: ofItem((item) => (item.discount_percent ? machineNumber(item.discount_percent) : "")) },
  { header: "tax_category", value: ofItem((item, row) => lineTax(item, row.record.tax_rate).category) },
  { header: "tax_rate", value: ofItem((item, row) => machineNumber(lineTax(item, row.record.tax_rate).rate)) },
  { header: "line_amount", value: ofItem((item, row) => machineAmount(item.amount, row.record.currency)) },
  { header: "subtotal", value: money((record) => record.subtotal) },
  { header: "tax", value: money((record) => record.tax) },
  { header: "total", value: money((record) => record.total) },
  { header: "amount_paid", value: money((record) => record.amount_paid) },
  { header: "amount_due", value: money((record) => record.amount_due) },
];

/** Keeps a spreadsheet from reading user text as a formula. */
function inert(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function field(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

function row(cells: readonly string[]): string {
  return `${cells.map(field).join(",")}\r\n`;
}

export function toCsv(record: InvoiceRecord): string {
  const items = record.items.length > 0 ? record.items : [null];
  const rows = items.map((item, index) =>
    row(COLUMNS.map((column) => {
      const value = column.value({ record, item, line: index + 1 }) ?? "";
      return column.text ? inert(value) : value;
    })),
  );
  return BOM + row(COLUMNS.map((column) => column.header)) + rows.join("");
}
