// HTML export: the invoice as one standalone HTML5 file (UTF-8, nothing loaded from anywhere) with the
// content of the PDF designs — the template's colours, fonts, wording, shown blocks, paper and
// margins for printing — built on render/document.ts so every label, amount and date reads exactly
// as in the other exports. The pieces live in render/html/ (see page.ts); the share page wraps the
// same document.
import type { InvoiceRecord } from "../../server/domain/invoice.ts";
import { htmlDocument, invoicePage } from "../html/page.ts";
import type { RenderTemplate } from "../templates/template.ts";

/** `nonce` goes on the <style> element, for a page served under a CSP with style-src 'nonce-…'. */
export type HtmlOptions = { nonce?: string };

export function toHtml(record: InvoiceRecord, template: RenderTemplate, options: HtmlOptions = {}): string {
  return htmlDocument({ page: invoicePage(record, template), nonce: options.nonce });
}
