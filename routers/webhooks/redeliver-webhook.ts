import { z } from "zod";
import { redeliver } from "../../server/automation/webhooks/endpoints.ts";
import { INVOICES_AUTOMATE_TOOL } from "../tools.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";
import { resourceId } from "../shared/schemas.ts";
import { scopedProcedure } from "../builders.ts";
import { deliveryOutput, webhookId } from "./webhook.schema.ts";

export const redeliverWebhook = scopedProcedure("account:admin")
  .meta({
    openapi: {
      method: "POST",
      path: "/webhooks/{id}/deliveries/{delivery_id}/redeliver",
      tags: ["webhooks"],
      operationId: "redeliverWebhook",
      summary: "Send a delivered or failed delivery again now (same webhook-id, a fresh round of retries)",
    },
    tool: { ...INVOICES_AUTOMATE_TOOL, action: "redeliver", example: { id: EXAMPLE_IDS.webhook, delivery_id: EXAMPLE_IDS.delivery } },
  })
  .input(z.strictObject({ id: webhookId, delivery_id: resourceId("dlv") }))
  .output(deliveryOutput)
  .mutation(({ ctx, input }) => redeliver(ctx.services, ctx.accountId, input.id, input.delivery_id));
