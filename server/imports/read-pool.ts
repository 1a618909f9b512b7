// The import's reading off the request thread (read-worker.ts): a worker pool like the renderer's
// (server/documents/render-pool.ts: lazy workers, a bounded queue, a job timeout), and the split of
// an import's files among its workers, in order, so a folder of e-invoices is read on every worker
// thread there is while the request thread plans and writes.
import { createWorkerPool, defaultPoolSize, type WorkerPool } from "../documents/render-pool.ts";
import type { ReadOptions, ReadResult } from "./model.ts";
import type { ReadJob } from "./read-worker.ts";

export type ReadPool = WorkerPool<ReadJob>;

const READ_WORKER = new URL("./read-worker.ts", import.meta.url);

export function createReadPool(size = defaultPoolSize()): ReadPool {
  return createWorkerPool<ReadJob>(READ_WORKER, { size });
}

/**
 * Every file's result, in the files' order: the files split into one run of neighbours per worker.
 * The runs wait their `owner`'s turn (the pool is fair per account), and stop with the import's signal.
 */
export async function readInPool(pool: ReadPool, files: ReadonlyArray<ReadJob["files"][number]>, options: ReadOptions, owner: string): Promise<ReadResult[]> {
  // The signal stays here: it cannot cross to a worker, and the pool stops the worker when it aborts.
  const { signal, ...shared } = options;
  const per = Math.ceil(files.length / pool.size);
  const runs = Array.from({ length: Math.ceil(files.length / per) }, (_, index) => files.slice(index * per, (index + 1) * per));
  const results = await Promise.all(runs.map((run) => pool.run<ReadResult[]>({ files: [...run], options: shared }, owner, signal)));
  return results.flat();
}
