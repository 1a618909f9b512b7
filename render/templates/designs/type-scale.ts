// The type every design starts from: 9 pt body text on a 1.4 leading, muted 8 pt for secondary
// text, 7.5 pt footers, in the template's body font and colours. Designs change what they need.
import type { Rgb } from "../../layout/boxes.ts";
import { textSpec, type TextSpec } from "../../layout/text.ts";
import type { TemplateOptions } from "../options.ts";

export type Palette = Record<keyof TemplateOptions["colors"], Rgb>;
export type TypeScale = { palette: Palette; body: TextSpec; strong: TextSpec; muted: TextSpec; footer: TextSpec };

/** The options' colours as #rrggbb (the options schema accepts nothing else). */
export function paletteOf({ colors }: TemplateOptions): Palette {
  const rgb = (colour: string): Rgb => colour as Rgb;
  return { accent: rgb(colors.accent), text: rgb(colors.text), muted: rgb(colors.muted), rule: rgb(colors.rule), panel: rgb(colors.panel) };
}

export function typeScale(options: TemplateOptions): TypeScale {
  const palette = paletteOf(options);
  const { body } = options.fonts;
  return {
    palette,
    body: textSpec(body, "regular", 9, palette.text, 1.4),
    strong: textSpec(body, "bold", 9, palette.text, 1.4),
    muted: textSpec(body, "regular", 8, palette.muted, 1.4),
    footer: textSpec(body, "regular", 7.5, palette.muted, 1.4),
  };
}
