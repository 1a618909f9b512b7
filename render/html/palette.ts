// A template's colours as the page uses them: each colour that carries text is checked against the
// surface it sits on (white paper, the design's panel, a striped row, the accent behind a
// highlighted row) and darkened or lightened to WCAG AA when the template's choice would be hard to
// read. Body text on a panel or accent that it cannot be read on turns black or white instead
// (bold's navy panel takes white, not a greyed navy). Colours that only draw rules and bands keep
// the template's value.
import type { Rgb } from "../layout/boxes.ts";
import { mix } from "../layout/colour.ts";
import type { TemplateOptions } from "../templates/options.ts";
import { AA_TEXT, contrastRatio, ensureContrast, extremeFor, normalized } from "./contrast.ts";

export const PAPER_COLOR: Rgb = "#ffffff";

export type Palette = {
  /** Rules, bands and borders: as chosen. */
  accent: Rgb;
  rule: Rgb;
  panel: Rgb;
  /** Text on the paper. */
  ink: Rgb;
  muted: Rgb;
  accentInk: Rgb;
  /** Text on the panel colour. */
  panelInk: Rgb;
  panelMuted: Rgb;
  panelAccentInk: Rgb;
  /** Text on the accent colour (a highlighted header or total row). */
  onAccent: Rgb;
  /** A striped row's tint of the panel colour, and text on it. */
  zebra: Rgb;
  zebraInk: Rgb;
};

/** `color` where it reads on `surface`, else black or white. */
function plainOn(surface: Rgb, color: Rgb): Rgb {
  return contrastRatio(surface, color) >= AA_TEXT ? color : extremeFor(surface);
}

export function paletteOf(colors: TemplateOptions["colors"]): Palette {
  const { accent, text, muted, rule, panel } = colors as Record<keyof TemplateOptions["colors"], Rgb>;
  const ink = ensureContrast(PAPER_COLOR, text);
  // The tint the PDF's bold design stripes rows with.
  const zebra = mix(panel, PAPER_COLOR, 0.93);
  return {
    accent: normalized(accent),
    rule: normalized(rule),
    panel: normalized(panel),
    ink,
    muted: ensureContrast(PAPER_COLOR, muted),
    accentInk: ensureContrast(PAPER_COLOR, accent),
    panelInk: plainOn(panel, ink),
    panelMuted: ensureContrast(panel, muted),
    panelAccentInk: ensureContrast(panel, accent),
    onAccent: plainOn(accent, PAPER_COLOR),
    zebra,
    zebraInk: ensureContrast(zebra, ink),
  };
}
