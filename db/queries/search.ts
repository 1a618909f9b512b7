// `q` search: a case- and accent-insensitive substring match on a column holding searchFold()ed text.
import { sql, type Placeholder, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { searchFold } from "../../server/domain/invoice.ts";

/** The LIKE pattern that finds `text` anywhere in searchFold()ed text. */
export function foldedPattern(text: string): string {
  return `%${searchFold(text).replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
}

/** `column` contains the pattern: a value from foldedPattern(), or a placeholder bound to one. */
export function containsFolded(column: AnySQLiteColumn, pattern: string | Placeholder): SQL {
  return sql`${column} like ${pattern} escape '\\'`;
}
