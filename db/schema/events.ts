import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ownedBy } from "./columns.ts";

/**
 * The transactional outbox of changes (ADR 0016): every change that matters writes its event in the
 * transaction that makes it. `seq` orders them as committed (writes are serialized per database), so
 * webhook fan-out reads "everything after seq N" and never misses a late commit; kept 30 days.
 */
export const events = sqliteTable(
  "events",
  {
    seq: integer("seq").primaryKey({ autoIncrement: true }),
    id: text("id").notNull().unique(),
    ...ownedBy,
    type: text("type").notNull(),
    resourceType: text("resource_type").notNull(),
    resourceId: text("resource_id").notNull(),
    /** The resource's new state (or what is left of it for a deletion), as the API returns it. */
    data: text("data", { mode: "json" }).notNull(),
    createdAt: text("created_at").notNull(),
  },
  (table) => [
    index("events_account").on(table.accountId, table.seq),
    index("events_account_type").on(table.accountId, table.type, table.seq),
    index("events_resource").on(table.accountId, table.resourceId, table.seq),
    index("events_created").on(table.createdAt),
  ],
);
