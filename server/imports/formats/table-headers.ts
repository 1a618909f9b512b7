// The header of a table (formats/table.ts): the first non-empty row, completed by the row below when
// the XLSX reader spread merged cells over it ("Customer | Customer" over "Name | E-mail": the top
// names the party), each cell mapped to a field by formats/columns.ts; then the table's own meaning
// of "Amount", "Total" and "Product" for the entity its rows hold. Apart from table.ts because the
// XLSX reader asks it alone whether a sheet is a table or a printed layout.
import { fieldLabel } from "../extract/vocabulary.ts";
import type { ReadOptions } from "../model.ts";
import { checkedMapping, fieldForEntity, fieldOfHeader, type ColumnField, type ColumnMatch, type Entity } from "./columns.ts";
import { isBlank, isEmptyRow, textOf, type TableCell } from "./table-cells.ts";

export type Column = { index: number; header: string; field: ColumnField; explicit: boolean };
export type Header = { last: number; columns: Column[]; ignored: Array<{ index: number; header: string }> };

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

function columnsOf(top: readonly TableCell[], bottom: readonly TableCell[] | null, mapping: Record<string, ColumnField>): { matched: Column[]; unmatched: Array<{ index: number; header: string }> } {
  const matched: Column[] = [];
  const unmatched: Array<{ index: number; header: string }> = [];
  const width = Math.max(top.length, bottom?.length ?? 0);
  for (let index = 0; index < width; index++) {
    const above = textOf(top[index]).trim();
    const below = bottom ? textOf(bottom[index]).trim() : null;
    if (!above && !below) continue;
    const { header, match } = headerCell(above, below, mapping);
    if (match) matched.push({ index, header, ...match });
    else unmatched.push({ index, header });
  }
  return { matched, unmatched };
}

/** A header row names at least two fields, and more than it leaves unnamed. */
function isHeader(columns: { matched: Column[]; unmatched: readonly unknown[] }): boolean {
  return columns.matched.length >= 2 && columns.matched.length >= columns.unmatched.length;
}

export function findHeaderRows(rows: readonly (readonly TableCell[])[], mapping: Record<string, ColumnField>): (Header & { first: number }) | null {
  const first = rows.findIndex((row) => !isEmptyRow(row));
  if (first === -1) return null;
  const top = rows[first]!;
  const single = columnsOf(top, null, mapping);
  const below = rows[first + 1];
  const double = below && hasSpreadCells(top) ? columnsOf(top, below, mapping) : null;
  const named = (columns: { matched: Column[] }): number => new Set(columns.matched.map((column) => column.field)).size;
  const chosen = double && named(double) > named(single) ? double : single;
  if (!isHeader(chosen)) return null;
  return { first, last: chosen === single ? first : first + 1, columns: chosen.matched, ignored: chosen.unmatched };
}

/** Whether the rows start with a header row this reader understands (else the XLSX is a printed layout). */
export function hasTableHeader(rows: readonly (readonly TableCell[])[], options: ReadOptions): boolean {
  return findHeaderRows(rows, checkedMapping(options.mapping)) !== null;
}

export const LINE_SIGNS: ReadonlySet<ColumnField> = new Set(["description", "quantity", "unit_price"]);

/** The table's own meaning of "Amount" and "Total" (see the rules at the top), then each field for the entity, first column wins. */
export function resolveColumns(columns: readonly Column[], entity: Entity): { kept: Column[]; dropped: Column[] } {
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
