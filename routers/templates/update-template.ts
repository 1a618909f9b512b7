import { z } from "zod";
import { saveTemplate } from "../../db/queries/templates.ts";
import { checkedOptions, customRecord, mergedOptions, ownedTemplate, storedLogo } from "../../server/documents/templates.ts";
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
  .mutation(async ({ ctx, input }) => {
    const { database, clock } = ctx.services;
    // Ownership first, so another account's id never gets as far as storing a logo.
    await ownedTemplate(database.db, ctx.accountId, input.id);
    const logo = typeof input.logo === "string" ? await storedLogo(ctx.services, ctx.accountId, input.logo) : input.logo;
    return database.write(async (tx) => {
      // Read again under the write lock: two updates in a row both land, neither overwrites the other.
      const latest = await ownedTemplate(tx, ctx.accountId, input.id);
      const row = {
        ...latest,
        name: input.name ?? latest.name,
        options: input.options ? checkedOptions(latest.base, mergedOptions(latest.options, input.options)) : latest.options,
        logo: logo === undefined ? latest.logo : logo,
        revision: latest.revision + 1,
        updated_at: clock.now().toISOString(),
      };
      await saveTemplate(tx, ctx.accountId, row);
      return customRecord(row);
    });
  });
