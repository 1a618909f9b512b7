import { z } from "zod";
import { deleteCustomTemplate } from "../../server/documents/templates.ts";
import { deletedOutput, resourceId } from "../shared/schemas.ts";
import { scopedProcedure } from "../builders.ts";
import { TEMPLATES_MUTATE_TOOL } from "../tools.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";

/** Refused while an invoice uses the template: a finalized invoice must keep rendering as it was. */
export const deleteTemplate = scopedProcedure("templates:write")
  .meta({
    openapi: { method: "DELETE", path: "/templates/{id}", tags: ["templates"], operationId: "deleteTemplate", summary: "Delete a custom template no invoice uses" },
    tool: { ...TEMPLATES_MUTATE_TOOL, action: "delete", example: { id: EXAMPLE_IDS.template } },
  })
  .input(z.strictObject({ id: resourceId("tpl") }))
  .output(deletedOutput)
  .mutation(async ({ ctx, input }) => {
    await deleteCustomTemplate(ctx.services, ctx.accountId, input.id);
    return { id: input.id, deleted: true as const };
  });
