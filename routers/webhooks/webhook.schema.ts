// Wire shapes of webhook endpoints and their deliveries.
import { z } from "zod";
import { EVENT_TYPES } from "../../server/domain/events.ts";
import { DELIVERY_STATUSES } from "../../server/domain/webhooks.ts";
import { isoDateTime, resourceId } from "../shared/schemas.ts";

export const webhookId = resourceId("whk");

export const webhookUrl = z.string().min(1).max(2048).describe("https URL the events are POSTed to (private, loopback and metadata addresses are refused)");

export const eventTypes = z
  .array(z.enum(["*", ...EVENT_TYPES]))
  .min(1)
  .max(EVENT_TYPES.length)
  .refine((types) => !types.includes("*") || types.length === 1, '"*" (every type) stands alone')
  .describe('the event types sent, or ["*"] for all');

export const webhookOutput = z
  .object({
    id: z.string().describe("whk_…"),
    url: z.string(),
    description: z.string().nullable(),
    event_types: z.array(z.string()),
    enabled: z.boolean(),
    disabled_reason: z.string().nullable().describe("why it stopped: 410 Gone, 3 days of failures, or the account"),
    failing_since: isoDateTime.nullable().describe("first failure of the current run; null while it answers"),
    created_at: isoDateTime,
    updated_at: isoDateTime,
  })
  .meta({ id: "WebhookEndpoint" });

/** Create and rotate answer the secret, the only time it is shown. */
export const webhookWithSecret = webhookOutput.extend({
  secret: z.string().describe("whsec_…: verify each delivery's webhook-signature with it (Standard Webhooks); shown only now"),
});

export const attemptOutput = z.object({
  id: z.string(),
  at: isoDateTime,
  status: z.int().nullable().describe("the HTTP status answered; null when none was (see error)"),
  duration_ms: z.int(),
  response_excerpt: z.string().nullable().describe("the answer's first 1,024 characters"),
  error: z.string().nullable(),
});

export const deliveryOutput = z
  .object({
    id: z.string().describe("dlv_…"),
    endpoint_id: z.string(),
    event_id: z.string().describe("evt_…, also the webhook-id header: the same on every attempt"),
    status: z.enum(DELIVERY_STATUSES),
    next_attempt_at: isoDateTime.nullable(),
    last_attempt_at: isoDateTime.nullable(),
    last_status: z.int().nullable(),
    last_error: z.string().nullable(),
    created_at: isoDateTime,
    delivered_at: isoDateTime.nullable(),
    attempts: z.array(attemptOutput).describe("every attempt, oldest first"),
  })
  .meta({ id: "WebhookDelivery" });
