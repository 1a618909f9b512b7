import { z } from "zod";
import { deleteRule } from "../../server/automation/recurring-rules.ts";
import { INVOICES_AUTOMATE_TOOL } from "../tools.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";
import { deletedOutput } from "../shared/schemas.ts";
import { scopedProcedure } from "../builders.ts";
import { ruleId } from "./recurring.schema.ts";

export const deleteRecurring = scopedProcedure("invoices:write")
  .meta({
    openapi: { method: "DELETE", path: "/recurring/{id}", tags: ["recurring"], operationId: "deleteRecurring", summary: "Delete a recurring rule; the invoices it issued stay" },
    tool: { ...INVOICES_AUTOMATE_TOOL, action: "delete_recurring", example: { id: EXAMPLE_IDS.recurring } },
  })
  .input(z.strictObject({ id: ruleId }))
  .output(deletedOutput)
  .mutation(async ({ ctx, input }) => {
    await deleteRule(ctx.services, ctx.accountId, input.id);
    return { id: input.id, deleted: true as const };
  });
