// The visual formats of a laid-out document. PDF keeps its pages; SVG and PNG are single images, so
// a document of several pages becomes one tall image: the pages top to bottom, 12 pt (16 px) apart
// on a neutral grey (layout/stack.ts), the way a PDF reader shows them. A one-page document is
// painted exactly as its page (the same bytes as paintSvg / paintPng of that page).
import { AppError } from "../server/domain/errors.ts";
import type { DocumentLayout } from "./layout/boxes.ts";
import { stackPages } from "./layout/stack.ts";
import { paintPdf } from "./paint/pdf.ts";
import { paintPng } from "./paint/png.ts";
import { paintSvg } from "./paint/svg.ts";

export function renderPdf(layout: DocumentLayout, options: { createdAt?: Date } = {}): Promise<Uint8Array> {
  return paintPdf(layout, options);
}

export function renderSvg(layout: DocumentLayout): Promise<string> {
  return paintSvg(stackPages(layout));
}

/**
 * Pages one PNG may stack. Its pixels are held whole while painted (an A4 page at 96 dpi is 0.9
 * million, 3.6 MB as RGBA): 20 pages are ~71 MB and a second or two of a render thread; an invoice
 * of hundreds of pages would hold a worker and hundreds of MB for what a PDF carries better.
 */
export const MAX_PNG_PAGES = 20;

export function renderPng(layout: DocumentLayout): Promise<Uint8Array> {
  if (layout.pages.length > MAX_PNG_PAGES) {
    throw new AppError("VALIDATION_ERROR", `A PNG holds at most ${MAX_PNG_PAGES} pages and this invoice lays out to ${layout.pages.length}: export it as PDF (or SVG)`, {
      field: "format",
      issue: "too_many_pages",
      pages: layout.pages.length,
      max_pages: MAX_PNG_PAGES,
    });
  }
  return paintPng(stackPages(layout));
}
