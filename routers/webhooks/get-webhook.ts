import { z } from "zod";
import { endpointView, ownedEndpoint } from "../../server/automation/webhooks/endpoints.ts";
import { INVOICES_AUTOMATE_TOOL } from "../tools.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";
import { scopedProcedure } from "../builders.ts";
import { webhookId, webhookOutput } from "./webhook.schema.ts";

export const getWebhook = scopedProcedure("account:admin")
  .meta({
    openapi: { method: "GET", path: "/webhooks/{id}", tags: ["webhooks"], operationId: "getWebhook", summary: "A webhook endpoint (without its secret)" },
    tool: { ...INVOICES_AUTOMATE_TOOL, action: "get_webhook", example: { id: EXAMPLE_IDS.webhook } },
  })
  .input(z.strictObject({ id: webhookId }))
  .output(webhookOutput)
  .query(async ({ ctx, input }) => endpointView(await ownedEndpoint(ctx.services.database.db, ctx.accountId, input.id)));
