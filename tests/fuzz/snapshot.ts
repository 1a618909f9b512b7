// What the database holds, as one comparable value: every table's row count and a digest of its
// rows, read in one statement. A refused call must leave it unchanged. Reading every row costs tens
// of milliseconds, so a watch reads them again only when SQLite's data_version says another
// connection (the service's writer) has committed since.
import { createHash } from "node:crypto";
import type { Database } from "../../db/client.ts";

/** Tables and columns that change with any call, refused or not, by design. */
const VOLATILE_TABLES = new Set(["rate_counters", "__drizzle_migrations"]);
/** Last-use times, written at most once a minute per credential whatever the call's outcome (ADRs 0006, 0019). */
const VOLATILE_COLUMNS = new Set(["api_keys.last_used_at", "oauth_grants.last_used_at", "sessions.last_seen_at"]);

export type Snapshot = Record<string, { rows: number; digest: string }>;

const quoted = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** One statement reading every table's rows as text, built once per database (the schema is fixed during a run). */
async function snapshotStatement(database: Database): Promise<string> {
  const tables = await database.client.execute("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name");
  const parts: string[] = [];
  for (const { name } of tables.rows as unknown as Array<{ name: string }>) {
    if (VOLATILE_TABLES.has(name)) continue;
    const columns = (await database.client.execute(`SELECT name FROM pragma_table_info(${`'${name.replaceAll("'", "''")}'`})`)).rows as unknown as Array<{ name: string }>;
    const kept = columns.map((column) => column.name).filter((column) => !VOLATILE_COLUMNS.has(`${name}.${column}`));
    const row = kept.map((column) => `quote(${quoted(column)})`).join(` || '|' || `);
    parts.push(`SELECT '${name}' AS name, (SELECT count(*) FROM ${quoted(name)}) AS rows, (SELECT group_concat(line, char(10)) FROM (SELECT ${row} AS line FROM ${quoted(name)} ORDER BY line)) AS content`);
  }
  return parts.join(" UNION ALL ");
}

async function snapshot(database: Database, statement: string): Promise<Snapshot> {
  const result = await database.client.execute(statement);
  const tables: Snapshot = {};
  for (const { name, rows, content } of result.rows as unknown as Array<{ name: string; rows: number; content: string | null }>) {
    tables[name] = { rows: Number(rows), digest: createHash("sha1").update(content ?? "").digest("hex") };
  }
  return tables;
}

export type TableChange = { table: string; rowsBefore: number; rowsAfter: number };

/** The tables whose rows differ between two snapshots, with their counts before and after. */
function changedTables(before: Snapshot, after: Snapshot): TableChange[] {
  return Object.keys({ ...before, ...after })
    .filter((name) => before[name]?.digest !== after[name]?.digest)
    .map((table) => ({ table, rowsBefore: before[table]?.rows ?? 0, rowsAfter: after[table]?.rows ?? 0 }));
}

export type DatabaseWatch = {
  /** Runs `work` and names the tables it changed. Nothing else may write meanwhile (drain the write queue first). */
  changesDuring<T>(work: () => Promise<T>): Promise<{ result: T; changes: TableChange[] }>;
};

export function watchDatabase(database: Database): DatabaseWatch {
  const statement = snapshotStatement(database);
  let known: { version: number; tables: Snapshot } | null = null;

  async function current(): Promise<Snapshot> {
    const version = Number((await database.client.execute("PRAGMA data_version")).rows[0]?.[0]);
    if (known?.version !== version) known = { version, tables: await snapshot(database, await statement) };
    return known.tables;
  }

  return {
    async changesDuring(work) {
      const before = await current();
      const result = await work();
      return { result, changes: changedTables(before, await current()) };
    },
  };
}
