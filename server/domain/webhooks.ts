// Webhook rules (ADR 0017, Standard Webhooks): the retry schedule, what an answer means,
// the signed message and its headers, the secret and its rotation. No I/O: the delivery job
// (server/automation/webhooks/) brings the clock, the randomness and the network.
import type { EventRecord, EventType } from "./events.ts";
import { jitteredWaitMs } from "./retry.ts";

/** Waits after each failed attempt: immediately, then these (≈ 27.6 h in all, "about a day"). */
export const RETRY_DELAYS_MS: readonly number[] = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** An endpoint failing for this long (no success since its first failure) is disabled at its next failure. */
export const DISABLE_AFTER_FAILING_MS = 3 * 86_400_000;
/** How long a rotated-out secret keeps signing beside the new one, so receivers can switch without losing deliveries. */
export const ROTATION_GRACE_MS = 86_400_000;
export const MAX_ENDPOINTS_PER_ACCOUNT = 20;
/** What an attempt keeps of the response body for the delivery log. */
export const RESPONSE_EXCERPT_CHARS = 1024;

export type DeliveryStatus = "pending" | "delivered" | "failed";
export const DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const satisfies readonly DeliveryStatus[];

/** The wait before the attempt after `attemptsMade` failed ones, jittered by `random` in [0, 1); null when none is left. */
export function retryDelayMs(attemptsMade: number, random: number): number | null {
  return jitteredWaitMs(RETRY_DELAYS_MS, attemptsMade, random);
}

/** 2xx delivers; 410 Gone asks us to stop for good; anything else (3xx included: redirects are not followed) fails. */
export function answerMeaning(status: number | null): "delivered" | "gone" | "failed" {
  if (status !== null && status >= 200 && status < 300) return "delivered";
  return status === 410 ? "gone" : "failed";
}

/** Whether an endpoint's failures have gone on long enough to disable it. */
export function failedTooLong(failingSince: string | null, now: Date): boolean {
  return failingSince !== null && now.getTime() - Date.parse(failingSince) >= DISABLE_AFTER_FAILING_MS;
}

export type EventSubscription = readonly string[];

export function subscribes(eventTypes: EventSubscription, type: EventType): boolean {
  return eventTypes.includes("*") || eventTypes.includes(type);
}

/** The body: the event as `GET /api/events` shows it, plus Standard Webhooks' `timestamp` (when it happened). */
export function webhookBody(event: EventRecord): string {
  return JSON.stringify({ id: event.id, type: event.type, created_at: event.created_at, resource: event.resource, data: event.data, timestamp: event.created_at });
}

/** `whsec_` and 32 random bytes in base64 (the form Standard Webhooks libraries take). */
export function newWebhookSecret(): string {
  return `whsec_${btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))}`;
}

/** An endpoint's secrets: the current one and, for a day after a rotation, the one it replaced. */
export type SecretRing = { current: string; previous?: { secret: string; until: string } };

export function rotated(ring: SecretRing, secret: string, now: Date): SecretRing {
  return { current: secret, previous: { secret: ring.current, until: new Date(now.getTime() + ROTATION_GRACE_MS).toISOString() } };
}

/** The secrets that sign at `now`: the current one first, then the previous one during its grace. */
export function signingSecrets(ring: SecretRing, now: Date): string[] {
  return ring.previous && Date.parse(ring.previous.until) > now.getTime() ? [ring.current, ring.previous.secret] : [ring.current];
}

const utf8 = new TextEncoder();
const MAX_CACHED_KEYS = 1000;
const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    if (keys.size >= MAX_CACHED_KEYS) keys.clear();
    const raw = Uint8Array.from(atob(secret.replace(/^whsec_/, "")), (char) => char.charCodeAt(0));
    key = crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    keys.set(secret, key);
  }
  return key;
}

export type WebhookHeaders = { "webhook-id": string; "webhook-timestamp": string; "webhook-signature": string };

/**
 * The Standard Webhooks headers for one attempt: `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`
 * for each signing secret, space-separated (a receiver accepts the message if any one verifies).
 */
export async function signedHeaders(secrets: readonly string[], id: string, at: Date, body: string): Promise<WebhookHeaders> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const message = utf8.encode(`${id}.${timestamp}.${body}`);
  const signatures = await Promise.all(
    secrets.map(async (secret) => `v1,${btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.sign("HMAC", await hmacKey(secret), message))))}`),
  );
  return { "webhook-id": id, "webhook-timestamp": timestamp, "webhook-signature": signatures.join(" ") };
}
