import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ownedBy, timestamps } from "./columns.ts";

export const clients = sqliteTable(
  "clients",
  {
    id: text("id").primaryKey(),
    ...ownedBy,
    name: text("name").notNull(),
    email: text("email"),
    phone: text("phone"),
    address: text("address", { mode: "json" }),
    taxId: text("tax_id"),
    currency: text("currency"),
    locale: text("locale"),
    notes: text("notes"),
    /** Name and e-mail folded for case-insensitive search beyond ASCII. */
    searchText: text("search_text").notNull(),
    archivedAt: text("archived_at"),
    ...timestamps,
  },
  (table) => [index("clients_account_name").on(table.accountId, table.name, table.id)],
);
