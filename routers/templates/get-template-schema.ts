import { z } from "zod";
import { optionsJsonSchema } from "../../render/templates/options.ts";
import { visibleTemplate } from "../../server/documents/templates.ts";
import { publicProcedure } from "../builders.ts";
import { customTemplateReader } from "./reader.ts";
import { templateId } from "./template.schema.ts";
import { TEMPLATES_QUERY_TOOL } from "../tools.ts";

/**
 * The JSON Schema (draft 2020-12) of a design's options: open for the built-ins. A custom template
 * answers with its base's schema whose defaults are the template's own values, so it needs its owner.
 */
export const getTemplateSchema = publicProcedure
  .meta({
    openapi: { method: "GET", path: "/templates/{id}/schema", tags: ["templates"], operationId: "getTemplateSchema", summary: "The JSON Schema of a design's options (open for built-in designs)" },
    tool: { ...TEMPLATES_QUERY_TOOL, action: "schema", example: { id: "modern" } },
  })
  .input(z.strictObject({ id: templateId }))
  .output(
    z
      .looseObject({ $schema: z.string(), type: z.literal("object"), properties: z.record(z.string(), z.unknown()) })
      .describe("a JSON Schema, draft 2020-12")
      .meta({ id: "TemplateOptionsSchema" }),
  )
  .query(async ({ ctx, input }) => {
    const template = await visibleTemplate(ctx.services.database.db, customTemplateReader(ctx, input.id), input.id);
    return optionsJsonSchema(template.base, template.built_in ? undefined : template.options);
  });
