// Which reader reads each of the 16 formats. The structured formats are pure functions of the
// bytes, read in the import's worker pool (read-pool.ts); the three without structure (a PDF
// without e-invoice XML, an image, plain text) go through extraction, which needs the OCR engine
// and the configuration and runs on the server's own OCR workers.
// A structured reader refuses what it cannot read with an AppError (422 naming the problem, or the
// budget it is over); anything else it throws (a parser's own limit, a stack overflow, a bug) is
// still the document's fault as far as the caller can tell, so readStructured makes it a 422 naming
// the file, the original kept as its cause for the server's log (server/imports/import.ts).
import { AppError } from "../domain/errors.ts";
import { readCii } from "./formats/cii.ts";
import { readCsv, readTsv } from "./formats/csv.ts";
import { readDocx } from "./formats/docx.ts";
import { readDsl } from "./formats/dsl.ts";
import { readFacturX } from "./formats/facturx.ts";
import { readHtml } from "./formats/html.ts";
import { readJson } from "./formats/json.ts";
import { readMarkdown } from "./formats/markdown.ts";
import { readUbl } from "./formats/ubl.ts";
import { readVcard } from "./formats/vcard.ts";
import { readXlsx } from "./formats/xlsx.ts";
import { readXRechnung } from "./formats/xrechnung.ts";
import { UNREADABLE_ISSUE, type FormatReader, type ReadOptions, type ReadResult, type StructuredFormat } from "./model.ts";

const STRUCTURED: Record<StructuredFormat, FormatReader> = {
  csv: readCsv,
  tsv: readTsv,
  xlsx: readXlsx,
  json: readJson,
  ubl: readUbl,
  cii: readCii,
  xrechnung: readXRechnung,
  facturx: readFacturX,
  docx: readDocx,
  vcard: readVcard,
  dsl: readDsl,
  md: readMarkdown,
  html: readHtml,
};

/** Reads one file with `read` (its format's reader unless a test gives one); see the file's top comment for what it throws. */
export async function readStructured(file: { format: StructuredFormat; bytes: Uint8Array; name: string }, options: ReadOptions, read: FormatReader = STRUCTURED[file.format]): Promise<ReadResult> {
  try {
    return await read(file.bytes, options);
  } catch (error) {
    if (error instanceof AppError) throw error;
    const why = error instanceof Error ? error.message : String(error);
    const refusal = new AppError("VALIDATION_ERROR", `${file.name}: could not read the document as ${file.format}: ${why}`, { field: "content", issue: UNREADABLE_ISSUE, file: file.name });
    refusal.cause = error;
    throw refusal;
  }
}
