import { z } from "zod";
import { changeEndpoint } from "../../server/automation/webhooks/endpoints.ts";
import { INVOICES_AUTOMATE_TOOL } from "../tools.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";
import { scopedProcedure } from "../builders.ts";
import { eventTypes, webhookId, webhookOutput, webhookUrl } from "./webhook.schema.ts";

export const updateWebhook = scopedProcedure("account:admin")
  .meta({
    openapi: {
      method: "PUT",
      path: "/webhooks/{id}",
      tags: ["webhooks"],
      operationId: "updateWebhook",
      summary: "Change a webhook endpoint's URL, description or event types, or disable or enable it (enabling clears why it was disabled)",
    },
    tool: { ...INVOICES_AUTOMATE_TOOL, action: "update_webhook", example: { id: EXAMPLE_IDS.webhook, event_types: ["*"], enabled: true } },
  })
  .input(
    z.strictObject({
      id: webhookId,
      url: webhookUrl.optional(),
      description: z.string().max(500).nullable().optional(),
      event_types: eventTypes.optional(),
      enabled: z.boolean().optional(),
    }),
  )
  .output(webhookOutput)
  .mutation(({ ctx, input }) => {
    const { id, ...changes } = input;
    return changeEndpoint(ctx.services, ctx.accountId, id, changes);
  });
