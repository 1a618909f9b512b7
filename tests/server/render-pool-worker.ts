// A worker entry for the pool's mechanics tests: the same protocol as render/worker.ts with jobs
// that echo, fail in each way a render can, crash, hang, and meet each other through shared memory
// (so parallelism is proven by jobs that can only finish together, not by timing).
import { AppError, type ErrorCode, type ErrorDetails } from "../../server/domain/errors.ts";
import { serveJobs } from "../../render/worker-protocol.ts";

export type TestJob =
  | { kind: "echo"; value: unknown }
  | { kind: "worker-id" }
  | { kind: "bytes"; length: number }
  | { kind: "last-bytes-detached" }
  | { kind: "app-error"; code: ErrorCode; message: string; details: ErrorDetails; cause?: string }
  | { kind: "throw"; message: string }
  | { kind: "unclonable" }
  | { kind: "crash" }
  | { kind: "exit" }
  | { kind: "spin-forever" }
  /** Raises flag `mine`, then waits up to waitMs for flag `theirs`: "met" only if both ran at once. */
  | { kind: "rendezvous"; flags: SharedArrayBuffer; mine: number; theirs: number; waitMs: number }
  /** Raises flag 0 (started), then blocks its thread until flag 1 is raised by the main thread. */
  | { kind: "hold"; flags: SharedArrayBuffer; waitMs: number };

const WORKER_ID = crypto.randomUUID();
let lastBytes: Uint8Array | null = null;

function raise(flags: Int32Array, index: number): void {
  Atomics.store(flags, index, 1);
  Atomics.notify(flags, index);
}

async function run(job: TestJob): Promise<unknown> {
  switch (job.kind) {
    case "echo":
      return job.value;
    case "worker-id":
      return WORKER_ID;
    case "bytes":
      lastBytes = new Uint8Array(job.length).fill(7);
      return { bytes: lastBytes, note: "filled with 7" };
    case "last-bytes-detached":
      return lastBytes?.buffer.byteLength === 0;
    case "app-error": {
      const error = new AppError(job.code, job.message, job.details);
      if (job.cause !== undefined) error.cause = new Error(job.cause);
      throw error;
    }
    case "throw":
      throw new Error(job.message);
    case "unclonable":
      return { callback: () => 1 };
    case "crash":
      setTimeout(() => {
        throw new Error("the worker crashed on purpose");
      });
      return new Promise(() => {});
    case "exit":
      (globalThis as unknown as { close(): void }).close();
      return new Promise(() => {});
    case "spin-forever":
      for (;;);
    case "rendezvous": {
      const flags = new Int32Array(job.flags);
      raise(flags, job.mine);
      return Atomics.wait(flags, job.theirs, 0, job.waitMs) === "timed-out" ? "timed-out" : "met";
    }
    case "hold": {
      const flags = new Int32Array(job.flags);
      raise(flags, 0);
      return Atomics.wait(flags, 1, 0, job.waitMs) === "timed-out" ? "timed-out" : "released";
    }
  }
}

serveJobs(run);
