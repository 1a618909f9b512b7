// The public share page (DESIGN "Share"): the invoice as the HTML export shows it, a bar with a
// "Download PDF" link, meta tags that keep it out of search engines and its address out of Referer
// headers, and one script that tells the service the page was viewed. The view is a POST the page
// sends once it is actually shown, never the GET, so link scanners and prerendering do not mark an
// invoice as viewed. The page needs nothing its CSP (sharePageCsp) does not allow: styles and the
// script carry the nonce, images are data: URLs, no fonts or other resources are fetched.
import type { InvoiceRecord } from "../server/domain/invoice.ts";
import { element, fragment, text } from "./html/markup.ts";
import { assertNonce, htmlDocument, invoicePage } from "./html/page.ts";
import type { RenderTemplate } from "./templates/template.ts";

export type SharePageInput = { record: InvoiceRecord; template: RenderTemplate; pdfUrl: string; beaconUrl: string; nonce: string };

const BAR_CSS = `
.share-bar { display: flex; justify-content: flex-end; max-width: var(--paper-width); margin: 0 auto 12px; }
.download { display: inline-block; padding: 8px 16px; border-radius: 6px; background: var(--accent); color: var(--on-accent); font: 600 11pt/1.3 var(--body-font); text-decoration: none; }
.download:hover { text-decoration: underline; }
.download:focus-visible { outline: 3px solid var(--ink); outline-offset: 2px; }
@media screen and (max-width: 40em) { .share-bar { margin: 0; padding: 8px; background: #ffffff; border-bottom: 1px solid var(--rule); } }
@media print { .share-bar { display: none; } }
`;

/** A link or beacon target: a path on this site or an http(s) URL, never javascript: or data:. */
function webUrl(url: string, name: string): string {
  const { protocol } = new URL(url, "https://relative.invalid");
  if (protocol !== "https:" && protocol !== "http:") throw new Error(`${name} must be an http(s) URL or a path`);
  return url;
}

/**
 * POSTs to the beacon once the page is visible (a prerendered or background tab waits until it is
 * shown). A keepalive fetch survives the reader closing the tab and, unlike sendBeacon, can leave
 * cookies out (credentials: "omit"), so a session on this origin never rides along; sendBeacon is
 * only the fallback for a browser without fetch. The URL is JSON with "<" escaped, so it
 * cannot end the script element.
 */
function beaconScript(beaconUrl: string): string {
  const url = JSON.stringify(webUrl(beaconUrl, "beaconUrl")).replace(/</g, "\\u003c");
  return `(function () {
  var url = ${url};
  var sent = false;
  function send() {
    if (sent || document.visibilityState !== "visible") return;
    sent = true;
    document.removeEventListener("visibilitychange", send);
    if (window.fetch) fetch(url, { method: "POST", keepalive: true, credentials: "omit", cache: "no-store" }).catch(function () {});
    else if (navigator.sendBeacon) navigator.sendBeacon(url);
  }
  document.addEventListener("visibilitychange", send);
  send();
})();`;
}

export function sharePage({ record, template, pdfUrl, beaconUrl, nonce }: SharePageInput): string {
  const page = invoicePage(record, template);
  const { downloadPdf } = page.words;
  const bar = element("nav", { class: "share-bar", "aria-label": downloadPdf }, element("a", { class: "download", href: webUrl(pdfUrl, "pdfUrl"), download: true }, text(downloadPdf)));
  const head = fragment(element("meta", { name: "robots", content: "noindex, nofollow" }), element("meta", { name: "referrer", content: "no-referrer" }));
  return htmlDocument({ page, nonce, head, css: BAR_CSS, before: bar, script: beaconScript(beaconUrl) });
}

/** The Content-Security-Policy header for the page sharePage returned with the same nonce. */
export function sharePageCsp(nonce: string): string {
  const source = `'nonce-${assertNonce(nonce)}'`;
  return [
    "default-src 'none'",
    `script-src ${source}`,
    `style-src ${source}`,
    "img-src data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}
