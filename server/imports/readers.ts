// Which reader reads each of the 16 formats. The structured formats are pure functions of the
// bytes; the three without structure (a PDF without e-invoice XML, an image, plain text) go through
// extraction, which needs the OCR engine and the configuration.
import type { ExtractDeps } from "./extract/index.ts";
import { readCii } from "./formats/cii.ts";
import { readCsv, readTsv } from "./formats/csv.ts";
import { readDocx } from "./formats/docx.ts";
import { readDsl } from "./formats/dsl.ts";
import { extractedReader } from "./formats/extracted.ts";
import { readFacturX } from "./formats/facturx.ts";
import { readHtml } from "./formats/html.ts";
import { readJson } from "./formats/json.ts";
import { readMarkdown } from "./formats/markdown.ts";
import { readUbl } from "./formats/ubl.ts";
import { readVcard } from "./formats/vcard.ts";
import { readXlsx } from "./formats/xlsx.ts";
import { readXRechnung } from "./formats/xrechnung.ts";
import type { FormatReader, ImportFormat } from "./model.ts";

/** The formats read through extraction: one extract call each, counted like POST /api/extract. */
export const EXTRACTED_FORMATS: ReadonlySet<ImportFormat> = new Set(["pdf", "image", "text"]);

export function readerFor(format: ImportFormat, deps: ExtractDeps): FormatReader {
  switch (format) {
    case "csv":
      return readCsv;
    case "tsv":
      return readTsv;
    case "xlsx":
      return readXlsx;
    case "json":
      return readJson;
    case "ubl":
      return readUbl;
    case "cii":
      return readCii;
    case "xrechnung":
      return readXRechnung;
    case "facturx":
      return readFacturX;
    case "docx":
      return readDocx;
    case "vcard":
      return readVcard;
    case "dsl":
      return readDsl;
    case "md":
      return readMarkdown;
    case "html":
      return readHtml;
    case "pdf":
    case "image":
    case "text":
      return extractedReader(deps, format);
  }
}
