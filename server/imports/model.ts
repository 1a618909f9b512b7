// What every import format reader returns (server/imports/formats/): the invoices, clients and
// products a file holds, still unchecked, each with the place in the file it came from, and every
// problem met on the way. The import (server/imports/import.ts) checks them against the create
// schemas, matches clients, and previews or commits; readers only read. A reader throws an AppError
// VALIDATION_ERROR (422 naming the problem) only when the file as a whole cannot be read (malformed,
// a zip bomb, an XML DOCTYPE, too many rows); a bad record is a problem and the others go on.
import { AppError } from "../domain/errors.ts";
import type { InvoiceStatus } from "../domain/lifecycle.ts";
import type { ColumnField } from "./formats/column-fields.ts";

/** The 16 formats the import reads (spec: the `import` tool), detected from the content when not named. */
export const IMPORT_FORMATS = [
  "csv",
  "tsv",
  "xlsx",
  "json",
  "ubl",
  "cii",
  "xrechnung",
  "facturx",
  "pdf",
  "docx",
  "vcard",
  "dsl",
  "md",
  "html",
  "image",
  "text",
] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** The formats read through extraction: one extract call each, counted like POST /api/extract. */
export const EXTRACTED_FORMATS = ["pdf", "image", "text"] as const;
export type ExtractedFormat = (typeof EXTRACTED_FORMATS)[number];
export type StructuredFormat = Exclude<ImportFormat, ExtractedFormat>;

export function isExtracted(format: ImportFormat): format is ExtractedFormat {
  return (EXTRACTED_FORMATS as readonly string[]).includes(format);
}

/** The most rows (table rows, JSON items, vCards, e-invoice lines) one file may hold. */
export const MAX_IMPORT_ROWS = 10_000;

/** The refusal of a file over MAX_IMPORT_ROWS; `holding` says what it holds ("The table holds 10001 rows"). */
export function tooManyRows(holding: string): AppError {
  return new AppError("VALIDATION_ERROR", `${holding}; at most ${MAX_IMPORT_ROWS.toLocaleString("en")} rows are read: split it`, { field: "content", issue: "too many rows" });
}

/** details.issue of a file a reader failed on without saying why (server/imports/readers.ts: readStructured). */
export const UNREADABLE_ISSUE = "unreadable document";

/**
 * Where something sits in the file: a 1-based row of a table (its header is row 1), a line of a
 * text, or an element (an XPath-like path such as "/Invoice/cac:InvoiceLine[3]", a JSON pointer
 * such as "/0/items/2", a vCard's index "vcard[4]").
 */
export type Place = { row?: number; element?: string; /** The file, when one import reads several. */ file?: string };

/** One problem, as the issue shapes it: {row or element, column or business term, value, issue}. */
export type ImportProblem = Place & {
  /** The column's header as the file writes it, or the field's name. */
  column?: string;
  /** The EN 16931 business term (BT-n, BG-n) an e-invoice problem is about. */
  term?: string;
  /** The text found there, as written. */
  value?: string | null;
  issue: string;
  /** The error code the problem is, where it is one of the table's (NUMBER_TAKEN); else a validation problem. */
  code?: "NUMBER_TAKEN";
};

/**
 * A spreadsheet column as its reader took it: the header as written and the field it was read as
 * (null: not read), at the header's row. What options.mapping changes, shown so it can be changed.
 */
export type ColumnReading = Place & { header: string; field: ColumnField | null };

/** Totals a file states for an invoice, in minor units: checked against the computed ones, never used instead. */
export type StatedTotals = Partial<Record<"subtotal" | "tax" | "total" | "amount_paid" | "amount_due", number>>;

/** One invoice of the file. */
export type InvoiceDraft = {
  place: Place;
  /**
   * The fields invoices.create takes (type, number, parties, dates, currency, locale, tax_rate,
   * items with rates in minor units, payment, notes, preceding_invoice…), as the file gives them.
   * No client_id or template_id: the import links clients itself.
   */
  fields: Record<string, unknown>;
  /** The status the file states (sent, paid, void…); applied only with the option `status: "as_stated"`. */
  status?: InvoiceStatus;
  /** What the file says the invoice's totals are. */
  totals?: StatedTotals;
  /** The language the document states it is in (an e-invoice's), not a create field: a hint to the invoice's locale. */
  language?: string;
  /** Set by the import, not the reader: the format it was read from (an e-invoice's totals are named by business term). */
  format?: ImportFormat;
};

/** A client: name required; email, phone, address, tax_id, currency, locale, notes as clients.create takes them. */
export type ClientDraft = { place: Place; fields: Record<string, unknown> };

/** A product: name and rate (minor units) required; description, unit, currency, tax_rate, sku. */
export type ProductDraft = { place: Place; fields: Record<string, unknown> };

export type ReadResult = {
  invoices: InvoiceDraft[];
  clients: ClientDraft[];
  products: ProductDraft[];
  problems: ImportProblem[];
  /**
   * What was read differently from how the file put it, without being wrong: a line price folded
   * into its amount, a document allowance turned into a line. Shown in the preview; never blocks.
   */
  notices: ImportProblem[];
  /** A table's columns, in the file's order; none for formats without a header row. */
  columns: ColumnReading[];
  /** How many rows (or records, for formats without rows) the file held: the 10,000 limit counts these. */
  rows: number;
};

/**
 * The keys a record of one kind may hold, as the router's schemas name them: the fields its create
 * takes, and every field of the record as the service answers with it.
 */
export type KindKeys = { create: readonly string[]; record: readonly string[] };

/**
 * What the JSON reader (formats/json.ts) tells create fields from a record's computed parts by, for
 * each kind and for an invoice's line items. Plain data, so it crosses to the read workers.
 */
export type RecordKeys = { invoices: KindKeys; clients: KindKeys; products: KindKeys; items: KindKeys };

export type ReadOptions = {
  /** BCP 47: reads numbers and dates the file leaves ambiguous ("1.000", "03/04/2026"). */
  locale?: string;
  /** Spreadsheets: the file's column header → a field name (see formats/columns.ts), over the built-in names. */
  mapping?: Record<string, string>;
  /** Spreadsheets: what the rows are, when the headers do not say it. */
  entity?: "invoices" | "clients" | "products";
  /** The currency amounts are in when the file does not name it (the account's). */
  currency: string;
  /** Today in the account's time zone, for relative dates ("Net 30"). */
  today: string;
  recordKeys: RecordKeys;
  signal?: AbortSignal;
};

export type FormatReader = (bytes: Uint8Array, options: ReadOptions) => Promise<ReadResult>;

/**
 * One result of several files' (an import of many e-invoices at once): each place names its file,
 * each invoice its format.
 */
export function mergeResults(results: ReadonlyArray<{ name: string; format: ImportFormat; result: ReadResult }>): ReadResult {
  const merged = emptyResult();
  const several = results.length > 1;
  const placed = <T extends Place>(item: T, name: string): T => (several ? { ...item, file: name } : item);
  for (const { name, format, result } of results) {
    merged.invoices.push(...result.invoices.map((invoice) => ({ ...invoice, place: placed(invoice.place, name), format })));
    merged.clients.push(...result.clients.map((client) => ({ ...client, place: placed(client.place, name) })));
    merged.products.push(...result.products.map((product) => ({ ...product, place: placed(product.place, name) })));
    merged.problems.push(...result.problems.map((problem) => placed(problem, name)));
    merged.notices.push(...result.notices.map((notice) => placed(notice, name)));
    merged.columns.push(...result.columns.map((column) => placed(column, name)));
    merged.rows += result.rows;
  }
  return merged;
}

export function emptyResult(): ReadResult {
  return { invoices: [], clients: [], products: [], problems: [], notices: [], columns: [], rows: 0 };
}
