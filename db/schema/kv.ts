import { sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Small key-value state kept in libSQL (DESIGN: the `kv` of health). */
export const kv = sqliteTable("kv", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  expiresAt: text("expires_at"),
});
