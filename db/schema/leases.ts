import { sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Scheduler leases: a job runs only in the process holding its unexpired lease. */
export const leases = sqliteTable("leases", {
  name: text("name").primaryKey(),
  holder: text("holder").notNull(),
  expiresAt: text("expires_at").notNull(),
});
