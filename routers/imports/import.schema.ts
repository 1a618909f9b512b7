import { z } from "zod";
import { IMPORT_FORMATS } from "../../server/imports/model.ts";
import { COLUMN_FIELDS } from "../../server/imports/formats/column-fields.ts";
import { INVOICE_STATUSES } from "../../server/domain/lifecycle.ts";
import { currencyCode, localeTag } from "../shared/schemas.ts";
import { documentEncoding } from "./document.schema.ts";

export const importFormat = z.enum(IMPORT_FORMATS).describe("the file's format; detected from the content when left out");

/** The most files one import reads at once (a folder of e-invoices); all of them within one request's upload limit (server/domain/wire.ts). */
export const MAX_IMPORT_FILES = 1000;

export const importedFile = z.strictObject({
  content: z.string().min(1).describe("the file: base64, or the text itself"),
  encoding: documentEncoding,
  format: importFormat.optional(),
  file_name: z.string().max(255).optional(),
});

export const importOptions = z
  .strictObject({
    dry_run: z.boolean().optional().describe("show what would be made and store nothing; by default a commit, except through the tool for files over 100 rows"),
    partial: z.boolean().default(false).describe("store the records without problems and report the others (default: all-or-nothing)"),
    status: z.enum(["draft", "as_stated"]).default("draft").describe("drafts (default), or the status the file states (sent, paid…; moving past draft needs invoices:approve)"),
    locale: localeTag.optional().describe("BCP 47: reads numbers and dates the file leaves ambiguous (1.000, 03/04/2026); the locale of invoices the file gives none"),
    mapping: z.record(z.string().max(200), z.string().max(100)).optional().describe("spreadsheets: a column's header as written → a field (number, issue_date, bill_to_name, description, quantity, unit_price, tax_rate, …)"),
    entity: z.enum(["invoices", "clients", "products"]).optional().describe("spreadsheets: what the rows are, when the headers do not tell"),
    currency: currencyCode.optional().describe("the currency of amounts the file does not name; the account's by default"),
    wait: z.boolean().default(true).describe("false answers at once (REST: 202)  with the running import; follow it at GET /api/imports/{id}, cancel with DELETE"),
  })
  .default({ partial: false, status: "draft", wait: true })
  .describe("how to import: dry_run, partial, status, locale, mapping, entity, currency, wait");

const placed = {
  row: z.int().optional().describe("1-based row of a table (its header is row 1) or line of a text"),
  element: z.string().optional().describe("an element path, a JSON pointer or a vCard's index"),
  file: z.string().optional().describe("which file, when one import reads several"),
};
const action = z.enum(["create", "match", "unchanged", "refused"]).describe("create: made now (or, in a dry run, would be); match: the account's existing one; unchanged: made by an earlier import; refused: has problems");

export const importProblem = z
  .object({
    ...placed,
    column: z.string().optional().describe("the column's header or the field"),
    term: z.string().optional().describe("the EN 16931 business term (BT-n) of an e-invoice"),
    value: z.string().nullable().optional().describe("what the file holds there"),
    issue: z.string(),
    code: z.literal("NUMBER_TAKEN").optional(),
  })
  .meta({ id: "ImportProblem" });

const count = z.object({ create: z.int(), match: z.int(), unchanged: z.int(), refused: z.int() });

export const importOutput = z
  .object({
    id: z.string(),
    status: z.enum(["running", "previewed", "completed", "failed", "cancelled"]),
    dry_run: z.boolean(),
    format: z.union([importFormat, z.literal("mixed")]).describe("the files' format; mixed when several files of different formats were read"),
    partial: z.boolean(),
    progress: z.object({ done: z.int(), total: z.int() }),
    summary: z.object({ rows: z.int(), invoices: count, clients: count, products: count, problems: z.int(), notices: z.int() }),
    invoices: z.array(
      z.object({
        ...placed,
        action,
        id: z.string().nullable(),
        type: z.string().nullable(),
        number: z.string().nullable(),
        status: z.enum(INVOICE_STATUSES).nullable(),
        bill_to_name: z.string().nullable(),
        currency: z.string().nullable(),
        total: z.int().nullable().describe("minor units"),
        client: z.object({ action, id: z.string().nullable(), name: z.string() }).nullable(),
      }),
    ),
    clients: z.array(z.object({ ...placed, action, id: z.string().nullable(), name: z.string(), email: z.string().nullable() })),
    products: z.array(z.object({ ...placed, action, id: z.string().nullable(), name: z.string(), sku: z.string().nullable() })),
    problems: z.array(importProblem),
    notices: z.array(importProblem).describe("read differently from how the file puts it, without being wrong; never blocks"),
    columns: z
      .array(z.object({ ...placed, header: z.string().describe("as the file writes it"), field: z.enum(COLUMN_FIELDS).nullable().describe("what the column was read as; null: not read") }))
      // Runs kept from before columns were reported have none.
      .default([])
      .describe("spreadsheets: each column of the header row (row) as read; options.mapping changes what a header is read as"),
    created_at: z.string(),
    finished_at: z.string().nullable(),
  })
  .meta({ id: "Import" });
