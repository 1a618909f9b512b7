// What a template can change, per base design: colours, fonts from the bundled set, paper size,
// margins, label wording, a footer, which blocks show, and a logo. One zod schema per base design
// validates a custom template's options (a 422 names the option) and publishes the same rules as
// JSON Schema at GET /api/templates/{id}/schema; the base's defaults are the schema's defaults, so
// the four designs share one set of keys and differ in their values and in how they lay them out.
import { z } from "zod";
import type { Labels } from "../labels/index.ts";
import { BASE_DESIGNS, type BaseDesign } from "../../server/domain/templates.ts";


/** The labels a template may reword: every plain-text key of `Labels`. */
export const OVERRIDABLE_LABELS = [
  "draft",
  "number",
  "issueDate",
  "dueDate",
  "deliveryDate",
  "precedingInvoice",
  "from",
  "billTo",
  "taxId",
  "description",
  "quantity",
  "unitPrice",
  "taxRate",
  "amount",
  "subtotal",
  "tax",
  "total",
  "amountPaid",
  "amountDue",
  "taxBreakdown",
  "taxableAmount",
  "taxExemptionReason",
  "paymentTerms",
  "paymentInstructions",
  "iban",
  "bic",
  "reference",
  "notes",
] as const satisfies ReadonlyArray<keyof Labels>;
export type OverridableLabel = (typeof OVERRIDABLE_LABELS)[number];

/** The template's font choices: the bundled families a design may use (fallbacks stay automatic). */
export const TEMPLATE_FONTS = ["sans", "serif", "mono"] as const;
export type TemplateFont = (typeof TEMPLATE_FONTS)[number];

export const PAPER_SIZES = ["A4", "Letter"] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];

/** Blocks a template can hide. Hiding never removes what a law requires (totals, VAT per rate). */
export const SHOWABLE = ["logo", "tax_ids", "delivery_date", "tax_breakdown", "payment", "qr_code", "notes", "page_numbers", "tax_rate_column"] as const;
export type Showable = (typeof SHOWABLE)[number];


export type TemplateOptions = {
  colors: { accent: string; text: string; muted: string; rule: string; panel: string };
  fonts: { body: TemplateFont; heading: TemplateFont };
  paper: PaperSize;
  /** Millimetres. */
  margins: { top: number; right: number; bottom: number; left: number };
  labels: Partial<Record<OverridableLabel, string>>;
  footer: string | null;
  show: Record<Showable, boolean>;
};

const color = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, "a colour as #rrggbb")
  .overwrite((value) => value.toLowerCase());
const margin = z.number().min(5).max(50).describe("millimetres, 5 to 50");

const SHOW_ALL = Object.fromEntries(SHOWABLE.map((key) => [key, true])) as Record<Showable, boolean>;

const MARGINS_20 = { top: 20, right: 20, bottom: 20, left: 20 };

export const BASE_DEFAULTS: Readonly<Record<BaseDesign, TemplateOptions>> = {
  classic: {
    colors: { accent: "#1f3a5f", text: "#1a1a1a", muted: "#5c6470", rule: "#c8ccd2", panel: "#f3f5f8" },
    fonts: { body: "serif", heading: "serif" },
    paper: "A4",
    margins: MARGINS_20,
    labels: {},
    footer: null,
    show: SHOW_ALL,
  },
  modern: {
    colors: { accent: "#4f46e5", text: "#111827", muted: "#6b7280", rule: "#e5e7eb", panel: "#eef2ff" },
    fonts: { body: "sans", heading: "sans" },
    paper: "A4",
    margins: { top: 18, right: 18, bottom: 18, left: 18 },
    labels: {},
    footer: null,
    show: SHOW_ALL,
  },
  minimal: {
    colors: { accent: "#111111", text: "#111111", muted: "#6f6f6f", rule: "#dddddd", panel: "#ffffff" },
    fonts: { body: "sans", heading: "sans" },
    paper: "A4",
    margins: { top: 25, right: 25, bottom: 25, left: 25 },
    labels: {},
    footer: null,
    show: SHOW_ALL,
  },
  bold: {
    colors: { accent: "#e4572e", text: "#14213d", muted: "#5a6478", rule: "#d9dde5", panel: "#14213d" },
    fonts: { body: "sans", heading: "sans" },
    paper: "A4",
    margins: MARGINS_20,
    labels: {},
    footer: null,
    show: SHOW_ALL,
  },
};

/**
 * The options schema of one base design. Every key is optional on input and defaults to the
 * base's value, so `{}` is a valid custom template and the parsed value is always complete.
 * `.strict()` everywhere: a misspelt option is a 422 naming it, not silently ignored.
 */
export function optionsSchema(base: BaseDesign, defaults: TemplateOptions = BASE_DEFAULTS[base]) {
  const labels = Object.fromEntries(OVERRIDABLE_LABELS.map((key) => [key, z.string().trim().min(1).max(80).optional()])) as Record<OverridableLabel, z.ZodOptional<z.ZodString>>;
  const show = Object.fromEntries(SHOWABLE.map((key) => [key, z.boolean().default(defaults.show[key])])) as Record<Showable, z.ZodDefault<z.ZodBoolean>>;
  return z
    .strictObject({
      colors: z
        .strictObject({
          accent: color.default(defaults.colors.accent).describe("headings, the title and the total"),
          text: color.default(defaults.colors.text).describe("body text"),
          muted: color.default(defaults.colors.muted).describe("labels and secondary text"),
          rule: color.default(defaults.colors.rule).describe("table rules and borders"),
          panel: color.default(defaults.colors.panel).describe("background of the header or totals panel"),
        })
        .default(defaults.colors),
      fonts: z
        .strictObject({
          body: z.enum(TEMPLATE_FONTS).default(defaults.fonts.body),
          heading: z.enum(TEMPLATE_FONTS).default(defaults.fonts.heading),
        })
        .default(defaults.fonts)
        .describe("bundled families; CJK, Arabic and Hebrew text falls back to bundled Noto fonts"),
      paper: z.enum(PAPER_SIZES).default(defaults.paper),
      margins: z
        .strictObject({
          top: margin.default(defaults.margins.top),
          right: margin.default(defaults.margins.right),
          bottom: margin.default(defaults.margins.bottom),
          left: margin.default(defaults.margins.left),
        })
        .default(defaults.margins),
      labels: z.strictObject(labels).default(defaults.labels).describe("rewording of printed labels, in every language"),
      footer: z.string().trim().max(500).nullable().default(defaults.footer).describe("printed at the bottom of every page"),
      show: z.strictObject(show).default(defaults.show).describe("which blocks are printed"),
    })
    .describe(`Options of the ${base} invoice design`);
}

/** A base design's options with `overrides` applied: throws a ZodError naming the bad option. */
export function resolveOptions(base: BaseDesign, overrides: unknown): TemplateOptions {
  return optionsSchema(base).parse(overrides ?? {}) as TemplateOptions;
}

/**
 * The JSON Schema a base design publishes (draft 2020-12), what `templates/{id}/schema` serves; a
 * custom template passes its own values, which become the schema's defaults.
 */
export function optionsJsonSchema(base: BaseDesign, defaults?: TemplateOptions): OptionsJsonSchema {
  return z.toJSONSchema(optionsSchema(base, defaults), { io: "input", target: "draft-2020-12" }) as OptionsJsonSchema;
}

export type OptionsJsonSchema = { $schema: string; type: "object"; properties: Record<string, unknown>; [keyword: string]: unknown };
