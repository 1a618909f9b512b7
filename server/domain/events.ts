// What the service announces (ADR 0016): the event types, and which events an invoice write makes.
// Pure: the write path calls invoiceEvents() with the record before and after, inside its transaction.
import type { InvoiceRecord } from "./invoice.ts";
import type { InvoiceStatus } from "./lifecycle.ts";

export const EVENT_TYPES = [
  "invoice.created",
  "invoice.updated",
  "invoice.finalized",
  "invoice.sent",
  "invoice.viewed",
  "invoice.paid",
  "invoice.overdue",
  "invoice.voided",
  "invoice.deleted",
  "invoice.send_failed",
  "payment.recorded",
  "payment.removed",
  "client.created",
  "client.updated",
  "client.deleted",
  "recurring.invoice_created",
  "recurring.paused",
  "webhook.disabled",
  "webhook.test",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const EVENT_RESOURCE_TYPES = ["invoice", "client", "recurring_rule", "webhook_endpoint"] as const;
export type EventResourceType = (typeof EVENT_RESOURCE_TYPES)[number];

/** An event about to be written: what happened, to which resource, and the resource's new state. */
export type NewEvent = { type: EventType; resource: { type: EventResourceType; id: string }; data: unknown };

/** An event as stored and listed (`GET /api/events`) and as delivered in a webhook's body. */
export type EventRecord = NewEvent & { id: string; created_at: string };

/** Days an event is kept (and listed, and redeliverable). */
export const EVENT_RETENTION_DAYS = 30;

/**
 * The oldest time an event may have and still be shown. The purge runs hourly and keeps the newest
 * event whatever its age (db/queries/events.ts), so reads apply the retention themselves.
 */
export function retainedSince(now: Date): string {
  return new Date(now.getTime() - EVENT_RETENTION_DAYS * 86_400_000).toISOString();
}

const STATUS_EVENTS: Partial<Record<InvoiceStatus, EventType>> = {
  sent: "invoice.sent",
  viewed: "invoice.viewed",
  paid: "invoice.paid",
  overdue: "invoice.overdue",
  void: "invoice.voided",
};

/**
 * The events of one invoice write, in the order they happened: created; finalized when it gained
 * its lock (also when sending finalized it); a payment recorded or removed; the status it reached,
 * when that status is announced (sent, viewed, paid, overdue, voided), or a send again (`action`
 * "sent"); otherwise updated.
 */
export function invoiceEvents(before: InvoiceRecord | null, after: InvoiceRecord, action?: string): NewEvent[] {
  const about = (type: EventType, data: unknown = after): NewEvent => ({ type, resource: { type: "invoice", id: after.id }, data });
  if (!before) {
    return [about("invoice.created"), ...(after.locked ? [about("invoice.finalized")] : [])];
  }
  const events: NewEvent[] = [];
  if (after.locked && !before.locked) events.push(about("invoice.finalized"));
  const received = after.amount_paid - before.amount_paid;
  const money = { currency: after.currency, amount_paid: after.amount_paid, amount_due: after.amount_due, invoice: after };
  if (received > 0) events.push(about("payment.recorded", { amount: received, ...money }));
  if (received < 0) events.push(about("payment.removed", { amount: -received, ...money }));
  // A send of an invoice already out (sent again by e-mail) is announced as a send too; a paid one
  // back to sent because a payment was removed is that removal, not a send.
  const announced = action === "payment_removed" ? undefined : after.status !== before.status ? STATUS_EVENTS[after.status] : action === "sent" ? "invoice.sent" : undefined;
  if (announced) events.push(about(announced));
  if (events.length === 0) events.push(about("invoice.updated"));
  return events;
}
