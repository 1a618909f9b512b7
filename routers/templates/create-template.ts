import { z } from "zod";
import { insertTemplate, type TemplateRow } from "../../db/queries/templates.ts";
import { newId } from "../../server/domain/ids.ts";
import { BASE_DESIGNS } from "../../server/domain/templates.ts";
import { checkedOptions, customRecord, storedLogo } from "../../server/documents/templates.ts";
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
  .mutation(async ({ ctx, input }) => {
    const options = checkedOptions(input.base, input.options);
    // The logo is checked and stored before the row, so a refused logo writes nothing; a logo
    // stored for a template that then fails to insert is content-addressed and reused on retry.
    const logo = input.logo ? await storedLogo(ctx.services, ctx.accountId, input.logo) : null;
    const now = ctx.services.clock.now();
    const at = now.toISOString();
    const row: TemplateRow = { id: newId("tpl", now.getTime()), name: input.name, base: input.base, options, logo, revision: 1, created_at: at, updated_at: at };
    await ctx.services.database.write((tx) => insertTemplate(tx, ctx.accountId, row));
    return customRecord(row);
  });
