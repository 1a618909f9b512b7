import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ownedBy, timestamps } from "./columns.ts";

export const products = sqliteTable(
  "products",
  {
    id: text("id").primaryKey(),
    ...ownedBy,
    name: text("name").notNull(),
    description: text("description"),
    unit: text("unit").notNull(),
    rate: integer("rate").notNull(),
    currency: text("currency"),
    taxRate: real("tax_rate"),
    sku: text("sku"),
    searchText: text("search_text").notNull(),
    ...timestamps,
  },
  (table) => [index("products_account_name").on(table.accountId, table.name, table.id)],
);
