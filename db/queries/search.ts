// `q` search: a case- and accent-insensitive substring match on a column holding searchFold()ed text.
import { sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { searchFold } from "../../server/domain/invoice.ts";

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (match) => `\\${match}`);
}

export function containsFolded(column: AnySQLiteColumn, text: string): SQL {
  return sql`${column} like ${`%${escapeLike(searchFold(text))}%`} escape '\\'`;
}
