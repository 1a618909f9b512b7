// An invoice as a complete HTML5 document: the pieces (language, direction, title, stylesheet,
// body) built once from the record and the template, and the shell both the HTML export and the
// share page wrap them in. Nothing on the page loads from anywhere: styles are inline in one
// <style>, images are data: URLs, fonts are the reader's own, and even the favicon is a data: URL
// (a browser would otherwise fetch /favicon.ico, which the share page's CSP refuses).
import { headingOf } from "../document.ts";
import type { Direction } from "../fonts/bidi.ts";
import type { InvoiceRecord } from "../../server/domain/invoice.ts";
import type { RenderTemplate } from "../templates/template.ts";
import { localeDirection, pageDirection } from "./direction.ts";
import { invoiceBody } from "./invoice-body.ts";
import { element, fragment, text, trusted, type Html } from "./markup.ts";
import { paletteOf } from "./palette.ts";
import { invoiceCss } from "./styles.ts";
import { templateDocument } from "../templates/content.ts";
import { htmlWordsFor, type HtmlWords } from "./words/index.ts";

export type InvoicePage = {
  lang: string;
  direction: Direction;
  title: string;
  css: string;
  /** The design's class, for the <body>. */
  designClass: string;
  body: Html;
  words: HtmlWords;
};

export function invoicePage(record: InvoiceRecord, template: RenderTemplate): InvoicePage {
  const document = templateDocument(record, template.options);
  const palette = paletteOf(template.options.colors);
  const direction = pageDirection(record);
  const words = htmlWordsFor(record.locale);
  const css = invoiceCss({ base: template.base, options: template.options, palette, labels: document.labels, direction });
  const body = invoiceBody({ record, template, document, words, direction, numberDirection: localeDirection(record.locale), qrColor: palette.ink });
  return { lang: record.locale, direction, title: headingOf(document), css, designClass: `design-${template.base}`, body, words };
}

/** CSP's nonce grammar (base64 or base64url): anything else could break out of the header or the attribute. */
const NONCE = /^[A-Za-z0-9+/_-]+={0,2}$/;

export function assertNonce(nonce: string): string {
  if (!NONCE.test(nonce)) throw new Error("a CSP nonce is base64 or base64url text");
  return nonce;
}

export type Shell = {
  page: InvoicePage;
  nonce?: string | undefined;
  /** More <head> content (the share page's meta tags) and stylesheet. */
  head?: Html;
  css?: string;
  /** Content before the sheet (the share page's bar). */
  before?: Html;
  /** A script this code wrote, placed last in the body. */
  script?: string;
};

export function htmlDocument({ page, nonce, head, css = "", before, script }: Shell): string {
  const checkedNonce = nonce === undefined ? undefined : assertNonce(nonce);
  const stylesheet = `${page.css}${css}`;
  // A stylesheet is raw text up to "</style": ours holds only colours, numbers and escaped strings.
  if (/<\/style/i.test(stylesheet)) throw new Error("a stylesheet may not contain </style");
  const documentHead = element(
    "head",
    {},
    element("meta", { charset: "utf-8" }),
    element("meta", { name: "viewport", content: "width=device-width, initial-scale=1" }),
    element("meta", { name: "color-scheme", content: "light" }),
    head ?? null,
    element("title", {}, text(page.title)),
    element("link", { rel: "icon", href: "data:," }),
    element("style", { nonce: checkedNonce }, trusted(stylesheet)),
  );
  const scriptElement = script === undefined ? null : element("script", { nonce: checkedNonce }, trusted(script));
  const body = element("body", { class: page.designClass }, fragment(before ?? null, page.body, scriptElement));
  return `<!doctype html>\n${element("html", { lang: page.lang, dir: page.direction }, documentHead, body)}\n`;
}
