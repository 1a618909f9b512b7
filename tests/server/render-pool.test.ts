// The render worker pool: results and errors cross the thread boundary intact (bytes moved, not
// copied; an AppError keeps its code, message and details; anything else is a bare 500), jobs run
// in parallel (proven by jobs that can only finish together), the event loop keeps answering while
// a worker is busy, crashed, exited and stuck workers are replaced, a caller giving up frees its
// queue place or its worker, the queue is bounded and FIFO,
// and close() ends everything. Mechanics run on tests/server/render-pool-worker.ts; the real
// render worker exports invoices with the same bytes as an inline export.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { exportInvoice, type ExportedFile } from "../../render/export.ts";
import { type ExportFormat } from "../../server/domain/formats.ts";
import { AppError } from "../../server/domain/errors.ts";
import { createRenderPool, createWorkerPool, defaultPoolSize, type PoolOptions, type RenderPool, type WorkerPool } from "../../server/documents/render-pool.ts";
import { exportPayload, POOL_DRAFT } from "./render-pool-fixtures.ts";
import { finalized } from "../render/einvoice/fixtures.ts";
import { MAX_PNG_PAGES } from "../../render/visual.ts";
import type { TestJob } from "./render-pool-worker.ts";

const TEST_WORKER = new URL("./render-pool-worker.ts", import.meta.url);
const open: WorkerPool<unknown>[] = [];

function testPool(options: PoolOptions): WorkerPool<TestJob> {
  const pool = createWorkerPool<TestJob>(TEST_WORKER, options);
  open.push(pool);
  return pool;
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((pool) => pool.close()));
});

/** The error a promise rejects with, as an AppError. */
async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

/** Resolves on a later turn of the event loop: only a free main thread gets there. */
const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

async function untilRaised(flags: Int32Array, index: number): Promise<number> {
  let ticks = 0;
  while (Atomics.load(flags, index) === 0) {
    await tick();
    ticks++;
  }
  return ticks;
}

function raise(flags: Int32Array, index: number): void {
  Atomics.store(flags, index, 1);
  Atomics.notify(flags, index);
}

describe("results and errors", () => {
  test("structured values come back as sent", async () => {
    const pool = testPool({ size: 1 });
    const value = { text: "Zoë", list: [1, 2.5, null], nested: { when: new Date("2026-11-01T00:00:00Z"), map: new Map([["a", 1]]) } };
    expect(await pool.run<typeof value>({ kind: "echo", value })).toEqual(value);
  });

  test("result bytes are moved out of the worker, not copied", async () => {
    const pool = testPool({ size: 1 });
    const result = await pool.run<{ bytes: Uint8Array; note: string }>({ kind: "bytes", length: 100_000 });
    expect(result.bytes).toEqual(new Uint8Array(100_000).fill(7));
    expect(result.note).toBe("filled with 7");
    expect(await pool.run<boolean>({ kind: "last-bytes-detached" })).toBe(true);
  });

  test("an AppError keeps its code, message and details: a 422 naming BT-48 stays that 422", async () => {
    const pool = testPool({ size: 1 });
    const details = { business_term: "BT-48", field: "bill_to_tax_id", issue: "missing" };
    const error = await rejection(pool.run({ kind: "app-error", code: "VALIDATION_ERROR", message: "BT-48 Buyer VAT identifier is required", details }));
    expect([error.code, error.status, error.message, error.details]).toEqual(["VALIDATION_ERROR", 422, "BT-48 Buyer VAT identifier is required", details]);
  });

  test("an AppError's cause crosses as its stack, for the log (an import reader's unexpected failure made a 422)", async () => {
    const pool = testPool({ size: 1 });
    const error = await rejection(pool.run({ kind: "app-error", code: "VALIDATION_ERROR", message: "could not read the document", details: { issue: "unreadable document" }, cause: "stack overflow in the parser" }));
    expect([error.code, error.message]).toEqual(["VALIDATION_ERROR", "could not read the document"]);
    expect(String((error.cause as Error).message)).toContain("stack overflow in the parser");
    expect(String((error.cause as Error).message)).toContain("render-pool-worker.ts");
  });

  test("any other error is a bare INTERNAL_ERROR; its message and stack stay in the cause for the log", async () => {
    const pool = testPool({ size: 1 });
    const error = await rejection(pool.run({ kind: "throw", message: "database password is hunter2" }));
    expect(error.toBody()).toEqual({ error: "Internal server error", code: "INTERNAL_ERROR" });
    expect(String((error.cause as Error).message)).toContain("hunter2");
    expect(String((error.cause as Error).message)).toContain("render-pool-worker.ts");
  });

  test("a result that cannot be cloned is an INTERNAL_ERROR, and the worker carries on", async () => {
    const pool = testPool({ size: 1 });
    const before = await pool.run<string>({ kind: "worker-id" });
    expect((await rejection(pool.run({ kind: "unclonable" }))).code).toBe("INTERNAL_ERROR");
    expect(await pool.run<string>({ kind: "worker-id" })).toBe(before);
  });
});

describe("scheduling", () => {
  test("two workers run two jobs at once: each waits for the other and both meet", async () => {
    const pool = testPool({ size: 2 });
    const flags = new SharedArrayBuffer(8);
    const results = await Promise.all([
      pool.run({ kind: "rendezvous", flags, mine: 0, theirs: 1, waitMs: 10_000 }),
      pool.run({ kind: "rendezvous", flags, mine: 1, theirs: 0, waitMs: 10_000 }),
    ]);
    expect(results).toEqual(["met", "met"]);
  });

  test("one worker runs them one after the other: the first waits in vain", async () => {
    const pool = testPool({ size: 1 });
    const flags = new SharedArrayBuffer(8);
    const results = await Promise.all([
      pool.run({ kind: "rendezvous", flags, mine: 0, theirs: 1, waitMs: 50 }),
      pool.run({ kind: "rendezvous", flags, mine: 1, theirs: 0, waitMs: 50 }),
    ]);
    expect(results).toEqual(["timed-out", "met"]);
  });

  test("the event loop keeps answering while a worker's thread is blocked in a job", async () => {
    const pool = testPool({ size: 1 });
    const flags = new Int32Array(new SharedArrayBuffer(8));
    let settled = false;
    const job = pool.run({ kind: "hold", flags: flags.buffer as SharedArrayBuffer, waitMs: 10_000 }).finally(() => (settled = true));
    await untilRaised(flags, 0);
    for (let ticks = 0; ticks < 3; ticks++) await tick();
    // Three timer turns ran while the job sat blocked mid-run; only the main thread can release it.
    expect(settled).toBe(false);
    raise(flags, 1);
    expect(await job).toBe("released");
  });

  test("workers start lazily and are reused; waiting jobs run first in, first out", async () => {
    const pool = testPool({ size: 3 });
    const ids = new Set<string>();
    for (let round = 0; round < 3; round++) ids.add(await pool.run<string>({ kind: "worker-id" }));
    expect(ids.size).toBe(1);

    const single = testPool({ size: 1 });
    const finished: number[] = [];
    await Promise.all([1, 2, 3, 4, 5].map((value) => single.run<number>({ kind: "echo", value }).then((echoed) => finished.push(echoed))));
    expect(finished).toEqual([1, 2, 3, 4, 5]);
  });

  test("a full queue refuses at once with RATE_LIMITED; the queued jobs still run", async () => {
    const pool = testPool({ size: 1, maxQueued: 2 });
    const flags = new Int32Array(new SharedArrayBuffer(8));
    const held = pool.run({ kind: "hold", flags: flags.buffer as SharedArrayBuffer, waitMs: 10_000 });
    const queued = [pool.run({ kind: "echo", value: "a" }), pool.run({ kind: "echo", value: "b" })];
    const refused = await rejection(pool.run({ kind: "echo", value: "c" }));
    expect([refused.code, refused.status, refused.details]).toEqual(["RATE_LIMITED", 429, { reason: "render_queue_full", queued: 2, retry_after: 2 }]);
    await untilRaised(flags, 0);
    raise(flags, 1);
    expect(await Promise.all([held, ...queued])).toEqual(["released", "a", "b"]);
  });

  test("waiting jobs are served owner by owner in turn: one account's backlog does not hold up another's", async () => {
    const pool = testPool({ size: 1 });
    const flags = new Int32Array(new SharedArrayBuffer(8));
    const held = pool.run({ kind: "hold", flags: flags.buffer as SharedArrayBuffer, waitMs: 10_000 }, "acc_busy");
    const finished: string[] = [];
    const echo = (value: string, owner: string) => pool.run<string>({ kind: "echo", value }, owner).then((echoed) => void finished.push(echoed));
    const all = [...["busy-1", "busy-2", "busy-3", "busy-4"].map((value) => echo(value, "acc_busy")), echo("quiet-1", "acc_quiet"), echo("other-1", "acc_other"), echo("quiet-2", "acc_quiet")];
    await untilRaised(flags, 0);
    raise(flags, 1);
    await Promise.all([held, ...all]);
    expect(finished).toEqual(["busy-1", "quiet-1", "other-1", "busy-2", "quiet-2", "busy-3", "busy-4"]);
  });

  test("one owner's share of the queue is bounded: past it that owner is refused (429, Retry-After), others still queue", async () => {
    const pool = testPool({ size: 1, maxQueuedPerOwner: 2 });
    const flags = new Int32Array(new SharedArrayBuffer(8));
    const held = pool.run({ kind: "hold", flags: flags.buffer as SharedArrayBuffer, waitMs: 10_000 }, "acc_busy");
    const queued = [pool.run({ kind: "echo", value: "a" }, "acc_busy"), pool.run({ kind: "echo", value: "b" }, "acc_busy")];
    const refused = await rejection(pool.run({ kind: "echo", value: "c" }, "acc_busy"));
    expect([refused.code, refused.status, refused.details, refused.headers]).toEqual(["RATE_LIMITED", 429, { reason: "account_render_queue_full", queued: 2, retry_after: 2 }, { "Retry-After": "2" }]);
    const other = pool.run({ kind: "echo", value: "d" }, "acc_other");
    await untilRaised(flags, 0);
    raise(flags, 1);
    expect(await Promise.all([held, ...queued, other])).toEqual(["released", "a", "b", "d"]);
  });

  test("the default size leaves a core to the event loop, between 1 and 4, shared among the service's processes; no worker starts until a job", async () => {
    const expected = Math.max(1, Math.min(4, navigator.hardwareConcurrency - 1));
    expect(defaultPoolSize()).toBe(expected);
    // Shared among the processes of a machine: on 8 cores, 7 left to share, 4 a pool at most, never none.
    expect([1, 2, 3, 4, 8, 16].map((processes) => defaultPoolSize(processes, 8))).toEqual([4, 3, 2, 1, 1, 1]);
    expect([1, 2].map((processes) => defaultPoolSize(processes, 2))).toEqual([1, 1]);
    const pool = createRenderPool();
    expect(pool.size).toBe(expected);
    await pool.close();
    expect(() => createWorkerPool(TEST_WORKER, { size: 0 })).toThrow(RangeError);
  });
});

describe("failures and close()", () => {
  test("a crashed worker's job fails with INTERNAL_ERROR and a new worker takes the queued job", async () => {
    const pool = testPool({ size: 1 });
    const first = await pool.run<string>({ kind: "worker-id" });
    const crashed = rejection(pool.run({ kind: "crash" }));
    const queued = pool.run<string>({ kind: "worker-id" });
    const error = await crashed;
    expect(error.code).toBe("INTERNAL_ERROR");
    expect(String((error.cause as Error).message)).toContain("crashed on purpose");
    const replacement = await queued;
    expect(replacement).not.toBe(first);
    expect(await pool.run<string>({ kind: "echo", value: "still serving" })).toBe("still serving");
  });

  test("a worker that exits by itself is replaced", async () => {
    const pool = testPool({ size: 1 });
    expect((await rejection(pool.run({ kind: "exit" }))).code).toBe("INTERNAL_ERROR");
    expect(await pool.run<number>({ kind: "echo", value: 1 })).toBe(1);
  });

  test("a job stuck past the timeout fails and its worker is replaced", async () => {
    const pool = testPool({ size: 1, jobTimeoutMs: 200 });
    await pool.run({ kind: "echo", value: "warm" });
    const error = await rejection(pool.run({ kind: "spin-forever" }));
    expect(String((error.cause as Error).message)).toContain("longer than 200 ms");
    expect(await pool.run<string>({ kind: "echo", value: "next" })).toBe("next");
  });

  test("a caller that gives up: its waiting job leaves the queue, its running job's worker is stopped and replaced at once", async () => {
    const pool = testPool({ size: 1 });
    await pool.run({ kind: "echo", value: "warm" });
    const spinning = new AbortController();
    const waiting = new AbortController();
    const spin = rejection(pool.run({ kind: "spin-forever" }, "big", spinning.signal));
    const queued = rejection(pool.run({ kind: "echo", value: "never" }, "big", waiting.signal));
    const other = pool.run<string>({ kind: "echo", value: "other" }, "small");
    expect(pool.stats()).toEqual({ workers: 1, running: 1, queued: 2 });
    waiting.abort();
    expect((await queued).code).toBe("CANCELLED");
    expect(pool.stats()).toEqual({ workers: 1, running: 1, queued: 1 });
    // A budget's AppError as the reason is what the caller sees; the stuck worker is gone and the next owner's job runs.
    spinning.abort(new AppError("VALIDATION_ERROR", "over the wall time", { limit: "pdf.wallMs" }));
    expect(await spin).toMatchObject({ code: "VALIDATION_ERROR", details: { limit: "pdf.wallMs" } });
    expect(await other).toBe("other");
    expect(pool.stats()).toEqual({ workers: 1, running: 0, queued: 0 });
    const aborted = new AbortController();
    aborted.abort();
    expect((await rejection(pool.run({ kind: "echo", value: 1 }, "", aborted.signal))).code).toBe("CANCELLED");
  });

  test("close() rejects running and queued jobs, and any later run()", async () => {
    const pool = testPool({ size: 1 });
    const flags = new Int32Array(new SharedArrayBuffer(8));
    const running = rejection(pool.run({ kind: "hold", flags: flags.buffer as SharedArrayBuffer, waitMs: 10_000 }));
    const queued = rejection(pool.run({ kind: "echo", value: 1 }));
    await untilRaised(flags, 0);
    await pool.close();
    raise(flags, 1);
    for (const error of [await running, await queued, await rejection(pool.run({ kind: "echo", value: 2 }))]) {
      expect([error.code, error.message]).toEqual(["INTERNAL_ERROR", "The renderer is shutting down"]);
    }
  });
});

describe("the render worker", () => {
  let pool: RenderPool;
  beforeAll(() => {
    pool = createRenderPool({ size: 2 });
  });
  afterAll(() => pool.close());

  test("exports give the bytes an inline export gives (CSV, UBL, PDF)", async () => {
    for (const format of ["csv", "ubl", "pdf"] as const) {
      const viaPool = await pool.run<ExportedFile>({ kind: "export", payload: exportPayload(format) });
      expect(viaPool).toEqual(await exportInvoice(exportPayload(format)));
    }
  });

  test("a PNG of more than 20 pages is refused (422 naming the format) before any painting; its PDF still renders", async () => {
    const lines = (count: number) => Array.from({ length: count }, (_, index) => ({ description: `Line ${index + 1}`, quantity: 1, rate: 1_000 }));
    const long = finalized({ items: lines(1_000) });
    const error = await rejection(pool.run({ kind: "export", payload: exportPayload("png", long) }));
    expect([error.code, error.status]).toEqual(["VALIDATION_ERROR", 422]);
    expect(error.details).toMatchObject({ field: "format", issue: "too_many_pages", max_pages: MAX_PNG_PAGES });
    expect((error.details?.pages as number) > MAX_PNG_PAGES).toBe(true);
    expect(error.message).toContain("export it as PDF");
    const pdf = await pool.run<ExportedFile>({ kind: "export", payload: exportPayload("pdf", long) });
    expect(pdf.contentType).toBe("application/pdf");
  });

  test("an export the e-invoice rules refuse arrives as the same 422 naming the business term", async () => {
    const error = await rejection(pool.run({ kind: "export", payload: exportPayload("ubl", POOL_DRAFT) }));
    expect([error.code, error.status]).toEqual(["VALIDATION_ERROR", 422]);
    expect(error.details).toMatchObject({ business_term: "BT-1", field: "number" });
  });
});

describe("under Deno", () => {
  test("the same pool runs on Deno's Web Workers: same export bytes, same errors, same mechanics", async () => {
    const root = join(import.meta.dir, "../..");
    const args = ["run", "--allow-read", "--allow-env", "--allow-ffi", "--allow-sys", "tests/server/render-pool-deno-probe.ts"];
    const probe = Bun.spawn([join(root, "node_modules/.bin/deno"), ...args], { cwd: root, env: { ...process.env, NO_COLOR: "1" }, stdout: "pipe", stderr: "pipe" });
    const [stdout, stderr, exitCode] = await Promise.all([new Response(probe.stdout).text(), new Response(probe.stderr).text(), probe.exited]);
    expect(exitCode).toBe(0);
    // Deno prints a worker's uncaught error even when the pool handles it: the probe's crash, and nothing else.
    expect(stderr.split("\n").filter((line) => line.startsWith("error:"))).toEqual(["error: Uncaught (in worker \"\") Error: the worker crashed on purpose"]);
    const inline = async (format: ExportFormat) => {
      const file = await exportInvoice(exportPayload(format));
      return { sha256: createHash("sha256").update(file.bytes).digest("hex"), contentType: file.contentType };
    };
    expect(JSON.parse(stdout)).toEqual({
      csv: await inline("csv"),
      pdf: await inline("pdf"),
      refused: { code: "VALIDATION_ERROR", status: 422, details: expect.objectContaining({ business_term: "BT-1", field: "number" }) },
      parallel: ["met", "met"],
      loopFreeWhileBlocked: true,
      released: "released",
      bytes: { length: 1000, detached: true },
      crash: { code: "INTERNAL_ERROR", status: 500, details: null },
      afterCrash: "still serving",
    });
  });
});
