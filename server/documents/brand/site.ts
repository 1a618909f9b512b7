// Fetching a site for brand extraction, through the one outbound guard (automation/guarded-fetch.ts)
// with brand extraction's policy: http and https, every address checked, at most 3 redirects each
// checked again, one time budget for the whole extraction, a size limit and a media type list per
// kind of resource. The page itself must come: whatever stops it is the caller's 422 naming the
// URL and why, and a page over its byte budget, cut off while it streams, a 413 naming
// brandPage.bytes (ADR 0036). A stylesheet, manifest or image that fails is only left out.
import { Buffer } from "node:buffer";
import { LOGO_MAX_BYTES } from "../../../render/logo.ts";
import { guardedFetch, OutboundError, type OutboundIssue, type OutboundPolicy } from "../../automation/guarded-fetch.ts";
import { DOCUMENT_BUDGETS, overBudget } from "../../domain/document-budgets.ts";
import { AppError } from "../../domain/errors.ts";
import type { Services } from "../../services.ts";

export type ResourceKind = "page" | "stylesheet" | "manifest" | "image";

const LIMITS: Record<ResourceKind, { maxBytes: number; types: readonly string[] }> = {
  page: { maxBytes: DOCUMENT_BUDGETS.brandPage.bytes, types: ["text/html", "application/xhtml+xml"] },
  stylesheet: { maxBytes: 1024 * 1024, types: ["text/css"] },
  manifest: { maxBytes: 256 * 1024, types: ["application/manifest+json", "application/json"] },
  // One byte over what a logo may be tells a logo too large from one that fits exactly.
  image: { maxBytes: LOGO_MAX_BYTES + 1, types: ["image/svg+xml", "image/png", "image/jpeg", "image/jpg"] },
};

export const MAX_REDIRECTS = 3;

/** Why a site could not be read, as `details.reason` of the 422. */
export type SiteProblem = "not_http" | "refused_url" | "refused_address" | "unreachable" | "too_many_redirects" | "not_html" | "too_slow";

const PROBLEM_OF: Record<OutboundIssue, SiteProblem> = {
  url: "refused_url",
  address: "refused_address",
  unreachable: "unreachable",
  timeout: "too_slow",
  redirects: "too_many_redirects",
  content_type: "not_html",
};

/** The site's fault, not ours and not a service of ours being down: a 422 on `url`, naming it and why. */
export function siteProblem(url: string, reason: SiteProblem, issue: string): AppError {
  return new AppError("VALIDATION_ERROR", `${url} could not be read: ${issue}`, { field: "url", issue, reason });
}

/** One extraction's fetching: the guard's policy, and the time budget (and its deadline) every request of it shares. */
export type SiteFetcher = { policy: OutboundPolicy; budgetMs: number; deadline: number; headers: Record<string, string> };

export function siteFetcher(services: Services): SiteFetcher {
  return {
    // Brand extraction reads public web sites, plain http ones included; only the address guard's
    // narrow test allowance (OUTBOUND_ALLOW_ADDRESSES) opens anything it refuses.
    policy: { allowHttp: true, allowPrivateNetworks: false, allowAddresses: services.config.outboundAllowAddresses },
    budgetMs: services.config.brandFetchTimeoutMs,
    deadline: performance.now() + services.config.brandFetchTimeoutMs,
    headers: { "user-agent": `invoicing-service-brand/${services.version}` },
  };
}

/** What came back: the URL that answered, the body, its media type and the whole Content-Type header. */
export type Fetched = { url: string; bytes: Uint8Array; type: string; contentType: string };

async function fetchKind(fetcher: SiteFetcher, url: string, kind: ResourceKind): Promise<Fetched & { truncated: boolean; status: number; declaredBytes: number }> {
  const { maxBytes, types } = LIMITS[kind];
  const response = await guardedFetch(
    url,
    { method: "GET", headers: { ...fetcher.headers, accept: types.join(", ") }, timeoutMs: Math.max(1, Math.round(fetcher.deadline - performance.now())), maxBytes, maxRedirects: MAX_REDIRECTS, acceptTypes: types },
    fetcher.policy,
  );
  const contentType = response.headers["content-type"] ?? "";
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  const declaredBytes = Number(response.headers["content-length"]) || 0;
  return { url: response.url, bytes: response.body, type, contentType, truncated: response.truncated, status: response.status, declaredBytes };
}

/** The page as text, decoded by its declared charset (UTF-8 when none or unknown). */
export async function fetchPage(fetcher: SiteFetcher, url: string): Promise<{ url: string; html: string }> {
  try {
    const page = await fetchKind(fetcher, url, "page");
    if (page.status < 200 || page.status >= 300) throw siteProblem(url, "unreachable", `the site answered HTTP ${page.status}`);
    // Cut off as soon as it passed the budget: at least one byte more came, or what the site declared.
    if (page.truncated) throw overBudget("brandPage", "bytes", Math.max(page.declaredBytes, LIMITS.page.maxBytes + 1), url);
    return { url: page.url, html: decoded(page.bytes, page.contentType) };
  } catch (error) {
    if (error instanceof OutboundError) throw siteProblem(url, PROBLEM_OF[error.issue], pageIssue(error, fetcher));
    throw error;
  }
}

/** The guard's reason as the caller reads it; a timeout names the extraction's budget, not what was left of it. */
function pageIssue(error: OutboundError, fetcher: SiteFetcher): string {
  if (error.issue === "content_type") return `not an HTML page (${error.message})`;
  if (error.issue === "timeout") return `no complete answer within ${fetcher.budgetMs} ms`;
  return error.message;
}

/** The charset the header declares, else a <meta charset> near the top, else UTF-8 (also for a label no decoder knows). */
function decoded(bytes: Uint8Array, contentType: string): string {
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 2048));
  const label = /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ?? /<meta[^>]+charset=["']?([\w-]+)/i.exec(head)?.[1] ?? "utf-8";
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    return new TextDecoder().decode(bytes);
  }
}

/** A stylesheet, manifest or image, or null when it cannot be had within the limits and the time left. */
export async function fetchResource(fetcher: SiteFetcher, url: string, kind: Exclude<ResourceKind, "page">): Promise<Fetched | null> {
  if (performance.now() >= fetcher.deadline) return null;
  try {
    const resource = await fetchKind(fetcher, url, kind);
    return resource.status >= 200 && resource.status < 300 && !resource.truncated ? resource : null;
  } catch (error) {
    if (error instanceof OutboundError) return null;
    throw error;
  }
}

export const textOf = (fetched: Fetched): string => new TextDecoder().decode(fetched.bytes);

export const dataUrlOf = (type: string, bytes: Uint8Array): string => `data:${type};base64,${Buffer.from(bytes).toString("base64")}`;
