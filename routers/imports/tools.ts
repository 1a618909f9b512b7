// The spec's `import` tool. Its paid actions read documents: ocr (text and word boxes) and extract
// (an invoice draft); issue 11 adds the import itself.
import type { ToolFamily } from "../trpc.ts";

export const IMPORT_TOOL: ToolFamily = {
  name: "import",
  title: "Read and import documents",
  description:
    "Read documents: ocr returns the text of a PNG or JPEG image or a scanned PDF with each word's box and confidence; extract returns an invoice draft in invoices.create's shape, with a confidence per field, from a PDF, an image or text. Give content as base64 (or encoding text).",
  auth: "key",
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
};
