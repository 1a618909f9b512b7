import { z } from "zod";
import { listEndpoints } from "../../db/queries/webhooks.ts";
import { endpointView } from "../../server/automation/webhooks/endpoints.ts";
import { INVOICES_AUTOMATE_TOOL } from "../tools.ts";
import { listOf, pagination } from "../shared/schemas.ts";
import { scopedProcedure } from "../builders.ts";
import { webhookOutput } from "./webhook.schema.ts";

export const listWebhooks = scopedProcedure("account:admin")
  .meta({
    openapi: { method: "GET", path: "/webhooks", tags: ["webhooks"], operationId: "listWebhooks", summary: "The account's webhook endpoints, oldest first" },
    tool: { ...INVOICES_AUTOMATE_TOOL, action: "list_webhooks", example: { limit: 20 } },
  })
  .input(z.strictObject({ ...pagination }))
  .output(listOf(webhookOutput))
  .query(async ({ ctx, input }) => {
    const { rows, total } = await listEndpoints(ctx.services.database.db, ctx.accountId, input);
    return { data: rows.map(endpointView), total, limit: input.limit, offset: input.offset };
  });
