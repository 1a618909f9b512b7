import { z } from "zod";
import { rotateEndpointSecret } from "../../server/automation/webhooks/endpoints.ts";
import { INVOICES_AUTOMATE_TOOL } from "../tools.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";
import { scopedProcedure } from "../builders.ts";
import { webhookId, webhookWithSecret } from "./webhook.schema.ts";

export const rotateWebhookSecret = scopedProcedure("account:admin")
  .meta({
    openapi: {
      method: "POST",
      path: "/webhooks/{id}/rotate-secret",
      tags: ["webhooks"],
      operationId: "rotateWebhookSecret",
      summary: "A new signing secret, shown this once; for 24 hours deliveries carry signatures by both the new and the old one",
    },
    tool: { ...INVOICES_AUTOMATE_TOOL, action: "rotate_webhook_secret", example: { id: EXAMPLE_IDS.webhook } },
  })
  .input(z.strictObject({ id: webhookId }))
  .output(webhookWithSecret)
  .mutation(({ ctx, input }) => rotateEndpointSecret(ctx.services, ctx.accountId, input.id));
