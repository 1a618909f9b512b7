// A site's brand from what was fetched of it: the page's facts, its stylesheets (linked, imported
// and inline, already read), its manifest. Pure: the colours become evidence for the palette, the
// font declarations and links evidence for the fonts, and the name comes from the manifest, the
// page's site name or its title.
import { colorsIn, isChromatic, parseColor } from "./colors.ts";
import { customPropertiesOf, resolveVariables, rootSelector, type Stylesheet } from "./css.ts";
import { fontServiceFamilies, fontStack, headingSelector, rankFonts, shorthandFamilies, type FontEvidence, type SiteFonts } from "./fonts.ts";
import type { SiteManifest } from "./manifest.ts";
import type { PageFacts } from "./page.ts";
import { EVIDENCE_WEIGHT, rankPalette, variableRole, type ColorEvidence, type ColorUse, type Palette, type PaletteRole } from "./palette.ts";

export type BrandSources = { pageUrl: string; page: PageFacts; stylesheets: readonly Stylesheet[]; manifest: SiteManifest };
export type BrandFacts = { name: string; colors: Palette; fonts: SiteFonts };

const BACKGROUND_PROPERTIES = /^background(?:-color|-image)?$/;
const OTHER_COLOR_PROPERTIES =
  /^(?:border(?:-(?:top|right|bottom|left|block|inline)(?:-(?:start|end))?)?(?:-color)?|outline(?:-color)?|fill|stroke|box-shadow|text-shadow|text-decoration(?:-color)?|caret-color|accent-color|column-rule(?:-color)?)$/;
const BUTTON_SELECTOR = /btn|button|cta|primary/i;
const LINK_SELECTOR = /(?:^|[\s,>+~])a(?:$|[\s,:.[])|link/i;
/** shadcn/ui's convention: custom properties holding bare HSL parts, used as hsl(var(--primary)). */
const BARE_HSL = /^-?[\d.]+(?:deg)?\s+[\d.]+%\s+[\d.]+%$/;
const TITLE_SEPARATORS = /\s+[|·•–—-]\s+|:\s+/;

function useOf(property: string): ColorUse | null {
  if (property === "color") return "text";
  if (BACKGROUND_PROPERTIES.test(property)) return "background";
  return OTHER_COLOR_PROPERTIES.test(property) ? "other" : null;
}

/** The role a declaration's place suggests: the root's colours, a button's fill, a link's colour. */
function placeHint(selector: string, use: ColorUse): { role: PaletteRole; weight: number } | null {
  if (rootSelector(selector)) return use === "background" ? { role: "background", weight: EVIDENCE_WEIGHT.root } : use === "text" ? { role: "text", weight: EVIDENCE_WEIGHT.root } : null;
  if (use === "background" && BUTTON_SELECTOR.test(selector)) return { role: "primary", weight: EVIDENCE_WEIGHT.button };
  if (use === "text" && LINK_SELECTOR.test(selector)) return { role: "accent", weight: EVIDENCE_WEIGHT.link };
  return null;
}

function variableColor(value: string): string | null {
  return parseColor(value) ?? (BARE_HSL.test(value) ? parseColor(`hsl(${value})`) : null);
}

/** A stated colour hints at a role only when it has a hue: a white theme-color is the header's, not the brand's. */
const statedRole = (color: string, role: PaletteRole): PaletteRole | null => (role === "primary" && !isChromatic(color) ? null : role);

function colorEvidence({ page, stylesheets, manifest }: BrandSources): ColorEvidence[] {
  const evidence: ColorEvidence[] = page.themeColors.map((color) => ({ color, source: "theme-color", role: statedRole(color, "primary"), weight: EVIDENCE_WEIGHT.themeColor }));
  if (manifest.themeColor) evidence.push({ color: manifest.themeColor, source: "manifest", role: statedRole(manifest.themeColor, "primary"), weight: EVIDENCE_WEIGHT.manifest });
  if (manifest.backgroundColor) evidence.push({ color: manifest.backgroundColor, source: "manifest", role: "background", weight: EVIDENCE_WEIGHT.manifest });
  const declarations = stylesheets.flatMap((sheet) => sheet.declarations);
  const variables = customPropertiesOf(declarations);
  for (const [name, value] of variables) {
    const color = variableColor(resolveVariables(value, variables));
    if (!color) continue;
    const hint = variableRole(name);
    // A colour the design system only defines weighs little until a rule uses it.
    evidence.push({ color, source: "css-variable", role: hint?.role ?? null, weight: hint?.weight ?? 0.5 });
  }
  for (const { selector, property, value } of declarations) {
    const use = property.startsWith("--") ? null : useOf(property);
    if (!use) continue;
    const hint = placeHint(selector, use);
    for (const color of colorsIn(resolveVariables(value, variables))) {
      evidence.push({ color, source: "stylesheet", role: hint?.role ?? null, weight: 1 + (hint?.weight ?? 0), use });
    }
  }
  return evidence;
}

function fontEvidence({ page, stylesheets }: BrandSources): FontEvidence[] {
  const evidence: FontEvidence[] = [];
  const declarations = stylesheets.flatMap((sheet) => sheet.declarations);
  const variables = customPropertiesOf(declarations);
  for (const url of [...page.fontLinks, ...stylesheets.flatMap((sheet) => sheet.imports)]) {
    for (const family of fontServiceFamilies(url)) evidence.push({ family, generic: null, source: "font-link", context: null });
  }
  for (const { selector, property, value } of declarations) {
    const stack = property === "font-family" ? value : property === "font" ? shorthandFamilies(resolveVariables(value, variables)) : null;
    if (stack === null) continue;
    const { families, generic } = fontStack(resolveVariables(stack, variables));
    const family = families[0];
    if (!family) continue;
    if (selector.toLowerCase() === "@font-face") {
      evidence.push({ family, generic, source: "font-face", context: null });
      continue;
    }
    const context = rootSelector(selector) ? "body" : headingSelector(selector) ? "heading" : null;
    evidence.push({ family, generic, source: "stylesheet", context });
  }
  return evidence;
}

/** The brand's name: as the manifest or the page names the site, else the title's first part, else the host. */
function nameOf({ pageUrl, page, manifest }: BrandSources): string {
  const titled = page.title?.split(TITLE_SEPARATORS)[0]?.trim();
  return manifest.name ?? page.siteName ?? (titled || new URL(pageUrl).hostname.replace(/^www\./, ""));
}

export function brandOf(sources: BrandSources): BrandFacts {
  return { name: nameOf(sources), colors: rankPalette(colorEvidence(sources)), fonts: rankFonts(fontEvidence(sources)) };
}
