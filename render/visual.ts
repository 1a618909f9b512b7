// The visual formats of a laid-out document. PDF keeps its pages; SVG and PNG are single images, so
// a document of several pages becomes one tall image: the pages top to bottom, 12 pt (16 px) apart
// on a neutral grey (layout/stack.ts), the way a PDF reader shows them. A one-page document is
// painted exactly as its page (the same bytes as paintSvg / paintPng of that page).
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

export function renderPng(layout: DocumentLayout): Promise<Uint8Array> {
  return paintPng(stackPages(layout));
}
