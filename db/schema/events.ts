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
    /**
     * The rowid, without AUTOINCREMENT (whose bookkeeping row would be one more write per event). A
     * rowid is reused only after the newest row is deleted, and the purge always keeps the newest.
     */
    seq: integer("seq").primaryKey(),
    id: text("id").notNull().unique(),
    ...ownedBy,
    type: text("type").notNull(),
    resourceType: text("resource_type").notNull(),
    resourceId: text("resource_id").notNull(),
    /** The resource's new state (or what is left of it for a deletion), as the API returns it. */
    data: text("data", { mode: "json" }).notNull(),
    createdAt: text("created_at").notNull(),
  },
  // Few indexes on purpose: each is one more page written by every change (bench:automation). A
  // type filter reads the account's events by seq; the purge finds its boundary by seq (ascending
  // with time), not through an index on created_at.
  (table) => [index("events_account").on(table.accountId, table.seq), index("events_resource").on(table.accountId, table.resourceId, table.seq)],
);
