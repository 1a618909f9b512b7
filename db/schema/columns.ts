// Column groups every tenant table shares.
import { text } from "drizzle-orm/sqlite-core";

export const ownedBy = { accountId: text("account_id").notNull() };
export const timestamps = {
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
};
