// What a page says about its brand, read from its tokens: title and site name, theme colours, the
// manifest, stylesheets (linked and inline, font services apart), and the logo candidates a page
// offers: an inline <svg> or an <img> marked as the logo (class, id, alt, aria-label saying
// "logo", or a "brand" container such as .navbar-brand), its icons, and og:image. URLs come back
// absolute, against <base href> when the page sets one.
import { parseColor } from "./colors.ts";
import { styleAttributeRule } from "./css.ts";
import { isFontServiceUrl } from "./fonts.ts";
import { decodeEntities, htmlTokens, type StartTag } from "./html.ts";
import { largestSize } from "./manifest.ts";
import { resolvedUrl } from "./urls.ts";

export type LogoSource = "inline-svg" | "logo-image" | "apple-touch-icon" | "manifest-icon" | "icon" | "og-image";
/** A logo the page offers: a URL to fetch, or (inline SVG) the markup itself; type and size as declared. */
export type LogoCandidate = { source: LogoSource; url: string | null; markup: string | null; type: string | null; size: number | null; inHeader: boolean };

export type PageFacts = {
  title: string | null;
  siteName: string | null;
  themeColors: string[];
  manifestUrl: string | null;
  stylesheetUrls: string[];
  fontLinks: string[];
  inlineStyles: string[];
  logos: LogoCandidate[];
};

const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);
const LOGO_WORDS = /logo/i;
const BRAND_CONTAINER = /brand/i;
const HEADER_CLASS = /(?:^|[\s_-])(?:header|masthead|navbar|topbar)(?:[\s_-]|$)/i;
/** Inline SVGs kept, and the markup of one: enough for a logo, not a page-sized illustration. */
const MAX_INLINE_SVGS = 3;
const MAX_SVG_MARKUP = 256 * 1024;
const MAX_STYLE_ATTRIBUTES = 2000;

type Open = { name: string; header: boolean; marked: boolean };

function says(tag: StartTag): boolean {
  const { class: className = "", id = "", alt = "", "aria-label": label = "", title = "" } = tag.attributes;
  return LOGO_WORDS.test(`${className} ${id} ${alt} ${label} ${title}`) || BRAND_CONTAINER.test(`${className} ${id}`);
}

function isHeader(tag: StartTag): boolean {
  return tag.name === "header" || tag.attributes.role === "banner" || HEADER_CLASS.test(`${tag.attributes.class ?? ""} ${tag.attributes.id ?? ""}`);
}

/** Inline SVG pulled out of HTML is no XML document yet: it needs its namespaces declared. */
export function standaloneSvg(markup: string): string {
  const [, openTag = "", rest = ""] = /^(<svg\b[^>]*>)([\s\S]*)$/i.exec(markup) ?? [];
  let tag = openTag;
  if (!/\sxmlns=/.test(tag)) tag = tag.replace(/^<svg/i, '<svg xmlns="http://www.w3.org/2000/svg"');
  if (markup.includes("xlink:") && !/\sxmlns:xlink=/.test(tag)) tag = tag.replace(/^<svg/i, '<svg xmlns:xlink="http://www.w3.org/1999/xlink"');
  return tag + rest;
}

const typeOfUrl = (url: string | null): string | null => (url && /\.svg(?:$|[?#])/i.test(url) ? "image/svg+xml" : null);

/** Reads the page at `pageUrl` (the URL that answered, after redirects). */
export function readPage(html: string, pageUrl: string): PageFacts {
  const stack: Open[] = [];
  const raw = { base: null as string | null, manifest: null as string | null, stylesheets: [] as string[] };
  const facts: PageFacts = { title: null, siteName: null, themeColors: [], manifestUrl: null, stylesheetUrls: [], fontLinks: [], inlineStyles: [], logos: [] };
  const pending: Array<Omit<LogoCandidate, "url"> & { reference: string | null }> = [];
  let svg: { start: number; depth: number; inHeader: boolean; keep: boolean } | null = null;
  let styleAttributes = 0;
  let inlineSvgs = 0;

  const onStart = (tag: StartTag): void => {
    const { name, attributes } = tag;
    const inHeader = isHeader(tag) || stack.some((open) => open.header);
    const marked = says(tag) || stack.some((open) => open.marked);
    if (svg) {
      if (name === "svg" && !tag.selfClosing) svg.depth++;
      return;
    }
    if (attributes.style && styleAttributes++ < MAX_STYLE_ATTRIBUTES) facts.inlineStyles.push(styleAttributeRule(name, attributes.style));
    if (name === "svg" && !tag.selfClosing) {
      svg = { start: tag.start, depth: 1, inHeader, keep: marked && inlineSvgs < MAX_INLINE_SVGS };
      return;
    }
    if (name === "base") raw.base ??= attributes.href ?? null;
    if (name === "meta") onMeta(attributes);
    if (name === "link") onLink(attributes);
    if (name === "img" && marked && (inHeader || says(tag))) {
      const reference = attributes.src ?? attributes.srcset?.split(",")[0]?.trim().split(/\s+/)[0] ?? null;
      pending.push({ source: "logo-image", reference, markup: null, type: null, size: Math.max(Number(attributes.width) || 0, Number(attributes.height) || 0) || null, inHeader });
    }
    if (!VOID.has(name) && !tag.selfClosing) stack.push({ name, header: inHeader, marked });
  };

  const onMeta = (attributes: Record<string, string>): void => {
    const key = (attributes.name ?? attributes.property ?? "").toLowerCase();
    const content = attributes.content?.trim();
    if (!content) return;
    if (key === "theme-color" && !/dark/i.test(attributes.media ?? "")) {
      const color = parseColor(content);
      if (color) facts.themeColors.push(color);
    }
    if (key === "og:site_name" || key === "application-name") facts.siteName ??= content;
    if ((key === "og:image" || key === "og:image:secure_url" || key === "twitter:image") && !pending.some((logo) => logo.source === "og-image")) {
      pending.push({ source: "og-image", reference: content, markup: null, type: null, size: null, inHeader: false });
    }
  };

  const onLink = (attributes: Record<string, string>): void => {
    const rel = (attributes.rel ?? "").toLowerCase().split(/\s+/);
    const href = attributes.href;
    if (!href) return;
    if (rel.includes("stylesheet") && !rel.includes("alternate")) raw.stylesheets.push(href);
    if (rel.includes("manifest")) raw.manifest ??= href;
    const icon = rel.includes("apple-touch-icon") || rel.includes("apple-touch-icon-precomposed") ? "apple-touch-icon" : rel.includes("icon") ? "icon" : null;
    if (icon) pending.push({ source: icon, reference: href, markup: null, type: attributes.type?.toLowerCase() ?? null, size: largestSize(attributes.sizes), inHeader: false });
  };

  const onEnd = (name: string, end: number, html: string): void => {
    if (svg) {
      if (name !== "svg" || --svg.depth > 0) return;
      const markup = html.slice(svg.start, end);
      if (svg.keep && markup.length <= MAX_SVG_MARKUP) {
        inlineSvgs++;
        pending.push({ source: "inline-svg", reference: null, markup: standaloneSvg(markup), type: "image/svg+xml", size: null, inHeader: svg.inHeader });
      }
      svg = null;
      return;
    }
    const at = stack.findLastIndex((open) => open.name === name);
    if (at >= 0) stack.length = at;
  };

  for (const token of htmlTokens(html)) {
    if (token.kind === "start") onStart(token.tag);
    else if (token.kind === "end") onEnd(token.name, token.end, html);
    else if (token.parent === "style") facts.inlineStyles.push(token.text);
    else if (!svg) facts.title ??= decodeEntities(token.text).replace(/\s+/g, " ").trim() || null;
  }

  const base = resolvedUrl(raw.base, pageUrl) ?? pageUrl;
  const absolute = (reference: string | null): string | null => resolvedUrl(reference, base);
  for (const url of raw.stylesheets.map(absolute)) {
    if (url && !url.startsWith("data:")) (isFontServiceUrl(url) ? facts.fontLinks : facts.stylesheetUrls).push(url);
  }
  facts.manifestUrl = absolute(raw.manifest);
  if (facts.manifestUrl?.startsWith("data:")) facts.manifestUrl = null;
  facts.logos = pending
    .map(({ reference, ...candidate }) => {
      const url = candidate.markup === null ? absolute(reference) : null;
      return { ...candidate, url, type: candidate.type ?? typeOfUrl(url) };
    })
    .filter((candidate) => candidate.markup !== null || candidate.url !== null);
  return facts;
}
