// The public share page and what it links to (ADR 0010 "Share links"):
//   GET  /share/{token}         the invoice as accessible HTML, with a PDF download
//   GET  /share/{token}/pdf     the PDF, through the export service (a stored, reused file)
//   POST /share/{token}/viewed  the page's beacon: a sent invoice becomes viewed
// The page loads the browser-agent bridge script (/share-assets/bridge-<hash>.js, webmcp.ts).
// A link scanner that only GETs never marks an invoice viewed, and the owner previewing through the
// API never does either. Visitors are counted against the anonymous tier of their address.
import { saveSystemMove } from "../invoices/writes.ts";
import { loadProfile } from "../accounts/profile.ts";
import { SHARE_PAGE_TOOLS, sharePage, sharePageCsp, sharePageToolUrl } from "../../render/share-page.ts";
import { AppError } from "../domain/errors.ts";
import { base64Url } from "../domain/signing.ts";
import { exportFile } from "../documents/exports.ts";
import { findInvoice } from "../../db/queries/invoices.ts";
import { addressSubject } from "../access/rate-limit.ts";
import type { Services } from "../services.ts";
import { sharedInvoice, type SharedInvoice } from "../documents/shares.ts";
import { DEFAULT_DESIGN, renderTemplateOf, visibleTemplate } from "../documents/templates.ts";
import type { RequestInfo } from "./requests.ts";
import { shareBridgeScript } from "./webmcp.ts";

const PAGE_HEADERS = {
  "x-robots-tag": "noindex, nofollow",
  "referrer-policy": "no-referrer",
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
};

/** A person reads this, not a program: a plain page with no script. */
function problemPage(status: number, title: string, detail: string, headers: Record<string, string> = {}): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex, nofollow"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main><h1>${title}</h1><p>${detail}</p></main></body></html>`;
  return new Response(html, { status, headers: { ...PAGE_HEADERS, ...headers, "content-type": "text/html; charset=utf-8", "content-security-policy": "default-src 'none'" } });
}

const notFoundPage = () => problemPage(404, "Link not found", "This invoice link does not exist, was revoked or has expired. Ask the sender for a new one.");

export function createSharePages(services: Services): (request: Request, url: URL, info: RequestInfo) => Promise<Response> {
  const admitVisitor = (info: RequestInfo) => services.rateLimiter.hit(addressSubject(info.clientIp), services.config.tierLimits.anonymous, services.clock.now());

  const templateFor = (shared: SharedInvoice) => visibleTemplate(services.database.db, shared.accountId, shared.record.template_id ?? DEFAULT_DESIGN, "template_id");

  async function page(token: string, shared: SharedInvoice): Promise<Response> {
    const template = await renderTemplateOf(services.blobs, shared.accountId, await templateFor(shared));
    const nonce = base64Url(crypto.getRandomValues(new Uint8Array(16)));
    const [download, read, summarize] = SHARE_PAGE_TOOLS;
    // Without its bridge script (a failed build, logged where it is served) the page still works for people.
    const bridgeScript = await shareBridgeScript().catch(() => null);
    const trustedOrigins = services.config.webMcpOrigins;
    const html = sharePage({
      record: shared.record,
      template,
      pdfUrl: sharePageToolUrl(download, token),
      beaconUrl: `/share/${token}/viewed`,
      readUrl: sharePageToolUrl(read, token),
      summaryUrl: sharePageToolUrl(summarize, token),
      nonce,
      bridge: bridgeScript && { scriptUrl: bridgeScript.path, trustedOrigins },
    });
    return new Response(html, { headers: { ...PAGE_HEADERS, "content-type": "text/html; charset=utf-8", "content-security-policy": sharePageCsp(nonce, trustedOrigins) } });
  }

  async function pdf(shared: SharedInvoice): Promise<Response> {
    const profile = await loadProfile(services.database.db, shared.accountId);
    const template = await templateFor(shared);
    const { link } = await exportFile(services, { accountId: shared.accountId, exempt: true, record: shared.record, profile, template, format: "pdf", syntax: "ubl" });
    return new Response(null, { status: 303, headers: { location: link.url, "referrer-policy": "no-referrer", "cache-control": "no-store" } });
  }

  /** The beacon: sent → viewed (a system move with its own revision); any other status stays. */
  async function viewed(shared: SharedInvoice): Promise<Response> {
    if (shared.record.status === "sent") {
      await services.database.write(async (tx) => {
        const current = (await findInvoice(tx, shared.record.id))?.record;
        if (current?.status === "sent") await saveSystemMove(services, tx, shared.accountId, current, "viewed");
      });
    }
    return new Response(null, { status: 204, headers: { "cache-control": "no-store" } });
  }

  return async (request, url, info) => {
    const [token = "", action = "", ...rest] = url.pathname.slice("/share/".length).split("/");
    const route = `${request.method} ${action}`;
    const known = ["GET ", "HEAD ", "GET pdf", "POST viewed"];
    if (rest.length > 0 || !known.includes(route)) {
      return problemPage(rest.length > 0 || !["", "pdf", "viewed"].includes(action) ? 404 : 405, "Not available", "This address does not serve that request.");
    }
    const visit = await admitVisitor(info);
    if (!visit.allowed) return problemPage(429, "Too many requests", `Please wait ${visit.headers["Retry-After"]} seconds and reload the page.`, visit.headers);
    let shared: SharedInvoice;
    try {
      shared = await sharedInvoice(services, token);
    } catch (error) {
      if (error instanceof AppError && error.code === "NOT_FOUND") return notFoundPage();
      throw error;
    }
    if (action === "pdf") return pdf(shared);
    if (action === "viewed") return viewed(shared);
    return page(token, shared);
  };
}
