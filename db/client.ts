// The database handle: drizzle over @libsql/client, an embedded file by default or a libSQL server /
// Turso by URL. Every write of this process goes through one async queue (ADR 0003): the embedded
// driver's BEGIN IMMEDIATE would otherwise fail with SQLITE_BUSY the moment two requests write at
// once, and a blocking busy timeout would stall the one JS thread holding the lock. The writes that
// wait while a transaction commits go together in the next one, a savepoint each (group commit,
// ADR 0044).
// Reads use `db`; writes get one stable drizzle handle bound to the transaction under way, so their
// prepared statements are built once; hot reads of the embedded file go to a native reader.
import { createClient, type Client, type InStatement, type Transaction } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import { openNativeReader } from "./native-reader.ts";
import { useNativeReader } from "./queries/prepared.ts";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
export type Db = LibSQLDatabase<Schema>;
/** A transaction or the database itself: data access functions take either (`fn(db, params)`). */
export type Executor = Pick<Db, "select" | "insert" | "update" | "delete" | "run" | "all" | "get" | "with" | "$with">;

export type Database = {
  url: string;
  client: Client;
  db: Db;
  /**
   * Runs `work` in a write transaction, serialized with every other write of this process: alone,
   * or in a savepoint of a transaction shared with the writes that waited beside it (ADR 0044). It
   * resolves once that transaction has committed; a failure undoes `work`'s writes only.
   */
  write<T>(work: (tx: Executor) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

export type DatabaseOptions = { url: string; authToken?: string };

/** How long a write waits in all for another process's lock before it gives up. */
const BUSY_WAIT_MS = 5000;
/**
 * The longest pause between tries. Another process holds the lock for one transaction, a few
 * milliseconds: a longer pause only lets that process's next queued write take it again while this
 * one sleeps, the tail latency of every write here (WEB_CONCURRENCY, ADR 0043).
 */
const LONGEST_PAUSE_MS = 16;

/** Whether the lock was held by another connection; drizzle wraps the driver's error as its cause. */
function isBusy(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 4; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (code.startsWith("SQLITE_BUSY") || code === "SQLITE_LOCKED")) return true;
    if (/database is locked|SQLITE_BUSY/.test(current.message)) return true;
  }
  return false;
}

/** Waits between retries of a write another process holds the lock for: doubling from 1 ms, jittered. */
function backoff(attempt: number): Promise<void> {
  const ceiling = Math.min(LONGEST_PAUSE_MS, 2 ** attempt);
  return new Promise((resolve) => setTimeout(resolve, ceiling / 2 + Math.random() * (ceiling / 2)));
}

/** Runs `work` again while another connection holds the lock, calling `beforeRetry` first each time. */
export async function retryWhileBusy<T>(work: () => Promise<T>, beforeRetry?: () => Promise<void>): Promise<T> {
  const giveUpAt = performance.now() + BUSY_WAIT_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isBusy(error) || performance.now() >= giveUpAt) throw error;
      await backoff(attempt);
      await beforeRetry?.();
    }
  }
}

/** A write's outcome in its group: what it returned, or what it threw. */
type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };
type Waiting = { work: (tx: Executor) => Promise<unknown>; settle: (outcome: Outcome) => void };

/** The most writes one transaction takes: a longer group would hold its first writes' answers back. */
const GROUP_MOST = 64;

/**
 * A client whose statements run in the write transaction under way. Writes are serialized, so there
 * is at most one; giving every transaction the same drizzle handle over this client lets prepared
 * statements be built once and reused by every write (ADR 0003).
 */
function transactionBoundClient(current: { tx: Transaction | null }): Client {
  const open = (): Transaction => {
    if (!current.tx) throw new Error("The write handle was used outside database.write()");
    return current.tx;
  };
  return {
    execute: (statement: InStatement) => open().execute(statement),
    batch: (statements: InStatement[]) => open().batch(statements),
  } as unknown as Client;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const embedded = options.url.startsWith("file:");
  const config = options.authToken ? { url: options.url, authToken: options.authToken } : { url: options.url };
  const client = createClient(config);
  // The embedded file gets its own single-connection client for writes: WAL lets readers run beside
  // the one writer, and synchronous=NORMAL (a per-connection setting) stops each commit waiting for
  // an fsync (360 µs → 50 µs here); a process crash loses nothing, a power cut at most the last commits.
  const writerClient = embedded ? createClient({ ...config, concurrency: 1 }) : client;
  const tuneWriter = async (): Promise<void> => {
    await writerClient.execute("PRAGMA synchronous=NORMAL");
  };
  // A statement the embedded driver failed with SQLITE_BUSY (a BEGIN IMMEDIATE while another process
  // wrote) is never reset: it stays "in progress" until garbage collection, and every later COMMIT on
  // that connection fails with "SQL statements in progress" — seconds of failed retries under load.
  // A fresh connection after each busy failure has no such statement. The one it replaces stays
  // open, in no transaction, until that statement is collected: a process that wrote beside a service
  // keeps the file open a while after close() (restore's check sees it; the accounts command exits).
  // Lock contention is another process's doing, so this happens only beside one.
  const freshWriter = embedded
    ? async (): Promise<void> => {
        await writerClient.reconnect();
        await tuneWriter();
      }
    : undefined;
  if (embedded) {
    await retryWhileBusy(() => client.execute("PRAGMA journal_mode=WAL"));
    await tuneWriter();
  }
  const db = drizzle(client, { schema });
  const reader = openNativeReader(options.url);
  if (reader) useNativeReader(db, reader);
  const current: { tx: Transaction | null } = { tx: null };
  const writer = drizzle(transactionBoundClient(current), { schema });
  const waiting: Waiting[] = [];
  let draining: Promise<void> | null = null;

  /**
   * Group commit (ADR 0044): one transaction for the group, a savepoint each unless it is alone; a
   * write that fails rolls back to its savepoint and the others go on. Resolves with each one's
   * outcome once the group has committed; throws what lost the whole group. Another process
   * holding the lock makes the whole group run again.
   */
  function writeGroup(group: readonly Waiting[]): Promise<Outcome[]> {
    return retryWhileBusy(async () => {
      const tx = await writerClient.transaction("write");
      current.tx = tx;
      try {
        const outcomes: Outcome[] = [];
        for (const { work } of group) {
          if (group.length === 1) {
            outcomes.push({ ok: true, value: await work(writer) });
            continue;
          }
          await tx.execute("SAVEPOINT grouped_write");
          try {
            outcomes.push({ ok: true, value: await work(writer) });
          } catch (error) {
            if (isBusy(error)) throw error;
            await tx.execute("ROLLBACK TO grouped_write");
            outcomes.push({ ok: false, error });
          }
          await tx.execute("RELEASE grouped_write");
        }
        await tx.commit();
        return outcomes;
      } catch (error) {
        if (!tx.closed) await tx.rollback().catch(() => undefined);
        throw error;
      } finally {
        current.tx = null;
        tx.close();
      }
    }, freshWriter);
  }

  /** Writes the waiting writes group by group until none is left: those that arrive meanwhile form the next group. */
  async function drain(): Promise<void> {
    while (waiting.length > 0) {
      const group = waiting.splice(0, GROUP_MOST);
      try {
        const outcomes = await writeGroup(group);
        group.forEach(({ settle }, index) => settle(outcomes[index] as Outcome));
      } catch (error) {
        for (const { settle } of group) settle({ ok: false, error });
      }
    }
    draining = null;
  }

  function write<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      waiting.push({ work, settle: (outcome) => (outcome.ok ? resolve(outcome.value as T) : reject(outcome.error)) });
      draining ??= drain();
    });
  }

  async function close(): Promise<void> {
    await draining;
    reader?.close();
    if (writerClient !== client) writerClient.close();
    client.close();
  }

  return { url: options.url, client, db, write, close };
}
