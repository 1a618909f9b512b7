// The embedded file's hot reads, below @libsql/client: it prepares every statement and reads its
// column list on each call (≈21 µs for a read by id here), where a statement prepared once on a
// read-only libSQL connection answers in ≈7 µs. The SQL is still drizzle's, generated once; only
// the execution differs. Reads see every committed write (WAL), like the client's own connections.
import Libsql from "libsql";

type Statement = { all(...args: unknown[]): unknown[]; raw(toggle?: boolean): Statement };

export type NativeReader = {
  /** Rows as arrays, from a statement prepared once per SQL text. */
  rows(sql: string, args: readonly unknown[]): unknown[][];
  close(): void;
};

/** A reader for `file:` URLs (the embedded default); null for a libSQL server, Turso or memory. */
export function openNativeReader(url: string): NativeReader | null {
  const path = /^file:(?!.*[?#])(.+)$/.exec(url)?.[1];
  if (!path || path === ":memory:") return null;
  const connection = new Libsql(path.replace(/^\/\/(localhost)?(?=\/)/, ""), { readonly: true });
  const statements = new Map<string, Statement>();
  return {
    rows(sql, args) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = (connection.prepare(sql) as unknown as Statement).raw(true);
        statements.set(sql, statement);
      }
      return statement.all(...args) as unknown[][];
    },
    close() {
      connection.close();
    },
  };
}
