import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { ownedBy, timestamps } from "./columns.ts";

/** An account's webhook endpoint (`whk_`): where its events go, signed with the endpoint's secret. */
export const webhookEndpoints = sqliteTable(
  "webhook_endpoints",
  {
    id: text("id").primaryKey(),
    ...ownedBy,
    url: text("url").notNull(),
    description: text("description"),
    /** Event types subscribed to; ["*"] for all. */
    eventTypes: text("event_types", { mode: "json" }).$type<string[]>().notNull(),
    /** The signing secret `whsec_…`, sealed under SECRET_KEY (AES-GCM), never stored in the clear. */
    secret: text("secret").notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull(),
    disabledReason: text("disabled_reason"),
    /** When the current run of failures began; null while the endpoint answers. */
    failingSince: text("failing_since"),
    /** Events up to this seq existed before the endpoint: fan-out starts after it. */
    afterSeq: integer("after_seq").notNull(),
    ...timestamps,
  },
  (table) => [index("webhook_endpoints_account").on(table.accountId)],
);

/** One event owed to one endpoint; retried until delivered or out of attempts. */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    ...ownedBy,
    endpointId: text("endpoint_id").notNull(),
    eventId: text("event_id").notNull(),
    eventSeq: integer("event_seq").notNull(),
    /** `type:id` of the event's resource: deliveries of one resource to one endpoint go in order. */
    resourceKey: text("resource_key").notNull(),
    /** pending | delivered | failed */
    status: text("status").notNull(),
    attempts: integer("attempts").notNull(),
    nextAttemptAt: text("next_attempt_at"),
    lastAttemptAt: text("last_attempt_at"),
    lastStatus: integer("last_status"),
    lastError: text("last_error"),
    createdAt: text("created_at").notNull(),
    deliveredAt: text("delivered_at"),
  },
  (table) => [
    uniqueIndex("webhook_deliveries_event").on(table.endpointId, table.eventId),
    index("webhook_deliveries_due").on(table.status, table.nextAttemptAt),
    index("webhook_deliveries_order").on(table.endpointId, table.resourceKey, table.eventSeq),
    index("webhook_deliveries_account").on(table.accountId, table.endpointId, table.createdAt),
  ],
);

/** Each try of a delivery: what the endpoint answered (a bounded excerpt) and how long it took. */
export const webhookAttempts = sqliteTable(
  "webhook_attempts",
  {
    id: text("id").primaryKey(),
    ...ownedBy,
    deliveryId: text("delivery_id").notNull(),
    at: text("at").notNull(),
    status: integer("status"),
    durationMs: integer("duration_ms").notNull(),
    responseExcerpt: text("response_excerpt"),
    error: text("error"),
  },
  (table) => [index("webhook_attempts_delivery").on(table.deliveryId, table.at)],
);
