// What one document from a stranger may cost, per reader, in one place: pages, pixels, unpacked
// bytes, cells, nesting, elements, wall time. Each reader checks its budget before the expensive step
// (pages are counted before any is decoded, zip entries are summed while they stream, XML and HTML
// are pre-scanned for depth), and a document over a limit is refused by `overBudget`, naming the
// limit and both numbers: one request never takes the process (ADR 0036).
import { AppError } from "./errors.ts";
import { MAX_DOCUMENT_BYTES } from "./wire.ts";

const MiB = 1024 * 1024;

export const DOCUMENT_BUDGETS = {
  /** PDFs read for text, rasterised for OCR or extraction. */
  pdf: { pages: 50, pixelsPerPage: 25_000_000, pixelsInAll: 250_000_000, wallMs: 60_000 },
  /** PNG and JPEG images, and a PDF page once rasterised. */
  image: { pixels: 40_000_000, wallMs: 30_000 },
  /**
   * ZIP packages (XLSX, DOCX): what their entries unpack to, counted from the inflated bytes while
   * they stream (declared sizes lie). A workbook or letter has tens of entries; 10,000 rows of a sheet
   * are ~5 MB of XML, so 32 MiB a part and 64 MiB in all leave room and keep one import's memory small.
   */
  zip: { entries: 5_000, unpackedBytes: 64 * MiB, entryBytes: 32 * MiB },
  /** Spreadsheets (XLSX, CSV, TSV): cells (10,000 rows of 200 columns) and the text of one cell (Excel's own limit). */
  spreadsheet: { cells: 2_000_000, cellChars: 32_767 },
  /**
   * XML (UBL, CII, XRechnung, Factur-X, DOCX and XLSX parts), pre-scanned before any parser: an
   * invoice nests ~10 levels, a DOCX body with tables in tables ~30 (fast-xml-parser stops at 100
   * with an error of its own); 10,000 rows of ~50 elements are 500,000, and each parsed element
   * costs a few hundred bytes, so 1,000,000 keeps a part's tree well under 1 GB.
   */
  xml: { depth: 64, elements: 1_000_000 },
  /** HTML imported or read from a brand page. */
  html: { depth: 256, elements: 200_000 },
  /** JSON files imported: the export nests four levels; the reader's walks recurse, so depth is scanned first. */
  json: { depth: 64 },
  /** The invoice XML a Factur-X / ZUGFeRD PDF carries, inflated: no bigger than a document sent on its own. */
  facturx: { attachmentBytes: MAX_DOCUMENT_BYTES },
  /** A brand page fetched from a site. */
  brandPage: { bytes: 2 * MiB, wallMs: 10_000 },
} as const;

export type DocumentBudgets = typeof DOCUMENT_BUDGETS;
export type BudgetedReader = keyof DocumentBudgets;

/**
 * A document over one of its reader's limits: 422 (413 for a byte size) naming the limit, what the
 * document has (as far as it was counted) and the most allowed.
 */
export function overBudget<Reader extends BudgetedReader>(reader: Reader, limit: keyof DocumentBudgets[Reader] & string, value: number, what: string): AppError {
  const max = DOCUMENT_BUDGETS[reader][limit] as number;
  const bytes = /bytes$/i.test(limit);
  return new AppError(bytes ? "PAYLOAD_TOO_LARGE" : "VALIDATION_ERROR", `${what}: ${value} ${limit} is over the limit of ${max}`, {
    field: "content",
    limit: `${reader}.${limit}`,
    value,
    max,
    issue: `over the ${reader} limit of ${max} ${limit}`,
  });
}
