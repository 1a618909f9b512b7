import { sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Bug reports and feature requests from svc.feedback; anonymous ones have no account. */
export const feedback = sqliteTable("feedback", {
  id: text("id").primaryKey(),
  accountId: text("account_id"),
  kind: text("kind").notNull(),
  message: text("message").notNull(),
  contact: text("contact"),
  context: text("context", { mode: "json" }),
  createdAt: text("created_at").notNull(),
});
