// Prepared drizzle queries, built once per database handle: building a query costs more than
// running it (≈27 µs against ≈21 µs for a read by id). The read handle and the one write handle every
// transaction shares (db/client.ts) are both long-lived, so reads and writes alike are built once.
// Hot reads on the embedded file run their generated SQL on the native reader (db/native-reader.ts)
// instead of through @libsql/client.
import { fillPlaceholders, sql, type Placeholder } from "drizzle-orm";
import type { Executor } from "../client.ts";
import type { NativeReader } from "../native-reader.ts";

const statements = new WeakMap<Executor, Map<string, unknown>>();
const nativeReaders = new WeakMap<Executor, NativeReader>();

export function prepared<T>(db: Executor, name: string, build: () => T): T {
  let byName = statements.get(db);
  if (!byName) statements.set(db, (byName = new Map()));
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build();
    byName.set(name, statement);
  }
  return statement;
}

/** A placeholder per key of `row`, named after it: the values of a prepared insert or update. */
export function placeholdersOf<Row extends object>(row: Row): { [Key in keyof Row]: Placeholder } {
  return Object.fromEntries(Object.keys(row).map((key) => [key, sql.placeholder(key)])) as { [Key in keyof Row]: Placeholder };
}

/** Lets preparedRead() answer reads on `db` from the native reader of the same embedded file. */
export function useNativeReader(db: Executor, reader: NativeReader): void {
  nativeReaders.set(db, reader);
}

type DrizzlePrepared<Row> = { all(values?: Record<string, unknown>): Promise<Row[]>; getQuery(): { sql: string; params: unknown[] } };
export type PreparedRead<Row> = { all(values: Record<string, unknown>): Promise<Row[]> };

/**
 * A prepared read. `keys` name the selected fields in the order the query selects them; rows from
 * the native reader (arrays) are turned into objects with them. Use it for selections of plain
 * columns only: drizzle's column decoders (JSON mode, booleans) do not run on the native path.
 */
export function preparedRead<Row extends Record<string, unknown>>(
  db: Executor,
  name: string,
  keys: readonly (keyof Row & string)[],
  build: () => DrizzlePrepared<Row>,
): PreparedRead<Row> {
  const reader = nativeReaders.get(db);
  if (!reader) return prepared(db, name, build);
  return prepared(db, `native:${name}`, () => {
    const { sql, params } = build().getQuery();
    return {
      async all(values: Record<string, unknown>): Promise<Row[]> {
        const args = fillPlaceholders(params, values);
        return reader.rows(sql, args).map((row) => Object.fromEntries(keys.map((key, index) => [key, row[index]])) as Row);
      },
    };
  });
}
