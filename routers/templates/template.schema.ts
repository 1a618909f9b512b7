// The template on the wire, and the fields create and update accept.
import { z } from "zod";
import { OVERRIDABLE_LABELS, PAPER_SIZES, SHOWABLE, TEMPLATE_FONTS } from "../../render/templates/options.ts";
import { BASE_DESIGNS } from "../../server/domain/templates.ts";

const logoOutput = z
  .object({
    content_type: z.enum(["image/png", "image/jpeg"]),
    width: z.int(),
    height: z.int(),
    size: z.int(),
    sha256: z.string(),
  })
  .meta({ id: "TemplateLogo" });

const optionsOutput = z
  .object({
    colors: z.object({ accent: z.string(), text: z.string(), muted: z.string(), rule: z.string(), panel: z.string() }),
    fonts: z.object({ body: z.enum(TEMPLATE_FONTS), heading: z.enum(TEMPLATE_FONTS) }),
    paper: z.enum(PAPER_SIZES),
    margins: z.object({ top: z.number(), right: z.number(), bottom: z.number(), left: z.number() }),
    labels: z.partialRecord(z.enum(OVERRIDABLE_LABELS), z.string()),
    footer: z.string().nullable(),
    show: z.record(z.enum(SHOWABLE), z.boolean()),
  })
  .meta({ id: "TemplateOptions" });

export const templateOutput = z
  .object({
    id: z.string(),
    name: z.string(),
    base: z.enum(BASE_DESIGNS),
    built_in: z.boolean(),
    options: optionsOutput,
    logo: logoOutput.nullable(),
    revision: z.int(),
    created_at: z.string().nullable(),
    updated_at: z.string().nullable(),
  })
  .meta({ id: "Template" });

/** A built-in's name (classic, modern, minimal, bold) or a custom template's id (tpl_…). */
export const templateId = z.string().min(1).max(64).describe("a built-in design (classic, modern, minimal, bold) or a custom template id (tpl_…)");

export const templateName = z.string().trim().min(1).max(200);

/** Checked against the base design's schema in the procedure, so a 422 names the exact option. */
export const optionsInput = z
  .record(z.string(), z.unknown())
  .describe("options to override, checked against the base design's schema (GET /api/templates/{base}/schema)");

export const logoInput = z
  .string()
  .max(1_000_000)
  .nullable()
  .describe("a data: URL of a PNG or JPEG (kept as given) or an SVG (sanitized and rasterized); null removes the logo");
