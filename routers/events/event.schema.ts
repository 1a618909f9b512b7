// The wire shape of an event, as listed and as delivered in a webhook's body.
import { z } from "zod";
import { EVENT_RESOURCE_TYPES, EVENT_TYPES } from "../../server/domain/events.ts";
import { isoDateTime } from "../shared/schemas.ts";

export const eventType = z.enum(EVENT_TYPES);

export const eventOutput = z.object({
  id: z.string().describe("evt_…; also the webhook-id of its deliveries"),
  type: eventType,
  created_at: isoDateTime,
  resource: z.object({ type: z.enum(EVENT_RESOURCE_TYPES), id: z.string() }),
  data: z.unknown().describe("the resource's new state (for a deletion, its last)"),
});
