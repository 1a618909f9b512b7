// Faults of the parts the service stands on (README "Scaling out"; ADR 0030): a database that does not
// answer or cannot write (a stopped libSQL server, a read-only or full disk) and blob storage that
// fails are the operator's problem, not the caller's and not a bug. They answer 503
// SERVICE_UNAVAILABLE with Retry-After, naming the part, and the service recovers by itself when the
// part returns: nothing is cached about the failure.
import { BlobStoreUnavailable } from "./blob-store.ts";
import { AppError } from "../domain/errors.ts";

export type FailedPart = "database" | "storage";

/** Seconds a caller is asked to wait: long enough for a restart, short enough to notice recovery. */
export const UNAVAILABLE_RETRY_AFTER = 5;

/** SQLite result codes and socket errors that mean the database, not the statement, failed (BLOCKED: a libSQL server refusing writes, as Turso does over quota). */
const DATABASE_FAULT = /^(SQLITE_(READONLY|FULL|IOERR|CANTOPEN|BUSY|LOCKED|PROTOCOL|NOTADB)\w*|BLOCKED|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENETUNREACH|ConnectionRefused|ConnectionClosed|SERVER_ERROR|HRANA_WEBSOCKET_ERROR|HRANA_CLOSED_ERROR|STREAM_EXPIRED)$/;
/** File system errors of the local blob folder: a full, read-only or failing disk. */
const DISK_FAULT = /^(ENOSPC|EROFS|EIO|EDQUOT)$/;

/** The codes along an error's chain of causes (drizzle and tRPC wrap what the driver threw). */
function codesOf(error: unknown): string[] {
  const found: string[] = [];
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if (current instanceof BlobStoreUnavailable) found.push("BLOB_STORE");
    const { code } = current as { code?: unknown };
    if (typeof code === "string") found.push(code);
  }
  return found;
}

/** Which part a thrown error says is down, or null when it is an ordinary failure. */
export function failedPart(error: unknown): FailedPart | null {
  for (const code of codesOf(error)) {
    if (code === "BLOB_STORE") return "storage";
    // The database reports its own disk's faults as SQLITE_* codes; these come from the blob folder.
    if (DISK_FAULT.test(code)) return "storage";
    if (DATABASE_FAULT.test(code)) return "database";
  }
  return null;
}

const PART_NAMES: Record<FailedPart, string> = { database: "The database", storage: "File storage" };

export function unavailable(part: FailedPart): AppError {
  return new AppError(
    "SERVICE_UNAVAILABLE",
    `${PART_NAMES[part]} is unavailable; retry in ${UNAVAILABLE_RETRY_AFTER} s`,
    { part, retry_after: UNAVAILABLE_RETRY_AFTER },
    { "Retry-After": String(UNAVAILABLE_RETRY_AFTER) },
  );
}
