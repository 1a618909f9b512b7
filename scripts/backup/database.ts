// The embedded database file: a consistent copy while the service writes, the checks a copy must
// pass, and whether a service holds a file.
import { rm } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import { createClient, type Client } from "@libsql/client";
import Libsql from "libsql";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { retryWhileBusy } from "../../db/client.ts";
import { MIGRATIONS_FOLDER } from "../../db/migrate.ts";
import { syncFile } from "./folders.ts";

export function openFile(path: string): Client {
  return createClient({ url: pathToFileURL(path).href });
}

/**
 * VACUUM INTO reads the source in one read transaction, so the copy is the database as of one
 * commit: every write acknowledged before it began, none half-done. In WAL mode the read neither
 * waits for nor blocks the service's writer (another process); only starting the read may meet a
 * brief lock, which is retried like any write. SQLite does not sync the copy, so it is synced here.
 */
export async function snapshotDatabase(sourcePath: string, targetPath: string): Promise<void> {
  const source = openFile(sourcePath);
  try {
    await retryWhileBusy(async () => {
      // A try that met the lock may have left the file behind, and VACUUM INTO will not overwrite.
      await rm(targetPath, { force: true });
      await source.execute({ sql: "VACUUM INTO ?", args: [targetPath] });
    });
  } finally {
    source.close();
  }
  await syncFile(targetPath);
}

/** PRAGMA integrity_check's verdict: nothing when "ok", else the problems it names. */
export async function integrityProblems(client: Client): Promise<string[]> {
  const rows = (await client.execute("PRAGMA integrity_check")).rows.map((row) => String(row[0]));
  return rows.length === 1 && rows[0] === "ok" ? [] : rows;
}

export type MigrationState = { applied: number; pending: number; unknown: number };

/**
 * The database's migrations against this code's (db/migrations, as db/migrate.ts applies them).
 * drizzle's migrator keys on each migration's time: `unknown` ones come from a newer version of
 * the service, which this code cannot run on; `pending` ones the service applies when it starts.
 */
export async function migrationState(client: Client): Promise<MigrationState> {
  const known = new Set(readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((migration) => migration.folderMillis));
  const table = await client.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'");
  const applied = table.rows.length ? (await client.execute("SELECT created_at FROM __drizzle_migrations")).rows.map((row) => Number(row[0])) : [];
  const unknown = applied.filter((time) => !known.has(time)).length;
  return { applied: applied.length, pending: [...known].filter((time) => !applied.includes(time)).length, unknown };
}

/**
 * Whether a process has the database open. Each connection in WAL mode keeps a shared lock on the
 * file for as long as it is open, idle or not, so an exclusive lock taken without waiting succeeds
 * only when nobody has it open. A service killed without closing holds nothing: its -wal file is
 * then folded in by this probe's connection (SQLite's recovery), which is what a restart would do.
 */
export function databaseInUse(path: string): boolean {
  const connection = new Libsql(path, { timeout: 0 });
  try {
    connection.exec("PRAGMA locking_mode=EXCLUSIVE");
    connection.exec("BEGIN EXCLUSIVE");
    connection.exec("ROLLBACK");
    return false;
  } catch (error) {
    if (/locked|busy/i.test(error instanceof Error ? error.message : "")) return true;
    throw error;
  } finally {
    connection.close();
  }
}
