// Heavy rendering off the request thread: a small pool of Web Workers (the standard API, so Bun and
// Deno run it alike) each running render/worker.ts. Workers start lazily, one per job until `size`
// are running, and stay up so their font caches stay warm; further jobs wait.
// Decisions:
// - Waiting jobs are queued per owner (the account a render is for) and served in turns, one job
//   per owner at a time, first in first out within an owner: one account's thousand exports wait
//   behind each other, not in front of everyone else's.
// - The queue is bounded (256 by default), and so is each owner's share of it (32). Past either
//   run() refuses at once with RATE_LIMITED (429, Retry-After), so a burst gets a quick "retry
//   shortly" instead of a growing wait that would time out anyway.
// - A worker that dies (an uncaught error), exits, or runs a job past `jobTimeoutMs` is terminated
//   and dropped; its job is rejected with INTERNAL_ERROR and the next queued job gets a new worker.
//   Deno (2.9) does not stop a worker stuck in an endless JS loop on terminate(): its slot is freed
//   but the thread spins until the process ends (denoland/deno#35657). Bun stops it.
// - A job whose caller gives up (its `signal` aborts: the client went away, the MCP call was
//   cancelled, a document ran past its wall time) leaves the queue, or, running, has its worker
//   terminated and replaced, so the work stops and the slot serves the next job at once. Bun ignores
//   worker memory limits (resourceLimits), so what bounds a worker is this, the job timeout and the
//   budgets its job checks before the expensive step (server/domain/document-budgets.ts).
// - close() rejects queued and running jobs and terminates every worker; later run() calls reject.
import { errorFromWorker, type JobRequest, type WorkerReply } from "../../render/worker-protocol.ts";
import type { RenderJob } from "../../render/worker.ts";
import { AppError } from "../domain/errors.ts";

export type WorkerPool<Job> = {
  /**
   * Runs `job` for `owner` (an account id; "" for none): waiting jobs are served owner by owner in
   * turn. When `signal` aborts, the job is dropped, or stopped with its worker, and rejects with the reason.
   */
  run<T>(job: Job, owner?: string, signal?: AbortSignal): Promise<T>;
  /** Workers started, jobs on them and jobs waiting, now. */
  stats(): PoolStats;
  close(): Promise<void>;
  readonly size: number;
};
export type PoolStats = { workers: number; running: number; queued: number };
export type RenderPool = WorkerPool<RenderJob>;

export type PoolOptions = {
  /** Workers at most; default: one per core but one, between 1 and 4. */
  size?: number;
  /** Jobs waiting for a worker before run() refuses with RATE_LIMITED. */
  maxQueued?: number;
  /** Jobs one owner may have waiting before run() refuses that owner with RATE_LIMITED. */
  maxQueuedPerOwner?: number;
  /** A job (with its worker's start-up) running longer is failed and its worker replaced. */
  jobTimeoutMs?: number;
};

export const DEFAULT_MAX_QUEUED = 256;
export const DEFAULT_MAX_QUEUED_PER_OWNER = 32;
/** A render takes well under a second: a refused caller retries after a couple. */
const BUSY_RETRY_AFTER = 2;
export const DEFAULT_JOB_TIMEOUT_MS = 30_000;
const RENDER_WORKER = new URL("../../render/worker.ts", import.meta.url);

/**
 * One core stays with the event loop (HTTP, database); never more than 4 threads a pool. With
 * several service processes on the machine (WEB_CONCURRENCY, ADR 0043) the cores left are shared
 * among them, at least one each, so N processes do not start N times a machine's worth of workers.
 */
export function defaultPoolSize(processes = 1, cores = navigator.hardwareConcurrency): number {
  return Math.max(1, Math.min(4, Math.floor((cores - 1) / processes)));
}

type Task = { id: number; job: unknown; resolve: (value: unknown) => void; reject: (error: Error) => void };
type Slot = { worker: Worker; ready: boolean; task: Task | null; timer: ReturnType<typeof setTimeout> | undefined };

function internalError(why: string): AppError {
  const error = new AppError("INTERNAL_ERROR");
  error.cause = new Error(why);
  return error;
}

const closedError = (): AppError => new AppError("INTERNAL_ERROR", "The renderer is shutting down");

/** Why a job's caller gave up: its signal's AppError reason (a budget, say), else a cancellation. */
export function abandoned(signal: AbortSignal): AppError {
  return signal.reason instanceof AppError ? signal.reason : new AppError("CANCELLED", "The caller went away");
}

/** A pool over any worker entry that serves jobs with render/worker-protocol.ts. */
export function createWorkerPool<Job>(entry: URL, options: PoolOptions = {}): WorkerPool<Job> {
  const size = options.size ?? defaultPoolSize();
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`A worker pool needs a whole number of workers, not ${size}`);
  const maxQueued = options.maxQueued ?? DEFAULT_MAX_QUEUED;
  const maxQueuedPerOwner = options.maxQueuedPerOwner ?? DEFAULT_MAX_QUEUED_PER_OWNER;
  const jobTimeoutMs = options.jobTimeoutMs ?? DEFAULT_JOB_TIMEOUT_MS;
  const slots = new Set<Slot>();
  /** Each owner's waiting jobs; the map's order is the turn order (an owner served goes to the back). */
  const lanes = new Map<string, Task[]>();
  let queued = 0;
  let nextId = 1;
  let closed = false;

  /** Gives a job to a worker: posted now if the worker is ready, else once it says it is. */
  function assign(slot: Slot, task: Task): void {
    slot.task = task;
    slot.timer = setTimeout(() => retire(slot, `the job ran longer than ${jobTimeoutMs} ms`), jobTimeoutMs);
    if (slot.ready) post(slot, task);
  }

  function post(slot: Slot, task: Task): void {
    slot.worker.postMessage({ id: task.id, job: task.job } satisfies JobRequest<unknown>);
  }

  function start(task: Task): void {
    const slot: Slot = { worker: new Worker(entry.href, { type: "module" }), ready: false, task: null, timer: undefined };
    slots.add(slot);
    slot.worker.addEventListener("message", (event: MessageEvent) => onReply(slot, event.data as WorkerReply));
    slot.worker.addEventListener("error", (event: Event) => {
      // Handled here: unhandled, Deno would rethrow a worker's error in the main thread and exit.
      event.preventDefault();
      retire(slot, `the worker failed: ${(event as ErrorEvent).message ?? "unknown error"}`);
    });
    slot.worker.addEventListener("messageerror", () => settle(slot, (task) => task.reject(internalError("the job's result could not be read"))));
    // Bun reports a worker that exited by itself; after our own terminate() the slot is gone already.
    slot.worker.addEventListener("close", () => retire(slot, "the worker exited"));
    assign(slot, task);
  }

  function onReply(slot: Slot, reply: WorkerReply): void {
    if ("ready" in reply) {
      slot.ready = true;
      if (slot.task) post(slot, slot.task);
      return;
    }
    if (slot.task?.id !== reply.id) return;
    settle(slot, (task) => (reply.ok ? task.resolve(reply.value) : task.reject(errorFromWorker(reply.error))));
  }

  /** Ends the slot's job one way or the other, then gives the worker the next queued job. */
  function settle(slot: Slot, end: (task: Task) => void): void {
    const task = slot.task;
    if (!task) return;
    clearTimeout(slot.timer);
    slot.task = null;
    end(task);
    const next = nextTask();
    if (next) assign(slot, next);
  }

  /** The first waiting job of the owner whose turn it is; that owner then waits for everyone else's turn. */
  function nextTask(): Task | undefined {
    const turn = lanes.entries().next();
    if (turn.done) return undefined;
    const [owner, lane] = turn.value;
    const task = lane.shift();
    lanes.delete(owner);
    if (lane.length > 0) lanes.set(owner, lane);
    queued -= 1;
    return task;
  }

  function busy(message: string, details: Record<string, unknown>): AppError {
    return new AppError("RATE_LIMITED", message, { ...details, retry_after: BUSY_RETRY_AFTER }, { "Retry-After": String(BUSY_RETRY_AFTER) });
  }

  /** Drops a dead or stuck worker; its job fails and the next queued job gets a fresh worker. */
  function retire(slot: Slot, why: string): void {
    if (!slots.delete(slot)) return;
    clearTimeout(slot.timer);
    slot.worker.terminate();
    slot.task?.reject(internalError(why));
    slot.task = null;
    const next = nextTask();
    if (next) start(next);
  }

  /** The task leaves its lane, or its worker is stopped and replaced; either way it rejects with `reason`. */
  function abandon(task: Task, owner: string, reason: Error): void {
    const lane = lanes.get(owner);
    const at = lane?.indexOf(task) ?? -1;
    if (lane && at >= 0) {
      lane.splice(at, 1);
      if (lane.length === 0) lanes.delete(owner);
      queued -= 1;
      task.reject(reason);
      return;
    }
    const slot = [...slots].find((candidate) => candidate.task === task);
    if (!slot) return;
    slot.task = null;
    task.reject(reason);
    retire(slot, "its caller gave up");
  }

  function run<T>(job: Job, owner = "", signal?: AbortSignal): Promise<T> {
    if (closed) return Promise.reject(closedError());
    if (signal?.aborted) return Promise.reject(abandoned(signal));
    return new Promise<T>((resolve, reject) => {
      const stop = (): void => abandon(task, owner, abandoned(signal!));
      const settled = (): void => signal?.removeEventListener("abort", stop);
      const task: Task = {
        id: nextId++,
        job,
        resolve: (value) => {
          settled();
          resolve(value as T);
        },
        reject: (error) => {
          settled();
          reject(error);
        },
      };
      signal?.addEventListener("abort", stop, { once: true });
      const idle = [...slots].find((slot) => slot.ready && slot.task === null);
      const lane = lanes.get(owner) ?? [];
      if (idle) assign(idle, task);
      else if (slots.size < size) start(task);
      else if (queued >= maxQueued) task.reject(busy("The renderer is busy; retry in a few seconds", { reason: "render_queue_full", queued }));
      else if (lane.length >= maxQueuedPerOwner) task.reject(busy("This account already has many renders waiting; retry in a few seconds", { reason: "account_render_queue_full", queued: lane.length }));
      else {
        lane.push(task);
        lanes.set(owner, lane);
        queued += 1;
      }
    });
  }

  async function close(): Promise<void> {
    closed = true;
    for (const lane of lanes.values()) for (const task of lane) task.reject(closedError());
    lanes.clear();
    queued = 0;
    for (const slot of slots) {
      clearTimeout(slot.timer);
      slot.worker.terminate();
      slot.task?.reject(closedError());
    }
    slots.clear();
  }

  function stats(): PoolStats {
    return { workers: slots.size, running: [...slots].filter((slot) => slot.task !== null).length, queued };
  }

  return { run, stats, close, size };
}

/** The render pool: workers running render/worker.ts. */
export function createRenderPool(options: PoolOptions = {}): RenderPool {
  return createWorkerPool<RenderJob>(RENDER_WORKER, options);
}
