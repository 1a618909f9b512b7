// A brand as the options templates.mutate's create takes as they are: the nearest base design, the
// five template colours derived from the palette so they print legibly on white paper (an accent
// too light for a heading is darkened, body text too pale falls back to the design's own), the
// fonts mapped onto the bundled families, and the logo as a data: URL of its stored PNG or JPEG.
import { BASE_DEFAULTS, type TemplateFont, type TemplateOptions } from "../../../render/templates/options.ts";
import { type BaseDesign } from "../../domain/templates.ts";
import type { BrandFacts } from "./brand.ts";
import { contrast, mix } from "./colors.ts";

export type BrandTemplateOptions = {
  name: string;
  base: BaseDesign;
  options: { colors: TemplateOptions["colors"]; fonts: TemplateOptions["fonts"] };
  logo: string | null;
};

const WHITE = "#ffffff";
const BLACK = "#000000";
/** WCAG: 3:1 for large text (headings, the total), 4.5:1 for body text. */
const LARGE_TEXT_CONTRAST = 3;
const BODY_TEXT_CONTRAST = 4.5;
const MAX_NAME_LENGTH = 200;

/** The colour, darkened in small steps until it reaches `ratio` against white paper. */
function readableOnWhite(color: string, ratio: number): string {
  let readable = color;
  for (let step = 1; contrast(readable, WHITE) < ratio && step <= 20; step++) readable = mix(color, BLACK, step * 0.05);
  return readable;
}

/** Secondary text: the body colour lightened as far as stays readable. */
function mutedOf(text: string): string {
  for (const amount of [0.45, 0.35, 0.25, 0.15]) {
    const muted = mix(text, WHITE, amount);
    if (contrast(muted, WHITE) >= BODY_TEXT_CONTRAST) return muted;
  }
  return text;
}

export function templateOptionsOf(brand: BrandFacts, logoDataUrl: string | null): BrandTemplateOptions {
  const fontOf = (family: string | null, fallback: TemplateFont): TemplateFont => brand.fonts.families.find((font) => font.family === family)?.template_font ?? fallback;
  const heading = fontOf(brand.fonts.heading, "sans");
  const base: BaseDesign = heading === "serif" ? "classic" : "modern";
  const defaults = BASE_DEFAULTS[base];
  const { primary, accent, text } = brand.colors;
  const brandColor = primary ?? accent;
  const accentColor = brandColor ? readableOnWhite(brandColor, LARGE_TEXT_CONTRAST) : defaults.colors.accent;
  const siteText = text && contrast(text, WHITE) >= BODY_TEXT_CONTRAST ? text : null;
  return {
    name: brand.name.slice(0, MAX_NAME_LENGTH),
    base,
    options: {
      colors: {
        accent: accentColor,
        text: siteText ?? defaults.colors.text,
        muted: siteText ? mutedOf(siteText) : defaults.colors.muted,
        rule: brandColor ? mix(accentColor, WHITE, 0.8) : defaults.colors.rule,
        panel: brandColor ? mix(accentColor, WHITE, 0.92) : defaults.colors.panel,
      },
      fonts: { body: fontOf(brand.fonts.body, defaults.fonts.body), heading },
    },
    logo: logoDataUrl,
  };
}
