// The `deliver-webhooks` job: hands new events to the endpoints that want them (fan-out from the
// events outbox, a cursor in kv), then attempts what is due, many at once but in order per resource,
// and records each attempt. Requests never wait for it: a change only writes its event (ADR 0016).
// At least once: a crash after a receiver answered but before the attempt was recorded sends the
// same event (same webhook-id) again.
import type { StoredEvent } from "../../../db/queries/events.ts";
import {
  dueDeliveries,
  enabledEndpointsOf,
  eventsToFanOut,
  failPendingDeliveries,
  fanoutCursor,
  findEndpoint,
  insertAttempts,
  insertDeliveries,
  saveFanoutCursor,
  updateDelivery,
  updateEndpoint,
  type AttemptRow,
  type DueDelivery,
  type EndpointRow,
} from "../../../db/queries/webhooks.ts";
import type { Executor } from "../../../db/client.ts";
import { newId } from "../../domain/ids.ts";
import { answerMeaning, failedTooLong, RESPONSE_EXCERPT_CHARS, retryDelayMs, signedHeaders, signingSecrets, subscribes, webhookBody, type SecretRing } from "../../domain/webhooks.ts";
import type { Services } from "../../services.ts";
import { guardedFetch, OutboundError } from "../guarded-fetch.ts";
import type { Job } from "../scheduler.ts";
import { deliveriesOf, endpointView, outboundPolicy } from "./endpoints.ts";
import { openRing } from "./sealing.ts";

const FANOUT_BATCH = 500;
const ATTEMPT_BATCH = 256;
/** Requests in flight at once. */
const CONCURRENCY = 32;
/** Rounds per run, so one run ends (and its lease with it) even while events keep coming. */
const MAX_ROUNDS = 50;
/** Multi-row inserts stay well under SQLite's limit of bound variables. */
const INSERT_CHUNK = 100;

/** `stopping`: the process is stopping; a run ends after its round, leaving the rest due for the next. */
export type DeliveryOptions = { timeoutMs?: number; stopping?: AbortSignal };

/** Hands events after the cursor to the enabled endpoints of their account that subscribe; returns how many events it read. */
async function fanOut(services: Services): Promise<number> {
  return services.database.write(async (tx) => {
    const batch = await eventsToFanOut(tx, await fanoutCursor(tx), FANOUT_BATCH);
    const last = batch.at(-1);
    if (!last) return 0;
    const endpoints = await enabledEndpointsOf(tx, [...new Set(batch.map(({ accountId }) => accountId))]);
    const now = services.clock.now();
    const rows = batch.flatMap(({ accountId, event }) => deliveriesOf(event, accountId, endpoints.filter((endpoint) => wants(endpoint, accountId, event)), now));
    for (let at = 0; at < rows.length; at += INSERT_CHUNK) await insertDeliveries(tx, rows.slice(at, at + INSERT_CHUNK));
    await saveFanoutCursor(tx, last.event.seq);
    return batch.length;
  });
}

/** Test events are delivered only to their own endpoint, with a delivery made when they are written (endpoints.ts). */
function wants(endpoint: EndpointRow, accountId: string, event: StoredEvent): boolean {
  return event.type !== "webhook.test" && endpoint.accountId === accountId && endpoint.afterSeq < event.seq && subscribes(endpoint.eventTypes, event.type);
}

type Outcome = { due: DueDelivery; attempt: AttemptRow };

/** Opens each endpoint's sealed secrets once per batch, not once per attempt. */
function ringOpener(services: Services): (sealed: string) => Promise<SecretRing> {
  const opened = new Map<string, Promise<SecretRing>>();
  return (sealed) => {
    let ring = opened.get(sealed);
    if (!ring) opened.set(sealed, (ring = openRing(services.secretKey, sealed)));
    return ring;
  };
}

async function attempt(services: Services, due: DueDelivery, options: DeliveryOptions, ringOf: (sealed: string) => Promise<SecretRing>): Promise<Outcome> {
  const now = services.clock.now();
  const base = { id: newId("att", now.getTime()), accountId: due.delivery.accountId, deliveryId: due.delivery.id, at: now.toISOString() };
  if (!due.event) return { due, attempt: { ...base, status: null, durationMs: 0, responseExcerpt: null, error: "the event is no longer kept (30 days)" } };
  const started = performance.now();
  try {
    const body = webhookBody(due.event);
    const signed = await signedHeaders(signingSecrets(await ringOf(due.sealedSecret), now), due.event.id, now, body);
    const response = await guardedFetch(
      due.url,
      { method: "POST", headers: { "content-type": "application/json", "user-agent": `invoicing-service-webhooks/${services.version}`, ...signed }, body, timeoutMs: options.timeoutMs },
      outboundPolicy(services),
    );
    const excerpt = new TextDecoder().decode(response.body.subarray(0, RESPONSE_EXCERPT_CHARS * 4)).slice(0, RESPONSE_EXCERPT_CHARS);
    return { due, attempt: { ...base, status: response.status, durationMs: Math.round(performance.now() - started), responseExcerpt: excerpt || null, error: null } };
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    return { due, attempt: { ...base, status: null, durationMs: Math.round(performance.now() - started), responseExcerpt: null, error: error.message } };
  }
}

/** Runs `work` over `items`, at most `limit` at once. */
async function pooled<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    for (let index = next++; index < items.length; index = next++) results[index] = await work(items[index]!);
  });
  await Promise.all(lanes);
  return results;
}

/** Stops an endpoint: no more attempts, its pending deliveries failed, and a `webhook.disabled` event. */
async function disable(services: Services, tx: Executor, endpoint: EndpointRow, reason: string, now: Date): Promise<EndpointRow> {
  const disabled = { ...endpoint, enabled: false, disabledReason: reason, updatedAt: now.toISOString() };
  await updateEndpoint(tx, endpoint.id, { enabled: false, disabledReason: reason, updatedAt: disabled.updatedAt });
  await failPendingDeliveries(tx, endpoint.id, `endpoint disabled: ${reason}`);
  await services.events.record(tx, endpoint.accountId, now, [{ type: "webhook.disabled", resource: { type: "webhook_endpoint", id: endpoint.id }, data: endpointView(disabled) }]);
  return disabled;
}

/**
 * What an attempt changes: the delivery's state, and its endpoint's run of failures (or the end of
 * it); false when there is nothing to record it against (the endpoint was deleted meanwhile). An
 * endpoint disabled meanwhile (by an earlier outcome of this batch, or by its account) gets no further tries.
 */
async function record(services: Services, tx: Executor, { due, attempt }: Outcome, endpoints: Map<string, EndpointRow>): Promise<boolean> {
  const { delivery } = due;
  let endpoint = endpoints.get(delivery.endpointId) ?? (await findEndpoint(tx, delivery.endpointId))?.record;
  if (!endpoint) return false;
  endpoints.set(endpoint.id, endpoint);
  const now = new Date(attempt.at);
  const meaning = due.event ? answerMeaning(attempt.status) : "expired";
  const attempts = delivery.attempts + 1;
  const delay = meaning === "failed" && endpoint.enabled ? retryDelayMs(attempts, Math.random()) : null;
  const status = meaning === "delivered" ? "delivered" : delay === null ? "failed" : "pending";
  await updateDelivery(tx, delivery.id, {
    status,
    attempts,
    lastAttemptAt: attempt.at,
    lastStatus: attempt.status,
    lastError: attempt.error,
    nextAttemptAt: delay === null ? null : new Date(now.getTime() + delay).toISOString(),
    deliveredAt: status === "delivered" ? attempt.at : null,
  });
  if (meaning === "expired" || !endpoint.enabled) return true;

  if (meaning === "delivered") {
    if (endpoint.failingSince !== null) {
      endpoint = { ...endpoint, failingSince: null };
      await updateEndpoint(tx, endpoint.id, { failingSince: null });
    }
  } else if (meaning === "gone") {
    endpoint = await disable(services, tx, endpoint, "the endpoint answered 410 Gone", now);
  } else if (failedTooLong(endpoint.failingSince, now)) {
    endpoint = await disable(services, tx, endpoint, `failing since ${endpoint.failingSince}`, now);
  } else if (endpoint.failingSince === null) {
    endpoint = { ...endpoint, failingSince: attempt.at };
    await updateEndpoint(tx, endpoint.id, { failingSince: attempt.at });
  }
  endpoints.set(endpoint.id, endpoint);
  return true;
}

/** Attempts the deliveries due now; returns how many. Their outcomes are recorded in one transaction. */
async function attemptDue(services: Services, options: DeliveryOptions): Promise<number> {
  const due = await dueDeliveries(services.database.db, services.clock.now().toISOString(), ATTEMPT_BATCH);
  if (due.length === 0) return 0;
  const ringOf = ringOpener(services);
  const outcomes = await pooled(due, CONCURRENCY, (item) => attempt(services, item, options, ringOf));
  await services.database.write(async (tx) => {
    const endpoints = new Map<string, EndpointRow>();
    const recorded: AttemptRow[] = [];
    for (const outcome of outcomes) if (await record(services, tx, outcome, endpoints)) recorded.push(outcome.attempt);
    for (let at = 0; at < recorded.length; at += INSERT_CHUNK) await insertAttempts(tx, recorded.slice(at, at + INSERT_CHUNK));
  });
  return due.length;
}

/** One run: fan-out and attempts in rounds until nothing is left to do now (or MAX_ROUNDS). */
export async function deliverWebhooks(services: Services, options: DeliveryOptions = {}): Promise<void> {
  for (let round = 0; round < MAX_ROUNDS && !options.stopping?.aborted; round++) {
    const fanned = await fanOut(services);
    const attempted = await attemptDue(services, options);
    if (fanned === 0 && attempted === 0) return;
  }
}

export const deliverWebhooksJob: Job = {
  name: "deliver-webhooks",
  everyMs: 1000,
  run: (services, stopping) => deliverWebhooks(services, { stopping }),
};
