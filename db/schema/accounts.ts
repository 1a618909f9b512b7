import { sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamps } from "./columns.ts";

/** An account is a tenant: the seller, its profile and its rate-limit tier. */
export const accounts = sqliteTable("accounts", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  tier: text("tier").notNull(),
  /** The seller profile (GET/PUT /api/account) as one JSON document. */
  profile: text("profile", { mode: "json" }).notNull(),
  ...timestamps,
});
