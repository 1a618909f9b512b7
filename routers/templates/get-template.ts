import { z } from "zod";
import { visibleTemplate } from "../../server/documents/templates.ts";
import { publicProcedure } from "../builders.ts";
import { templateId, templateOutput } from "./template.schema.ts";
import { TEMPLATES_QUERY_TOOL } from "../tools.ts";
import { customTemplateReader } from "./reader.ts";

/** Open for the built-in designs; a custom template needs its owner's key with templates:read. */
export const getTemplate = publicProcedure
  .meta({
    openapi: { method: "GET", path: "/templates/{id}", tags: ["templates"], operationId: "getTemplate", summary: "Get a built-in design or one of your custom templates, with its complete options" },
    tool: { ...TEMPLATES_QUERY_TOOL, action: "get", example: { id: "classic" } },
  })
  .input(z.strictObject({ id: templateId }))
  .output(templateOutput)
  .query(({ ctx, input }) => visibleTemplate(ctx.services.database.db, customTemplateReader(ctx, input.id), input.id));
