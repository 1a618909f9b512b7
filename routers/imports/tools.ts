// The spec's `import` tool: import (the default) brings invoices, clients and products in from 16
// formats; get and cancel follow a long import; ocr and extract, the paid actions, read documents.
import type { ToolFamily } from "../meta.ts";

export const IMPORT_TOOL: ToolFamily = {
  name: "import",
  title: "Import and read documents",
  description:
    "import (default): bring invoices, clients and products in from a file — CSV, TSV, XLSX, JSON, UBL, CII, XRechnung, Factur-X, PDF, DOCX, vCard, Invoice DSL, Markdown, HTML, PNG/JPEG, text; the format is detected; several files at once with files: [{content, encoding, file_name}]. A file over 100 rows is a dry run unless options.dry_run says otherwise: it previews every record with its action and every problem {row or element, column or term, value, issue}. Commits are all-or-nothing (options.partial: true stores the good records); the same file again makes nothing new; progress streams on /api/mcp/stream and the call can be cancelled. get / cancel: an import by id. ocr: the text of an image or scanned PDF with word boxes. extract: an invoice draft from a PDF, image or text. Give content as base64 (or encoding text).",
  auth: "key",
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
};
