// What a page says about its brand, read from its tokens: title and site name, theme colours, the
// manifest, stylesheets (linked and inline, font services apart), and the logo candidates a page
// offers: an inline <svg> or an <img> marked as the logo (class, id, alt, aria-label saying
// "logo", or a "brand" container such as .navbar-brand), its icons, and og:image. URLs come back
// absolute, against <base href> when the page sets one. One pass over the tokens, each costing the
// same however deep it sits (an element inherits "in the header" and "marked" from its parent
// alone), and the page's nesting and elements counted as it goes: past the HTML budget the read
// stops with a 422 naming the limit (ADR 0036), so a page of 100,000 nested <div>s costs 257 steps.
import { DOCUMENT_BUDGETS, overBudget } from "../../domain/document-budgets.ts";
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
/** Start tags that end an open <p>, as browsers read them: a page's unclosed paragraphs do not nest. */
const CLOSES_P = new Set(["address", "article", "aside", "blockquote", "dd", "details", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main", "menu", "nav", "ol", "p", "pre", "section", "table", "ul"]);
/** Start tags that end their open siblings (optional end tags): ten unclosed <li>s are ten siblings, not ten levels. */
const ENDS_SIBLINGS: Record<string, ReadonlySet<string>> = {
  li: new Set(["li"]),
  dt: new Set(["dt", "dd"]),
  dd: new Set(["dt", "dd"]),
  option: new Set(["option"]),
  tr: new Set(["tr", "td", "th"]),
  td: new Set(["td", "th"]),
  th: new Set(["td", "th"]),
};
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
  /** The inline <svg> being read: where it starts, its nested <svg>s and its open elements. */
  let svg: { start: number; depth: number; inner: number; inHeader: boolean; keep: boolean } | null = null;
  let styleAttributes = 0;
  let inlineSvgs = 0;
  let elements = 0;
  let ogImage = false;
  /** How many elements of each name are open, so an end tag nothing matches costs one look-up, not a walk of the stack. */
  const openByName = new Map<string, number>();
  const { depth: maxDepth, elements: maxElements } = DOCUMENT_BUDGETS.html;

  const closeFrom = (at: number): void => {
    for (const { name } of stack.splice(at)) openByName.set(name, openByName.get(name)! - 1);
  };
  const open = (entry: Open): void => {
    stack.push(entry);
    openByName.set(entry.name, (openByName.get(entry.name) ?? 0) + 1);
  };
  /** Ends the open elements a start tag ends without saying so: a <p> by a <div>, an <li> by the next. */
  const closeImplied = (name: string): void => {
    if (CLOSES_P.has(name) && stack.at(-1)?.name === "p") closeFrom(stack.length - 1);
    while (ENDS_SIBLINGS[name]?.has(stack.at(-1)?.name ?? "")) closeFrom(stack.length - 1);
  };
  /** One more element, reaching `depth`: past either budget the page is refused. */
  const count = (depth: number): void => {
    if (++elements > maxElements) throw overBudget("html", "elements", elements, pageUrl);
    if (depth > maxDepth) throw overBudget("html", "depth", depth, pageUrl);
  };

  const onStart = (tag: StartTag): void => {
    const { name, attributes } = tag;
    const opens = !VOID.has(name) && !tag.selfClosing;
    if (svg) {
      if (opens) svg.inner++;
      if (name === "svg" && opens) svg.depth++;
    } else closeImplied(name);
    count(stack.length + (svg ? svg.inner : opens ? 1 : 0));
    if (svg) return;
    const parent = stack.at(-1);
    const inHeader = isHeader(tag) || (parent?.header ?? false);
    const marked = says(tag) || (parent?.marked ?? false);
    if (attributes.style && styleAttributes++ < MAX_STYLE_ATTRIBUTES) facts.inlineStyles.push(styleAttributeRule(name, attributes.style));
    if (name === "svg" && !tag.selfClosing) {
      svg = { start: tag.start, depth: 1, inner: 1, inHeader, keep: marked && inlineSvgs < MAX_INLINE_SVGS };
      return;
    }
    if (name === "base") raw.base ??= attributes.href ?? null;
    if (name === "meta") onMeta(attributes);
    if (name === "link") onLink(attributes);
    if (name === "img" && marked && (inHeader || says(tag))) {
      const reference = attributes.src ?? attributes.srcset?.split(",")[0]?.trim().split(/\s+/)[0] ?? null;
      pending.push({ source: "logo-image", reference, markup: null, type: null, size: Math.max(Number(attributes.width) || 0, Number(attributes.height) || 0) || null, inHeader });
    }
    if (opens) open({ name, header: inHeader, marked });
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
    if ((key === "og:image" || key === "og:image:secure_url" || key === "twitter:image") && !ogImage) {
      ogImage = true;
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
      svg.inner = Math.max(1, svg.inner - 1);
      if (name !== "svg" || --svg.depth > 0) return;
      const markup = html.slice(svg.start, end);
      if (svg.keep && markup.length <= MAX_SVG_MARKUP) {
        inlineSvgs++;
        pending.push({ source: "inline-svg", reference: null, markup: standaloneSvg(markup), type: "image/svg+xml", size: null, inHeader: svg.inHeader });
      }
      svg = null;
      return;
    }
    if (!openByName.get(name)) return;
    closeFrom(stack.findLastIndex((entry) => entry.name === name));
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
