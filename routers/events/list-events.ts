import { z } from "zod";
import * as events from "../../db/queries/events.ts";
import { EVENT_RETENTION_DAYS, retainedSince } from "../../server/domain/events.ts";
import { INVOICES_AUTOMATE_TOOL } from "../tools.ts";
import { listOf, pagination } from "../shared/schemas.ts";
import { scopedProcedure } from "../builders.ts";
import { eventOutput, eventType } from "./event.schema.ts";

export const listEvents = scopedProcedure("invoices:read")
  .meta({
    openapi: {
      method: "GET",
      path: "/events",
      tags: ["events"],
      operationId: "listEvents",
      summary: `The account's events, newest first (kept ${EVENT_RETENTION_DAYS} days); filter by type and resource`,
    },
    tool: { ...INVOICES_AUTOMATE_TOOL, action: "list_events", example: { type: "invoice.paid", limit: 20 } },
  })
  .input(
    z.strictObject({
      type: eventType.optional(),
      resource_id: z.string().min(1).max(64).optional().describe("events of one resource (inv_…, cli_…, rec_…, whk_…)"),
      since: z.iso.datetime({ offset: true }).optional().describe("events at or after this time"),
      ...pagination,
    }),
  )
  .output(listOf(eventOutput))
  .query(async ({ ctx, input }) => {
    const { type, resource_id, since, limit, offset } = input;
    const kept = retainedSince(ctx.services.clock.now());
    const asked = since ? new Date(since).toISOString() : kept;
    const { rows, total } = await events.listEvents(ctx.services.database.db, ctx.accountId, { type, resourceId: resource_id, since: asked > kept ? asked : kept }, { limit, offset });
    return { data: rows.map(({ seq: _seq, ...event }) => event), total, limit, offset };
  });
