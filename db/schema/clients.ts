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
  // The list's order (folded name, then id); `q` and the archived filter are checked on the index
  // entries, so a search reads only the rows it returns.
  (table) => [index("clients_account_search").on(table.accountId, table.searchText, table.id, table.archivedAt)],
);
