import { z } from "zod";
import { removeEndpoint } from "../../server/automation/webhooks/endpoints.ts";
import { INVOICES_AUTOMATE_TOOL } from "../tools.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";
import { deletedOutput } from "../shared/schemas.ts";
import { scopedProcedure } from "../builders.ts";
import { webhookId } from "./webhook.schema.ts";

export const deleteWebhook = scopedProcedure("account:admin")
  .meta({
    openapi: { method: "DELETE", path: "/webhooks/{id}", tags: ["webhooks"], operationId: "deleteWebhook", summary: "Delete a webhook endpoint with its deliveries; nothing more is sent to it" },
    tool: { ...INVOICES_AUTOMATE_TOOL, action: "delete_webhook", example: { id: EXAMPLE_IDS.webhook } },
  })
  .input(z.strictObject({ id: webhookId }))
  .output(deletedOutput)
  .mutation(async ({ ctx, input }) => {
    await removeEndpoint(ctx.services, ctx.accountId, input.id);
    return { id: input.id, deleted: true as const };
  });
