import { z } from "zod";
import { BASE_DESIGNS } from "../../server/domain/templates.ts";
import { createCustomTemplate } from "../../server/documents/templates.ts";
import { scopedProcedure } from "../builders.ts";
import { logoInput, optionsInput, templateName, templateOutput } from "./template.schema.ts";
import { TEMPLATES_MUTATE_TOOL } from "../tools.ts";

export const createTemplate = scopedProcedure("templates:write")
  .meta({
    openapi: { method: "POST", path: "/templates", tags: ["templates"], operationId: "createTemplate", summary: "Create a custom template from a built-in design and option overrides" },
    successStatus: 201,
    tool: { ...TEMPLATES_MUTATE_TOOL, action: "create", example: { name: "Brand", base: "modern", options: { colors: { accent: "#0b5fff" } } } },
  })
  .input(
    z.strictObject({
      name: templateName,
      base: z.enum(BASE_DESIGNS).default("classic").describe("the built-in design it starts from"),
      options: optionsInput.default({}),
      logo: logoInput.optional(),
    }),
  )
  .output(templateOutput)
  .mutation(({ ctx, input }) => createCustomTemplate(ctx.services, ctx.accountId, input));
