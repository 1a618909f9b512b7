import { z } from "zod";
import { TEMPLATE_FONTS } from "../../render/templates/options.ts";
import { BASE_DESIGNS } from "../../server/domain/templates.ts";
import { extractBrand as extract } from "../../server/documents/brand/extract.ts";
import { pricedProcedure, workOwner } from "../builders.ts";
import { TEMPLATES_MUTATE_TOOL } from "../tools.ts";

const hexColor = z.string().describe("#rrggbb");
const role = z.enum(["primary", "accent", "background", "text"]);

const brandOutput = z
  .object({
    url: z.string().describe("the URL as normalized, the cache's key"),
    final_url: z.string().describe("where the page was, after redirects"),
    name: z.string(),
    colors: z.object({
      palette: z.array(
        z.object({
          color: hexColor,
          role: role.nullable(),
          sources: z.array(z.enum(["theme-color", "manifest", "css-variable", "stylesheet"])),
          score: z.number().describe("weight of the evidence: explicit statements count more than uses"),
        }),
      ),
      primary: hexColor.nullable(),
      accent: hexColor.nullable(),
      background: hexColor.nullable(),
      text: hexColor.nullable(),
    }),
    fonts: z.object({
      families: z.array(z.object({ family: z.string(), template_font: z.enum(TEMPLATE_FONTS), sources: z.array(z.enum(["stylesheet", "font-face", "font-link"])) })),
      body: z.string().nullable(),
      heading: z.string().nullable(),
    }),
    logo: z
      .object({
        url: z.string().describe("signed download link of the stored logo"),
        expires_at: z.string(),
        content_type: z.enum(["image/png", "image/jpeg"]),
        width: z.int(),
        height: z.int(),
        size: z.int(),
        sha256: z.string(),
        source: z.enum(["inline-svg", "logo-image", "apple-touch-icon", "manifest-icon", "icon", "og-image"]),
        source_url: z.string().nullable(),
      })
      .nullable(),
    template_options: z
      .object({
        name: z.string(),
        base: z.enum(BASE_DESIGNS),
        options: z.object({
          colors: z.object({ accent: hexColor, text: hexColor, muted: hexColor, rule: hexColor, panel: hexColor }),
          fonts: z.object({ body: z.enum(TEMPLATE_FONTS), heading: z.enum(TEMPLATE_FONTS) }),
        }),
        logo: z.string().nullable().describe("the stored logo as a data: URL"),
      })
      .describe("send as it is to templates.mutate action create (POST /api/templates) for a template in the site's colours"),
    fetched_at: z.string(),
    expires_at: z.string().describe("the extraction is reused for every caller until then"),
    cached: z.boolean(),
  })
  .meta({ id: "BrandExtraction" });

/** A site's colours, fonts and logo, and template options made from them; kept a day per URL for everyone. */
export const extractBrand = pricedProcedure("brand_extraction", z.strictObject({ url: z.string().min(1).max(2048).describe("the site's http(s) URL; a bare host means https") }))
  .meta({
    openapi: { method: "POST", path: "/brand-extract", tags: ["templates"], operationId: "extractBrand", summary: "Extract a web site's brand: palette, fonts, logo and ready template options" },
    tool: { ...TEMPLATES_MUTATE_TOOL, action: "extract_brand", example: { url: "https://example.com" } },
  })
  .output(brandOutput)
  .mutation(({ ctx, input, signal }) => extract(ctx.services, input.url, { owner: workOwner(ctx), signal }));
