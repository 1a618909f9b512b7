// The public share page (ADR 0010 "Share links"): the invoice as the HTML export shows it, a bar with a
// "Download PDF" link, meta tags that keep it out of search engines and its address out of Referer
// headers, and one script that tells the service the page was viewed. The view is a POST the page
// sends once it is actually shown, never the GET, so link scanners and prerendering do not mark an
// invoice as viewed. Its actions are tools for agents in the browser: declared on elements
// (share-page-tools.ts) and, when the server passes `bridge`, served by the bridge script. The page
// needs nothing its CSP (sharePageCsp) does not allow: styles and scripts carry the nonce, images
// are data: URLs, no fonts are fetched, and only trusted agent origins may be framed.
import type { InvoiceRecord } from "../server/domain/invoice.ts";
import { element, fragment, text, type Html } from "./html/markup.ts";
import { assertNonce, htmlDocument, invoicePage } from "./html/page.ts";
import { SHARE_PAGE_TOOLS, sharePageToolUrl, type SharePageTool } from "./share-page-tools.ts";
import type { RenderTemplate } from "./templates/template.ts";

/**
 * The page's links: the PDF, the beacon, and the JSON the read and summarize tools point at. With
 * `bridge`, the page also loads the browser-agent bridge script (its tools, for agents in the
 * browser) and names the other origins allowed to call them and to be framed in the page.
 */
export type SharePageInput = {
  record: InvoiceRecord;
  template: RenderTemplate;
  pdfUrl: string;
  beaconUrl: string;
  readUrl: string;
  summaryUrl: string;
  nonce: string;
  bridge?: { scriptUrl: string; trustedOrigins: readonly string[] } | null;
};

export { SHARE_PAGE_TOOLS, sharePageToolUrl };

/** The attributes that declare `tool` on its element, which points at `href`. */
function toolAttributes(tool: SharePageTool, href: string, name: string): { href: string; "data-tool-name": string; "data-tool-description": string } {
  return { href: webUrl(href, name), "data-tool-name": tool.name, "data-tool-description": tool.description };
}

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

/** The bridge's script (nonced, so the CSP admits it) and the origins it may answer besides the page's own. */
function bridgeHead(bridge: NonNullable<SharePageInput["bridge"]>, nonce: string): Html {
  return fragment(
    bridge.trustedOrigins.length > 0 ? element("meta", { name: "webmcp-origins", content: bridge.trustedOrigins.join(" ") }) : null,
    element("script", { src: webUrl(bridge.scriptUrl, "bridge.scriptUrl"), nonce, defer: true }),
  );
}

export function sharePage({ record, template, pdfUrl, beaconUrl, readUrl, summaryUrl, nonce, bridge }: SharePageInput): string {
  const page = invoicePage(record, template);
  const { downloadPdf } = page.words;
  const [download, read, summarize, payment] = SHARE_PAGE_TOOLS;
  const bar = element("nav", { class: "share-bar", "aria-label": downloadPdf }, element("a", { class: "download", download: true, ...toolAttributes(download, pdfUrl, "pdfUrl") }, text(downloadPdf)));
  const head = fragment(
    element("meta", { name: "robots", content: "noindex, nofollow" }),
    element("meta", { name: "referrer", content: "no-referrer" }),
    element("link", { rel: "alternate", type: "application/json", ...toolAttributes(read, readUrl, "readUrl") }),
    element("link", { rel: "alternate", type: "application/json", ...toolAttributes(summarize, summaryUrl, "summaryUrl") }),
    element("link", { rel: "alternate", type: "application/json", ...toolAttributes(payment, readUrl, "readUrl") }),
    bridge ? bridgeHead(bridge, assertNonce(nonce)) : null,
  );
  return htmlDocument({ page, nonce, head, css: BAR_CSS, before: bar, script: beaconScript(beaconUrl) });
}

/**
 * The Content-Security-Policy header for the page sharePage returned with the same nonce. The
 * origins trusted to call the page's tools may also be framed in it (an agent's panel is a frame).
 */
export function sharePageCsp(nonce: string, trustedOrigins: readonly string[] = []): string {
  const source = `'nonce-${assertNonce(nonce)}'`;
  return [
    "default-src 'none'",
    `script-src ${source}`,
    `style-src ${source}`,
    "img-src data:",
    "connect-src 'self'",
    trustedOrigins.length > 0 ? `frame-src ${trustedOrigins.map(cspSource).join(" ")}` : null,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ]
    .filter((directive) => directive !== null)
    .join("; ");
}

/** An origin as a CSP source: only the characters an origin has, so it cannot end the directive. */
function cspSource(origin: string): string {
  if (!/^https?:\/\/[a-z0-9.\-\[\]:]+$/i.test(origin)) throw new Error(`${origin} is not an origin`);
  return origin;
}
