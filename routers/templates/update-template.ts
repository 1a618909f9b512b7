import { z } from "zod";
import { updateCustomTemplate } from "../../server/documents/templates.ts";
import { resourceId } from "../shared/schemas.ts";
import { scopedProcedure } from "../builders.ts";
import { logoInput, optionsInput, templateName, templateOutput } from "./template.schema.ts";
import { TEMPLATES_MUTATE_TOOL } from "../tools.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";

export const updateTemplate = scopedProcedure("templates:write")
  .meta({
    openapi: {
      method: "PUT",
      path: "/templates/{id}",
      tags: ["templates"],
      operationId: "updateTemplate",
      summary: "Update a custom template: rename it, merge option changes into its options, replace or remove its logo",
    },
    tool: { ...TEMPLATES_MUTATE_TOOL, action: "update", example: { id: EXAMPLE_IDS.template, options: { paper: "Letter" } } },
  })
  .input(z.strictObject({ id: resourceId("tpl"), name: templateName.optional(), options: optionsInput.optional(), logo: logoInput.optional() }))
  .output(templateOutput)
  .mutation(({ ctx, input }) => {
    const { id, ...changes } = input;
    return updateCustomTemplate(ctx.services, ctx.accountId, id, changes);
  });
