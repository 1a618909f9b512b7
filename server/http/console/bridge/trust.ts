// What the server writes into a page for its bridge: the origins besides the page's own that may
// call the page's tools (WEBMCP_ORIGINS), as the <meta name="webmcp-origins"> the bridge reads, and
// as frame sources in the CSP, since an agent's panel in the page is a frame. Server side only.
import { compressed, type ConsoleAsset } from "../build.ts";
import { TRUSTED_ORIGINS_META } from "./post-message.ts";

const escapeAttribute = (value: string): string => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/**
 * The console's index.html with the trusted origins in it, compressed again (call it once per app:
 * the build is shared by every app of the process, the origins are each app's own). Unchanged
 * without origins.
 */
export function withTrustedOrigins(indexHtml: ConsoleAsset, origins: readonly string[]): ConsoleAsset {
  if (origins.length === 0) return indexHtml;
  const meta = `<meta name="${TRUSTED_ORIGINS_META}" content="${escapeAttribute(origins.join(" "))}">`;
  const html = new TextDecoder().decode(indexHtml.raw).replace("</head>", `${meta}</head>`);
  return compressed(indexHtml.path, new TextEncoder().encode(html));
}

/** The CSP frame-src sources: the page's own origin and the trusted agent origins. */
export function frameSources(origins: readonly string[]): string {
  return ["'self'", ...origins].join(" ");
}
