// Webhook endpoints as the procedures change them (routers/webhooks/): URL checked by the guard
// before the write (DNS stays outside the write lock), the secret sealed, shown once; a test event
// written with its one delivery; a delivery sent again. Every entry point reaches the same code.
import type { Executor } from "../../../db/client.ts";
import { lastEventSeq, type StoredEvent } from "../../../db/queries/events.ts";
import {
  countEndpoints,
  deleteEndpoint,
  eventExists,
  findDelivery,
  findEndpoint,
  insertDeliveries,
  insertEndpoint,
  updateDelivery,
  updateEndpoint,
  attemptsOf,
  type AttemptRow,
  type DeliveryRow,
  type EndpointRow,
} from "../../../db/queries/webhooks.ts";
import { AppError } from "../../domain/errors.ts";
import { newId } from "../../domain/ids.ts";
import { MAX_ENDPOINTS_PER_ACCOUNT, newWebhookSecret, rotated, type DeliveryStatus } from "../../domain/webhooks.ts";
import { assertOwned } from "../../invoices/ownership.ts";
import type { Services } from "../../services.ts";
import { checkOutboundUrl, OutboundError, type OutboundPolicy } from "../guarded-fetch.ts";
import { openRing, sealRing } from "./sealing.ts";

/** An endpoint as the API shows it: never its secret (only create and rotate answer that, once). */
export type EndpointView = {
  id: string;
  url: string;
  description: string | null;
  event_types: string[];
  enabled: boolean;
  disabled_reason: string | null;
  failing_since: string | null;
  created_at: string;
  updated_at: string;
};

export function endpointView(row: EndpointRow): EndpointView {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    event_types: row.eventTypes,
    enabled: row.enabled,
    disabled_reason: row.disabledReason,
    failing_since: row.failingSince,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

export type DeliveryView = {
  id: string;
  endpoint_id: string;
  event_id: string;
  status: DeliveryStatus;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
  attempts: Array<{ id: string; at: string; status: number | null; duration_ms: number; response_excerpt: string | null; error: string | null }>;
};

export function deliveryView(row: DeliveryRow, attempts: readonly AttemptRow[]): DeliveryView {
  return {
    id: row.id,
    endpoint_id: row.endpointId,
    event_id: row.eventId,
    status: row.status as DeliveryStatus,
    next_attempt_at: row.nextAttemptAt,
    last_attempt_at: row.lastAttemptAt,
    last_status: row.lastStatus,
    last_error: row.lastError,
    created_at: row.createdAt,
    delivered_at: row.deliveredAt,
    attempts: attempts.map((attempt) => ({
      id: attempt.id,
      at: attempt.at,
      status: attempt.status,
      duration_ms: attempt.durationMs,
      response_excerpt: attempt.responseExcerpt,
      error: attempt.error,
    })),
  };
}

export function outboundPolicy(services: Services): OutboundPolicy {
  return services.config.webhooks;
}

/** A URL the guard refuses is the caller's mistake: 422 naming the field and why. */
async function assertDeliverable(services: Services, url: string): Promise<void> {
  try {
    await checkOutboundUrl(url, outboundPolicy(services));
  } catch (error) {
    if (error instanceof OutboundError) throw new AppError("VALIDATION_ERROR", `The URL is refused: ${error.message}`, { field: "url", issue: error.message });
    throw error;
  }
}

export async function ownedEndpoint(db: Executor, accountId: string, id: string, field = "id"): Promise<EndpointRow> {
  return assertOwned(await findEndpoint(db, id), accountId, "webhook endpoint", id, field);
}

export type EndpointFields = { url: string; description?: string | undefined; event_types: string[] };

export async function createEndpoint(services: Services, accountId: string, fields: EndpointFields): Promise<EndpointView & { secret: string }> {
  await assertDeliverable(services, fields.url);
  const now = services.clock.now();
  const secret = newWebhookSecret();
  const sealed = await sealRing(services.secretKey, { current: secret });
  return services.database.write(async (tx) => {
    if ((await countEndpoints(tx, accountId)) >= MAX_ENDPOINTS_PER_ACCOUNT) {
      throw new AppError("VALIDATION_ERROR", `An account has at most ${MAX_ENDPOINTS_PER_ACCOUNT} webhook endpoints: delete one first`, {
        field: "url",
        issue: `at most ${MAX_ENDPOINTS_PER_ACCOUNT} endpoints per account`,
      });
    }
    const row: EndpointRow = {
      id: newId("whk", now.getTime()),
      accountId,
      url: fields.url,
      description: fields.description ?? null,
      eventTypes: fields.event_types,
      secret: sealed,
      enabled: true,
      disabledReason: null,
      failingSince: null,
      // Events already written are not this endpoint's: it hears of what happens from now on.
      afterSeq: await lastEventSeq(tx),
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    };
    await insertEndpoint(tx, row);
    return { ...endpointView(row), secret };
  });
}

export type EndpointChanges = { url?: string | undefined; description?: string | null | undefined; event_types?: string[] | undefined; enabled?: boolean | undefined };

/** Re-enabling clears why it was disabled and its run of failures: it starts afresh. */
export async function changeEndpoint(services: Services, accountId: string, id: string, changes: EndpointChanges): Promise<EndpointView> {
  if (changes.url !== undefined) await assertDeliverable(services, changes.url);
  return services.database.write(async (tx) => {
    const current = await ownedEndpoint(tx, accountId, id);
    const reEnabled = changes.enabled === true && !current.enabled;
    const next: EndpointRow = {
      ...current,
      url: changes.url ?? current.url,
      description: changes.description === undefined ? current.description : changes.description,
      eventTypes: changes.event_types ?? current.eventTypes,
      enabled: changes.enabled ?? current.enabled,
      disabledReason: reEnabled ? null : changes.enabled === false && current.enabled ? "disabled by the account" : current.disabledReason,
      failingSince: reEnabled ? null : current.failingSince,
      updatedAt: services.clock.now().toISOString(),
    };
    const { id: _id, accountId: _account, createdAt: _created, ...fields } = next;
    await updateEndpoint(tx, id, fields);
    return endpointView(next);
  });
}

export async function removeEndpoint(services: Services, accountId: string, id: string): Promise<void> {
  await services.database.write(async (tx) => {
    await ownedEndpoint(tx, accountId, id);
    await deleteEndpoint(tx, id);
  });
}

/** A new secret; the old one keeps signing beside it for a day (ROTATION_GRACE_MS) so receivers can switch. */
export async function rotateEndpointSecret(services: Services, accountId: string, id: string): Promise<EndpointView & { secret: string }> {
  const secret = newWebhookSecret();
  return services.database.write(async (tx) => {
    const current = await ownedEndpoint(tx, accountId, id);
    const now = services.clock.now();
    const ring = rotated(await openRing(services.secretKey, current.secret), secret, now);
    const next = { ...current, secret: await sealRing(services.secretKey, ring), updatedAt: now.toISOString() };
    await updateEndpoint(tx, id, { secret: next.secret, updatedAt: next.updatedAt });
    return { ...endpointView(next), secret };
  });
}

/** Nothing is attempted towards a disabled endpoint, so a test or a redelivery there would only wait: 409. */
function assertEnabled(endpoint: EndpointRow): EndpointRow {
  if (!endpoint.enabled) throw new AppError("INVALID_TRANSITION", `The endpoint is disabled (${endpoint.disabledReason ?? "by the account"}): enable it first`, { field: "id" });
  return endpoint;
}

function pendingDelivery(accountId: string, endpointId: string, event: StoredEvent, now: Date): DeliveryRow {
  return {
    id: newId("dlv", now.getTime()),
    accountId,
    endpointId,
    eventId: event.id,
    eventSeq: event.seq,
    resourceKey: `${event.resource.type}:${event.resource.id}`,
    status: "pending",
    attempts: 0,
    nextAttemptAt: now.toISOString(),
    lastAttemptAt: null,
    lastStatus: null,
    lastError: null,
    createdAt: now.toISOString(),
    deliveredAt: null,
  };
}

/** The deliveries fan-out owes one event: one per endpoint given. */
export function deliveriesOf(event: StoredEvent, accountId: string, endpoints: readonly EndpointRow[], now: Date): DeliveryRow[] {
  return endpoints.map((endpoint) => pendingDelivery(accountId, endpoint.id, event, now));
}

/**
 * Writes a `webhook.test` event about the endpoint and its one delivery, to this endpoint only
 * (fan-out never hands test events to anyone: their delivery is made here, with them).
 */
export async function sendTestEvent(services: Services, accountId: string, id: string): Promise<{ event_id: string; delivery_id: string }> {
  return services.database.write(async (tx) => {
    const endpoint = assertEnabled(await ownedEndpoint(tx, accountId, id));
    const now = services.clock.now();
    const [event] = await services.events.record(tx, accountId, now, [{ type: "webhook.test", resource: { type: "webhook_endpoint", id }, data: endpointView(endpoint) }]);
    if (!event) throw new AppError("INTERNAL_ERROR", "Events are switched off (EVENTS=off): there is nothing to deliver");
    const delivery = pendingDelivery(accountId, id, event, now);
    await insertDeliveries(tx, [delivery]);
    return { event_id: event.id, delivery_id: delivery.id };
  });
}

/** A delivered or failed delivery goes back to pending now, with a fresh schedule of retries; same event, same webhook-id. */
export async function redeliver(services: Services, accountId: string, endpointId: string, deliveryId: string): Promise<DeliveryView> {
  return services.database.write(async (tx) => {
    assertEnabled(await ownedEndpoint(tx, accountId, endpointId));
    const delivery = assertOwned(await findDelivery(tx, deliveryId), accountId, "delivery", deliveryId, "delivery_id");
    if (delivery.endpointId !== endpointId) throw new AppError("NOT_FOUND", `No delivery ${deliveryId} of the endpoint ${endpointId}`, { field: "delivery_id" });
    if (delivery.status === "pending") throw new AppError("INVALID_TRANSITION", "The delivery is still pending: its next attempt is scheduled", { field: "delivery_id", next_attempt_at: delivery.nextAttemptAt });
    if (!(await eventExists(tx, delivery.eventId))) {
      throw new AppError("VALIDATION_ERROR", "Its event is older than the 30 days events are kept", { field: "delivery_id", issue: "event no longer kept" });
    }
    const next = { ...delivery, status: "pending", attempts: 0, nextAttemptAt: services.clock.now().toISOString() };
    await updateDelivery(tx, deliveryId, { status: next.status, attempts: 0, nextAttemptAt: next.nextAttemptAt });
    return deliveryView(next, await attemptsOf(tx, deliveryId));
  });
}
