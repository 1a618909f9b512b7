// Heavy rendering off the request thread: a small pool of Web Workers (the standard API, so Bun and
// Deno run it alike) each running render/worker.ts. Workers start lazily, one per job until `size`
// are running, and stay up so their font caches stay warm; further jobs wait in a FIFO queue.
// Decisions:
// - The queue is bounded (256 by default). Past it run() refuses at once with RATE_LIMITED (429),
//   so a burst gets a quick "retry shortly" instead of a growing wait that would time out anyway.
// - A worker that dies (an uncaught error), exits, or runs a job past `jobTimeoutMs` is terminated
//   and dropped; its job is rejected with INTERNAL_ERROR and the next queued job gets a new worker.
//   Deno (2.9) does not stop a worker stuck in an endless JS loop on terminate(): its slot is freed
//   but the thread spins until the process ends (denoland/deno#35657). Bun stops it.
// - close() rejects queued and running jobs and terminates every worker; later run() calls reject.
import { errorFromWorker, type JobRequest, type WorkerReply } from "../../render/worker-protocol.ts";
import type { RenderJob } from "../../render/worker.ts";
import { AppError } from "../domain/errors.ts";

export type WorkerPool<Job> = {
  run<T>(job: Job): Promise<T>;
  close(): Promise<void>;
  readonly size: number;
};
export type RenderPool = WorkerPool<RenderJob>;

export type PoolOptions = {
  /** Workers at most; default: one per core but one, between 1 and 4. */
  size?: number;
  /** Jobs waiting for a worker before run() refuses with RATE_LIMITED. */
  maxQueued?: number;
  /** A job (with its worker's start-up) running longer is failed and its worker replaced. */
  jobTimeoutMs?: number;
};

export const DEFAULT_MAX_QUEUED = 256;
export const DEFAULT_JOB_TIMEOUT_MS = 30_000;
const RENDER_WORKER = new URL("../../render/worker.ts", import.meta.url);

/** One core stays with the event loop (HTTP, database); never more than 4 render threads. */
export function defaultPoolSize(): number {
  return Math.max(1, Math.min(4, navigator.hardwareConcurrency - 1));
}

type Task = { id: number; job: unknown; resolve: (value: unknown) => void; reject: (error: Error) => void };
type Slot = { worker: Worker; ready: boolean; task: Task | null; timer: ReturnType<typeof setTimeout> | undefined };

function internalError(why: string): AppError {
  const error = new AppError("INTERNAL_ERROR");
  error.cause = new Error(why);
  return error;
}

const closedError = (): AppError => new AppError("INTERNAL_ERROR", "The renderer is shutting down");

/** A pool over any worker entry that serves jobs with render/worker-protocol.ts. */
export function createWorkerPool<Job>(entry: URL, options: PoolOptions = {}): WorkerPool<Job> {
  const size = options.size ?? defaultPoolSize();
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`A worker pool needs a whole number of workers, not ${size}`);
  const maxQueued = options.maxQueued ?? DEFAULT_MAX_QUEUED;
  const jobTimeoutMs = options.jobTimeoutMs ?? DEFAULT_JOB_TIMEOUT_MS;
  const slots = new Set<Slot>();
  const queue: Task[] = [];
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
    const next = queue.shift();
    if (next) assign(slot, next);
  }

  /** Drops a dead or stuck worker; its job fails and the next queued job gets a fresh worker. */
  function retire(slot: Slot, why: string): void {
    if (!slots.delete(slot)) return;
    clearTimeout(slot.timer);
    slot.worker.terminate();
    slot.task?.reject(internalError(why));
    slot.task = null;
    const next = queue.shift();
    if (next) start(next);
  }

  function run<T>(job: Job): Promise<T> {
    if (closed) return Promise.reject(closedError());
    return new Promise<T>((resolve, reject) => {
      const task: Task = { id: nextId++, job, resolve: resolve as (value: unknown) => void, reject };
      const idle = [...slots].find((slot) => slot.ready && slot.task === null);
      if (idle) assign(idle, task);
      else if (slots.size < size) start(task);
      else if (queue.length < maxQueued) queue.push(task);
      else reject(new AppError("RATE_LIMITED", "The renderer is busy; retry in a few seconds", { reason: "render_queue_full", queued: queue.length }));
    });
  }

  async function close(): Promise<void> {
    closed = true;
    for (const task of queue.splice(0)) task.reject(closedError());
    for (const slot of slots) {
      clearTimeout(slot.timer);
      slot.worker.terminate();
      slot.task?.reject(closedError());
    }
    slots.clear();
  }

  return { run, close, size };
}

/** The render pool: workers running render/worker.ts. */
export function createRenderPool(options: PoolOptions = {}): RenderPool {
  return createWorkerPool<RenderJob>(RENDER_WORKER, options);
}
