import { sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Small key-value state kept in libSQL: daily rate-limit counts (ADR 0007), reminder schedules
 * (ADR 0017), the webhook fan-out cursor, and the probe behind health's `kv` check.
 */
export const kv = sqliteTable("kv", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  expiresAt: text("expires_at"),
});
