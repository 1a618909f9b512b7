// Font families of a site: from font-family declarations (body and headings apart), @font-face
// rules, and font-service links (Google Fonts, Bunny Fonts), ranked into the body and heading
// families; each mapped onto the nearest of the template's bundled families (sans, serif, mono),
// since an invoice can only be printed with fonts the service carries.
import type { TemplateFont } from "../../../render/templates/options.ts";

export type FontContext = "body" | "heading" | null;
export type FontSource = "stylesheet" | "font-face" | "font-link";
export type FontEvidence = { family: string; generic: TemplateFont | null; source: FontSource; context: FontContext };
export type RankedFont = { family: string; template_font: TemplateFont; sources: FontSource[] };
export type SiteFonts = { families: RankedFont[]; body: string | null; heading: string | null };

/** Hosts serving CSS whose `family` parameters name the fonts (css and css2 APIs). */
const FONT_SERVICES = new Set(["fonts.googleapis.com", "fonts.bunny.net"]);

/** Names that are no family of the site: CSS keywords, the platform's UI font, icon fonts. */
const NOT_A_FAMILY = /^(?:inherit|initial|unset|revert(?:-layer)?|-apple-system|blinkmacsystemfont|system-ui|ui-(?:sans-serif|serif|monospace|rounded)|cursive|fantasy|math|emoji|fangsong)$|icon|awesome|glyph|symbol|emoji/i;

const GENERICS: Record<string, TemplateFont> = { serif: "serif", "sans-serif": "sans", monospace: "mono" };

const MONO_NAMES = /mono|code|consolas|courier|menlo|monaco|inconsolata|\bhack\b/i;
const SERIF_NAMES =
  /\bserif\b|slab|georgia|times|garamond|baskerville|merriweather|playfair|lora\b|caslon|didot|bodoni|cambria|palatino|antiqua|crimson|cormorant|spectral|domine|bitter|arvo|rockwell|alegreya|fraunces|newsreader|literata|charter|hoefler|tiempos|minion|constantia|cardo|vollkorn|gelasio|besley/i;

export function isFontServiceUrl(url: string): boolean {
  return URL.canParse(url) && FONT_SERVICES.has(new URL(url).hostname);
}

/** `family=Inter:wght@400;700&family=Roboto+Slab` (css2) or `family=Roboto:400,700|Open+Sans` (css). */
export function fontServiceFamilies(url: string): string[] {
  if (!isFontServiceUrl(url)) return [];
  return new URL(url).searchParams
    .getAll("family")
    .flatMap((value) => value.split("|"))
    .map((value) => value.split(":")[0]!.trim())
    .filter(Boolean);
}

/** A font-family list (`"Inter", system-ui, sans-serif`) as its site families and its generic fallback. */
export function fontStack(value: string): { families: string[]; generic: TemplateFont | null } {
  const names = value.split(",").map((name) => name.trim().replace(/^(["'])(.*)\1$/, "$2").trim());
  const generic = names.map((name) => GENERICS[name.toLowerCase()]).find((found) => found !== undefined) ?? null;
  const families = names.filter((name) => name && !(name.toLowerCase() in GENERICS) && !NOT_A_FAMILY.test(name) && !/[()]/.test(name));
  return { families, generic };
}

/** The family list of a `font:` shorthand: what follows the size (`700 1rem/1.5 Inter, sans-serif`). */
export function shorthandFamilies(value: string): string | null {
  const match = /(?:^|\s)[\d.]+(?:px|r?em|pt|%|vw|vh|ch|ex)(?:\s*\/\s*[\w.%]+)?\s+(.+)$/i.exec(value);
  return match ? match[1]! : null;
}

/** The bundled family nearest to a site's family: by its name, else by the generic its stack falls back to. */
export function templateFontOf(family: string, generic: TemplateFont | null): TemplateFont {
  if (MONO_NAMES.test(family)) return "mono";
  if (/sans/i.test(family)) return "sans";
  if (SERIF_NAMES.test(family)) return "serif";
  return generic ?? "sans";
}

/** Whether a selector styles headings (h1–h6, or classes that say so). */
export function headingSelector(selector: string): boolean {
  return /(?:^|[\s,>+~])h[1-6]\b|heading|title|display/i.test(selector);
}

const SOURCE_WEIGHT: Record<FontSource, number> = { stylesheet: 1, "font-face": 2, "font-link": 3 };
const MAX_FAMILIES = 8;

/**
 * The families ranked by how much the site uses them (a font it loads counts more than one it only
 * names); body = the family the document root or most rules use, heading = the one headings use.
 */
export function rankFonts(evidence: readonly FontEvidence[]): SiteFonts {
  type Tally = { family: string; score: number; generic: TemplateFont | null; sources: Set<FontSource>; body: number; heading: number };
  const tallies = new Map<string, Tally>();
  for (const { family, generic, source, context } of evidence) {
    const key = family.toLowerCase();
    const tally = tallies.get(key) ?? { family, score: 0, generic: null, sources: new Set<FontSource>(), body: 0, heading: 0 };
    tally.score += SOURCE_WEIGHT[source];
    tally.generic ??= generic;
    tally.sources.add(source);
    if (context === "body") tally.body++;
    if (context === "heading") tally.heading++;
    tallies.set(key, tally);
  }
  const ranked = [...tallies.values()].sort((a, b) => b.score - a.score);
  const best = (pick: (tally: Tally) => number): Tally | undefined => ranked.filter((tally) => pick(tally) > 0).sort((a, b) => pick(b) - pick(a))[0];
  const body = best((tally) => tally.body) ?? ranked.find((tally) => tally.sources.has("stylesheet")) ?? ranked[0];
  const heading = best((tally) => tally.heading) ?? body;
  return {
    families: ranked.slice(0, MAX_FAMILIES).map((tally) => ({ family: tally.family, template_font: templateFontOf(tally.family, tally.generic), sources: [...tally.sources] })),
    body: body?.family ?? null,
    heading: heading?.family ?? null,
  };
}
