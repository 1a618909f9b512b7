// Which reader reads each of the 16 formats. The structured formats are pure functions of the
// bytes, read in the import's worker pool (read-pool.ts); the three without structure (a PDF
// without e-invoice XML, an image, plain text) go through extraction, which needs the OCR engine
// and the configuration and runs on the server's own OCR workers.
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
import type { FormatReader, StructuredFormat } from "./model.ts";

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

export function structuredReaderFor(format: StructuredFormat): FormatReader {
  return STRUCTURED[format];
}
