import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ownedBy, timestamps } from "./columns.ts";

/**
 * Custom templates: a base design and the options given (not the resolved ones, so a base's new
 * defaults reach options nobody set). `revision` changes with every edit; exports key on it.
 */
export const templates = sqliteTable(
  "templates",
  {
    id: text("id").primaryKey(),
    ...ownedBy,
    name: text("name").notNull(),
    base: text("base").notNull(),
    options: text("options", { mode: "json" }).notNull(),
    /** StoredLogo JSON; the bytes live in the blob store under logos/. */
    logo: text("logo", { mode: "json" }),
    revision: integer("revision").notNull(),
    ...timestamps,
  },
  (table) => [index("templates_account_name").on(table.accountId, table.name, table.id)],
);
