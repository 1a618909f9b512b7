import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { ApprovedContent } from "../../server/domain/approved-content.ts";
import { ownedBy } from "./columns.ts";

/** Each invoice's content as last moved into approved, so the inbox can show what changed since. */
export const approvedContents = sqliteTable("approved_contents", {
  invoiceId: text("invoice_id").primaryKey(),
  ...ownedBy,
  revision: integer("revision").notNull(),
  content: text("content", { mode: "json" }).$type<ApprovedContent>().notNull(),
  approvedAt: text("approved_at").notNull(),
});
