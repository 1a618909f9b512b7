import { z } from "zod";
import { countInvoicesOfTemplate, deleteTemplateRow } from "../../db/queries/templates.ts";
import { AppError } from "../../server/domain/errors.ts";
import { ownedTemplate } from "../../server/documents/templates.ts";
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
  .mutation(({ ctx, input }) =>
    ctx.services.database.write(async (tx) => {
      await ownedTemplate(tx, ctx.accountId, input.id);
      const used = await countInvoicesOfTemplate(tx, ctx.accountId, input.id);
      if (used > 0) {
        throw new AppError("RESOURCE_IN_USE", `${used} invoice(s) use this template: apply another template to them first`, { invoices: used });
      }
      await deleteTemplateRow(tx, ctx.accountId, input.id);
      return { id: input.id, deleted: true as const };
    }),
  );
