import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Rate-limit counters shared by every process of a scaled-out service (ADR 0029): one row per
 * subject, each tier window's start (unix seconds) and count, and whether the last hit was allowed,
 * all updated by one atomic upsert.
 */
export const rateCounters = sqliteTable("rate_counters", {
  subject: text("subject").primaryKey(),
  burstStart: integer("burst_start").notNull(),
  burstCount: integer("burst_count").notNull(),
  hourlyStart: integer("hourly_start").notNull(),
  hourlyCount: integer("hourly_count").notNull(),
  dailyStart: integer("daily_start").notNull(),
  dailyCount: integer("daily_count").notNull(),
  allowed: integer("allowed").notNull(),
});
