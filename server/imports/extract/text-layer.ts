// A PDF's own text layer, with positions (unpdf: pdf.js), read inside an OCR worker
// (server/imports/ocr/ocr-worker.ts) rather than on the request thread: tens of milliseconds a
// page. The pages are counted against the PDF budget before any page's text is read.
import { extractTextItems, getDocumentProxy } from "unpdf";
import { DOCUMENT_BUDGETS, overBudget } from "../../domain/document-budgets.ts";
import { AppError } from "../../domain/errors.ts";
import type { PageStrips } from "./layout.ts";

/** A PDF text item's height above its baseline, as a share of its font size (Latin capitals, CJK a little more). */
const ASCENT = 0.75;

const unreadable = (): AppError => new AppError("VALIDATION_ERROR", "content is not a readable PDF", { field: "content", issue: "unreadable PDF" });

/** Every text item of every page, flipped to top-down coordinates (pdf.js puts the origin bottom-left). */
export async function pdfTextLayer(bytes: Uint8Array): Promise<PageStrips[]> {
  let proxy: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // pdf.js takes ownership of the buffer it is given: hand it a copy, the caller's bytes stay usable.
    proxy = await getDocumentProxy(bytes.slice());
  } catch {
    throw unreadable();
  }
  if (proxy.numPages > DOCUMENT_BUDGETS.pdf.pages) throw overBudget("pdf", "pages", proxy.numPages, `The PDF has ${proxy.numPages} pages`);
  let items: Awaited<ReturnType<typeof extractTextItems>>["items"];
  try {
    ({ items } = await extractTextItems(proxy));
  } catch {
    throw unreadable();
  }
  return items.map((pageItems, index) => ({
    page: index + 1,
    strips: pageItems
      .filter((item) => item.str.trim() !== "" && item.fontSize > 0)
      .map((item) => [{ text: item.str, x0: item.x, x1: item.x + item.width, top: -item.y - ASCENT * item.fontSize, bottom: -item.y, size: item.fontSize, confidence: 1 }]),
  }));
}
