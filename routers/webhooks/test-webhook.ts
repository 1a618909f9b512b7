import { z } from "zod";
import { sendTestEvent } from "../../server/automation/webhooks/endpoints.ts";
import { INVOICES_AUTOMATE_TOOL } from "../tools.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";
import { scopedProcedure } from "../builders.ts";
import { webhookId } from "./webhook.schema.ts";

export const testWebhook = scopedProcedure("account:admin")
  .meta({
    openapi: {
      method: "POST",
      path: "/webhooks/{id}/test",
      tags: ["webhooks"],
      operationId: "testWebhook",
      summary: "Send a webhook.test event to this endpoint only; follow it in the endpoint's deliveries",
    },
    tool: { ...INVOICES_AUTOMATE_TOOL, action: "test_webhook", example: { id: EXAMPLE_IDS.webhook } },
  })
  .input(z.strictObject({ id: webhookId }))
  .output(z.object({ event_id: z.string().describe("evt_…, the webhook-id it arrives with"), delivery_id: z.string().describe("dlv_…") }))
  .mutation(({ ctx, input }) => sendTestEvent(ctx.services, ctx.accountId, input.id));
