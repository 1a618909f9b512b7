// The messages between the render pool (server/documents/render-pool.ts) and a worker entry (render/worker.ts),
// over the standard Web Worker API so Bun and Deno run the same code. A worker announces itself
// once its modules are loaded (so no job is posted before a handler exists), then answers each
// { id, job } with its value or an error. An AppError crosses as code, message and details and is
// rebuilt as the same AppError on the other side (a 422 naming BT-48 stays that 422), with its cause's
// stack when it has one (an import reader's unexpected failure, made a 422, is still logged);
// anything else becomes INTERNAL_ERROR whose message and stack travel only as the cause, for the server's log.
import { AppError, ERROR_TABLE, type ErrorCode, type ErrorDetails } from "../server/domain/errors.ts";
import { collectGarbage } from "./collect-garbage.ts";

export type JobRequest<Job> = { id: number; job: Job };
export type WorkerError = { code: ErrorCode; message: string; details?: ErrorDetails; cause?: string };
export type WorkerReply = { ready: true } | { id: number; ok: true; value: unknown } | { id: number; ok: false; error: WorkerError };

/** The part of a dedicated worker's global scope a worker entry uses. */
type WorkerScope = {
  onmessage: ((event: MessageEvent) => void) | null;
  postMessage(message: WorkerReply, transfer?: Transferable[]): void;
};

/**
 * A job that ran this long allocated enough that its garbage is worth collecting before the next:
 * a typical render (5–60 ms) never pays for a collection, a 1,000-line SVG (≈400 ms) always does.
 */
export const HEAVY_JOB_MS = 100;

const stackOf = (error: unknown): string => (error instanceof Error ? (error.stack ?? error.message) : String(error));

function workerError(error: unknown): WorkerError {
  if (error instanceof AppError) {
    return { code: error.code, message: error.message, ...(error.details === undefined ? {} : { details: error.details }), ...(error.cause === undefined ? {} : { cause: stackOf(error.cause) }) };
  }
  return { code: "INTERNAL_ERROR", message: ERROR_TABLE.INTERNAL_ERROR.message, cause: stackOf(error) };
}

/**
 * The buffers behind byte arrays in a result, so the reply moves them instead of copying. Only a
 * view that owns its whole buffer is moved: a slice of a larger or pooled buffer (Node's Buffer
 * pool) would hand over bytes that are not the result's, so it is copied instead.
 */
function transferablesOf(value: unknown, found: Set<ArrayBuffer> = new Set(), depth = 0): ArrayBuffer[] {
  if (ArrayBuffer.isView(value)) {
    const { buffer } = value;
    if (buffer instanceof ArrayBuffer && value.byteOffset === 0 && value.byteLength === buffer.byteLength) found.add(buffer);
  } else if (value !== null && typeof value === "object" && depth < 4) {
    for (const item of Array.isArray(value) ? value : Object.values(value)) transferablesOf(item, found, depth + 1);
  }
  return [...found];
}

/** Makes the calling module a worker entry that runs every job it receives with `run`. */
export function serveJobs<Job>(run: (job: Job) => Promise<unknown>): void {
  const scope = globalThis as unknown as WorkerScope;
  scope.onmessage = async (event: MessageEvent) => {
    const { id, job } = event.data as JobRequest<Job>;
    const started = performance.now();
    let reply: WorkerReply;
    let transfer: ArrayBuffer[] = [];
    try {
      const value = await run(job);
      reply = { id, ok: true, value };
      transfer = transferablesOf(value);
    } catch (error) {
      reply = { id, ok: false, error: workerError(error) };
    }
    try {
      scope.postMessage(reply, transfer);
    } catch (error) {
      // The reply could not be cloned (a function or class instance in the value or the details).
      scope.postMessage({ id, ok: false, error: workerError(error) });
    }
    if (performance.now() - started >= HEAVY_JOB_MS) collectGarbage();
  };
  scope.postMessage({ ready: true });
}

/** The error a job's caller sees, rebuilt from the worker's reply. */
export function errorFromWorker(error: WorkerError): AppError {
  if (!Object.hasOwn(ERROR_TABLE, error.code)) return new AppError("INTERNAL_ERROR");
  const rebuilt = new AppError(error.code, error.message, error.details);
  if (error.cause !== undefined) rebuilt.cause = new Error(error.cause);
  return rebuilt;
}
