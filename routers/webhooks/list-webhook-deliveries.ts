import { z } from "zod";
import { listDeliveries } from "../../db/queries/webhooks.ts";
import { deliveryView, ownedEndpoint } from "../../server/automation/webhooks/endpoints.ts";
import { DELIVERY_STATUSES } from "../../server/domain/webhooks.ts";
import { INVOICES_AUTOMATE_TOOL } from "../tools.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";
import { listOf, pagination } from "../shared/schemas.ts";
import { scopedProcedure } from "../builders.ts";
import { deliveryOutput, webhookId } from "./webhook.schema.ts";

export const listWebhookDeliveries = scopedProcedure("account:admin")
  .meta({
    openapi: {
      method: "GET",
      path: "/webhooks/{id}/deliveries",
      tags: ["webhooks"],
      operationId: "listWebhookDeliveries",
      summary: "An endpoint's deliveries, newest event first, each with its attempts (status, duration, an excerpt of the answer)",
    },
    tool: { ...INVOICES_AUTOMATE_TOOL, action: "list_deliveries", example: { id: EXAMPLE_IDS.webhook, status: "failed" } },
  })
  .input(z.strictObject({ id: webhookId, status: z.enum(DELIVERY_STATUSES).optional(), ...pagination }))
  .output(listOf(deliveryOutput))
  .query(async ({ ctx, input }) => {
    const { db } = ctx.services.database;
    await ownedEndpoint(db, ctx.accountId, input.id);
    const { rows, total } = await listDeliveries(db, input.id, { status: input.status }, input);
    return { data: rows.map((row) => deliveryView(row, row.attemptLog)), total, limit: input.limit, offset: input.offset };
  });
