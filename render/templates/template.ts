// The template a render receives: a base design, its complete options and the logo's bytes. This is
// plain data (structured-clone safe), so it crosses into a render worker as it is.
import { BASE_DEFAULTS, type TemplateOptions } from "./options.ts";
import { type BaseDesign } from "../../server/domain/templates.ts";

export type RenderLogo = { format: "png" | "jpeg"; bytes: Uint8Array; width: number; height: number };

export type RenderTemplate = {
  /** The built-in's name ("classic") or a custom template's id ("tpl_…"). */
  id: string;
  base: BaseDesign;
  options: TemplateOptions;
  logo: RenderLogo | null;
};

/** A built-in design with its default options and no logo. */
export function builtInTemplate(base: BaseDesign): RenderTemplate {
  return { id: base, base, options: structuredClone(BASE_DEFAULTS[base]), logo: null };
}
