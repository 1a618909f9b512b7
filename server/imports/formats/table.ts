// A spreadsheet's rows (CSV, TSV, an XLSX sheet) read as invoices, clients or products. The rules:
// - The first non-empty row is the header; when its cells repeat side by side (merged cells spread
//   by the XLSX reader: "Customer | Customer" over "Name | E-mail") the row below completes it and
//   the top names the party ("Customer Name" → bill_to_name). Headers map to fields by
//   formats/columns.ts; a column no field is named by is left out with a notice. The result lists
//   every column with the field it was read as (or none), for a person to correct by options.mapping.
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
// Where each rule lives: the header in table-headers.ts, the file's evidence for numbers and dates
// in table-conventions.ts, one cell in table-cells.ts; this file groups the rows into records.
import { AppError } from "../../domain/errors.ts";
import { SCALE_DECIMALS, toScaled } from "../../domain/money.ts";
import type { InvoiceStatus } from "../../domain/lifecycle.ts";
import { emptyResult, MAX_IMPORT_ROWS, type ImportProblem, type InvoiceDraft, type ReadOptions, type ReadResult, type StatedTotals, tooManyRows } from "../model.ts";
import { checkedMapping, entityOfFields, LINE_COLUMNS, TOTALS, type ColumnField, type TotalField } from "./columns.ts";
import { isBlank, isEmptyRow, readCell, readCurrency, readType, textOf, withoutInertMark, type Conventions, type TableCell } from "./table-cells.ts";
import { conventionsOf } from "./table-conventions.ts";
import { findHeaderRows, LINE_SIGNS, resolveColumns, type Column } from "./table-headers.ts";

export type TableSource = {
  /** Rows of the file above rows[0] (so problems name the file's own row). */
  rowOffset?: number;
  /** Grid places ("row:column", 0-based) of formulas the file saved without a value. */
  uncomputed?: ReadonlySet<string>;
  /** The workbook counts serial dates from 1904 (old Mac Excel). */
  date1904?: boolean;
};

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

const LINE_FIELDS: ReadonlySet<ColumnField> = new Set([...LINE_COLUMNS, "unit", "tax_rate", "tax_category", "discount_percent"]);

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

/**
 * A line from its row; a missing unit price is the line amount over the quantity when that divides
 * exactly. A discount goes with a unit price only: a line amount is already the net, so without a
 * price it stands for the line as it is and the discount is left out, with a notice.
 */
function lineOf(values: Values, notice: (issue: string) => void): Record<string, unknown> {
  const item: Record<string, unknown> = {};
  for (const field of ["description", "quantity", "unit", "tax_rate", "tax_category"] as const) if (values.has(field)) item[field] = values.get(field);
  const discount = values.get("discount_percent");
  if (values.has("unit_price")) {
    item.rate = values.get("unit_price");
    if (discount) item.discount_percent = discount;
  } else if (values.has("line_amount")) {
    if (discount) notice(`no unit price: the discount of ${discount} % is taken as already in the line amount`);
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
  if (body.length > MAX_IMPORT_ROWS) throw tooManyRows(`The table holds ${body.length} rows`);
  result.rows = body.length;
  const entity = options.entity ?? entityOfFields(header.columns.map((column) => column.field));
  const { kept, dropped } = resolveColumns(header.columns, entity);
  const headerRow = header.last + 1 + (source.rowOffset ?? 0);
  const unread = [...dropped, ...header.ignored];
  for (const column of unread) {
    result.notices.push({ row: headerRow, column: column.header, issue: `column not read: it names no field of ${entity}` });
  }
  result.columns = [...kept, ...unread.map((column) => ({ ...column, field: null }))]
    .sort((one, other) => one.index - other.index)
    .map((column) => ({ row: headerRow, header: column.header, field: column.field }));
  const table = new Table(kept, conventionsOf(body.map((row) => row.cells), kept, options, source.date1904 === true), source);
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
