// Serves the console at /app: hashed assets for good (immutable), and index.html for every other
// /app path, so the browser's router owns the paths (/app/invoices/inv_…). Every file was compressed
// once at build; a request only picks the encoding it accepts.
import { AppError } from "../../domain/errors.ts";
import { errorResponse } from "../requests.ts";
import type { Services } from "../../services.ts";
import { ASSET_PREFIX, consoleBuild, type ConsoleAsset } from "./build.ts";
import { frameSources, withTrustedOrigins } from "./bridge/trust.ts";

/**
 * The console's only script and style are its own files; it talks to its own origin (tRPC, /auth)
 * and shows exported previews from /files. Framing is left to its own origin; it may frame the
 * agent origins WEBMCP_ORIGINS trusts (an agent's panel calling the page's tools).
 */
function consoleCsp(agentOrigins: readonly string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    `frame-src ${frameSources(agentOrigins)}`,
    "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
    "frame-ancestors 'self'",
  ].join("; ");
}

const PAGE_HEADERS = {
  "cache-control": "no-store",
  "referrer-policy": "same-origin",
  "x-content-type-options": "nosniff",
  "x-robots-tag": "noindex, nofollow",
};

export const ASSET_HEADERS = { "cache-control": "public, max-age=31536000, immutable", "x-content-type-options": "nosniff" };

/** The best encoding the request accepts: brotli, then gzip, then none. */
function encodingFor(request: Request): "br" | "gzip" | null {
  const accepted = request.headers.get("accept-encoding") ?? "";
  if (/\bbr\b/.test(accepted)) return "br";
  if (/\bgzip\b/.test(accepted)) return "gzip";
  return null;
}

export function assetResponse(request: Request, asset: ConsoleAsset, headers: Record<string, string>): Response {
  const encoding = encodingFor(request);
  const body = encoding === "br" ? asset.brotli : encoding === "gzip" ? asset.gzip : asset.raw;
  const encodingHeaders: Record<string, string> = encoding ? { "content-encoding": encoding } : {};
  return new Response(request.method === "HEAD" ? null : (body as Uint8Array<ArrayBuffer>), {
    headers: { ...headers, ...encodingHeaders, "content-type": asset.contentType, "content-length": String(body.byteLength), vary: "Accept-Encoding" },
  });
}

export function createConsole(services: Services): (request: Request, url: URL) => Promise<Response> {
  const build = consoleBuild();
  // Logged here, answered per request: a failed build must not take the API down with it.
  build.catch((error: unknown) => services.logger.error("console build failed", { error: error instanceof Error ? error.message : String(error) }));
  const agentOrigins = services.config.webMcpOrigins;
  const pageHeaders = { ...PAGE_HEADERS, "content-security-policy": consoleCsp(agentOrigins) };
  // The build is the process's; the trusted origins are this app's, so its index.html is its own.
  let indexHtml: ConsoleAsset | undefined;
  return async (request, url) => {
    if (request.method !== "GET" && request.method !== "HEAD") {
      return errorResponse(new AppError("METHOD_NOT_ALLOWED", "The console's pages are read with GET"), { allow: "GET, HEAD" });
    }
    let built;
    try {
      built = await build;
    } catch {
      return errorResponse(new AppError("INTERNAL_ERROR", "The console could not be built; the API still works"));
    }
    if (url.pathname.startsWith(ASSET_PREFIX)) {
      const asset = built.assets.get(url.pathname);
      if (!asset) return errorResponse(new AppError("NOT_FOUND", `No console file ${url.pathname}`));
      return assetResponse(request, asset, ASSET_HEADERS);
    }
    indexHtml ??= withTrustedOrigins(built.indexHtml, agentOrigins);
    return assetResponse(request, indexHtml, pageHeaders);
  };
}
