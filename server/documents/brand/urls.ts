// URLs as brand extraction takes them: the site URL a caller gives, normalized into the cache's key,
// and the references a page or manifest makes, resolved against it.

const BARE_HOST = /^[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?::\d+)?(?:[/?#]|$)/i;

/**
 * The site URL as one key per page: scheme and host lower case, default port, query and fragment
 * gone, an empty path as "/". A bare host (`example.com`) means its https:// site. Null for
 * anything that is not an http(s) URL. The query goes because a site's colours, fonts and logo do
 * not depend on one, and a key that kept it would let `?1`, `?2`, … fetch and read the same page
 * again and again; the page is fetched at this URL, so what is cached is what was read.
 */
export function normalizedSiteUrl(text: string): string | null {
  const trimmed = text.trim();
  const candidate = BARE_HOST.test(trimmed) ? `https://${trimmed}` : trimmed;
  if (!URL.canParse(candidate)) return null;
  const url = new URL(candidate);
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  url.search = "";
  url.hash = "";
  return url.href;
}

/** An http(s) or data: URL resolved against `base`; null for anything else. */
export function resolvedUrl(reference: string | null | undefined, base: string): string | null {
  if (!reference?.trim() || !URL.canParse(reference.trim(), base)) return null;
  const url = new URL(reference.trim(), base);
  if (url.protocol === "data:") return url.href;
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  url.hash = "";
  return url.href;
}
