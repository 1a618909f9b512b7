import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ownedBy } from "./columns.ts";

/** The next invoice number per account, type and year; bumped in the finalizing transaction. */
export const numberSequences = sqliteTable(
  "number_sequences",
  {
    ...ownedBy,
    type: text("type").notNull(),
    year: integer("year").notNull(),
    next: integer("next").notNull(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.type, table.year] })],
);
