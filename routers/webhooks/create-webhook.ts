import { z } from "zod";
import { createEndpoint } from "../../server/automation/webhooks/endpoints.ts";
import { INVOICES_AUTOMATE_TOOL } from "../tools.ts";
import { scopedProcedure } from "../builders.ts";
import { eventTypes, webhookUrl, webhookWithSecret } from "./webhook.schema.ts";

export const createWebhook = scopedProcedure("account:admin")
  .meta({
    openapi: {
      method: "POST",
      path: "/webhooks",
      tags: ["webhooks"],
      operationId: "createWebhook",
      summary: "Add a webhook endpoint; the answer shows its signing secret (whsec_…) this once",
    },
    successStatus: 201,
    tool: { ...INVOICES_AUTOMATE_TOOL, action: "create_webhook", example: { url: "https://hooks.example.com/invoices", event_types: ["invoice.paid", "invoice.overdue"], description: "Accounting sync" } },
  })
  .input(z.strictObject({ url: webhookUrl, event_types: eventTypes.default(["*"]), description: z.string().max(500).optional() }))
  .output(webhookWithSecret)
  .mutation(({ ctx, input }) => createEndpoint(ctx.services, ctx.accountId, input));
