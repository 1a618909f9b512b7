// PDFs without e-invoice XML, images and plain text have no structure to read: they go through
// extraction (OCR where needed, then the built-in rules or the configured model) and come back as
// one invoice draft. The totals the document prints are its stated totals, checked like any
// other format's; low-confidence fields and extraction's warnings are notices for the preview.
import { extractDocument, type ExtractDeps } from "../extract/index.ts";
import { documentKind } from "../document.ts";
import { AppError } from "../../domain/errors.ts";
import { emptyResult, type FormatReader, type StatedTotals } from "../model.ts";

/** Below this a field's reading is shown as a notice, so a person checks it before committing. */
const UNSURE = 0.6;

function statedTotals(printed: { subtotal: number | null; tax: number | null; total: number | null }): StatedTotals {
  return Object.fromEntries(Object.entries(printed).filter(([, value]) => value !== null)) as StatedTotals;
}

const EXPECTED = { pdf: "a PDF", image: "a PNG or JPEG image", text: "text" } as const;

/** A reader for "pdf", "image" or "text" through extraction, for `owner`'s turn in the OCR workers. */
export function extractedReader(deps: ExtractDeps, format: "pdf" | "image" | "text", owner: string): FormatReader {
  return async (bytes, options) => {
    const kind = format === "text" ? "text" : documentKind(bytes);
    const fits = format === "text" || (format === "pdf" ? kind === "pdf" : kind === "png" || kind === "jpeg");
    if (kind === null || !fits) {
      throw new AppError("VALIDATION_ERROR", `The file is not ${EXPECTED[format]}`, { field: "content", issue: `not ${format}` });
    }
    const extracted = await extractDocument(deps, bytes, kind, { locale: options.locale, call: { owner, signal: options.signal } });
    const result = emptyResult();
    result.rows = 1;
    const place = { element: "document" };
    result.invoices.push({ place, fields: { ...extracted.invoice }, totals: statedTotals(extracted.document_totals) });
    for (const warning of extracted.warnings) result.notices.push({ ...place, issue: warning });
    for (const [field, confidence] of Object.entries(extracted.confidence)) {
      if (confidence < UNSURE) result.notices.push({ ...place, column: field, issue: `read with confidence ${confidence.toFixed(2)}: check it` });
    }
    return result;
  };
}
