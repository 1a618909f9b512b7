// Run by render-pool.test.ts ("under Deno") under the real Deno runtime: the same pool over Deno's Web
// Workers. Prints one JSON line: digests of exports made by the render worker, the refused export's
// error, and the mechanics (parallel jobs, a free event loop, moved bytes, crash recovery). Stuck
// and self-exiting workers are not probed: Deno neither stops an endless loop on terminate() nor
// reports a worker's own exit (see server/documents/render-pool.ts).
import { createHash } from "node:crypto";
import type { ExportedFile } from "../../render/export.ts";
import { AppError } from "../../server/domain/errors.ts";
import { createRenderPool, createWorkerPool } from "../../server/documents/render-pool.ts";
import { exportPayload, POOL_DRAFT } from "./render-pool-fixtures.ts";
import type { TestJob } from "./render-pool-worker.ts";

const sha256 = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex");
const failure = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof AppError ? { code: error.code, status: error.status, details: error.details ?? null } : String(error)),
  );

const render = createRenderPool({ size: 2 });
const [csv, pdf] = await Promise.all([render.run<ExportedFile>({ kind: "export", payload: exportPayload("csv") }), render.run<ExportedFile>({ kind: "export", payload: exportPayload("pdf") })]);
const refused = await failure(render.run({ kind: "export", payload: exportPayload("ubl", POOL_DRAFT) }));
await render.close();

const pool = createWorkerPool<TestJob>(new URL("./render-pool-worker.ts", import.meta.url), { size: 2 });
const flags = new SharedArrayBuffer(8);
const parallel = await Promise.all([pool.run({ kind: "rendezvous", flags, mine: 0, theirs: 1, waitMs: 10_000 }), pool.run({ kind: "rendezvous", flags, mine: 1, theirs: 0, waitMs: 10_000 })]);

const hold = new Int32Array(new SharedArrayBuffer(8));
let settled = false;
const held = pool.run({ kind: "hold", flags: hold.buffer as SharedArrayBuffer, waitMs: 10_000 }).finally(() => (settled = true));
while (Atomics.load(hold, 0) === 0) await new Promise((resolve) => setTimeout(resolve, 0));
for (let ticks = 0; ticks < 3; ticks++) await new Promise((resolve) => setTimeout(resolve, 0));
const loopFreeWhileBlocked = !settled;
Atomics.store(hold, 1, 1);
Atomics.notify(hold, 1);
const released = await held;

const bytes = await pool.run<{ bytes: Uint8Array }>({ kind: "bytes", length: 1000 });
const detached = await pool.run<boolean>({ kind: "last-bytes-detached" });
const crash = await failure(pool.run({ kind: "crash" }));
const afterCrash = await pool.run<string>({ kind: "echo", value: "still serving" });
await pool.close();

console.log(
  JSON.stringify({
    csv: { sha256: sha256(csv.bytes), contentType: csv.contentType },
    pdf: { sha256: sha256(pdf.bytes), contentType: pdf.contentType },
    refused,
    parallel,
    loopFreeWhileBlocked,
    released,
    bytes: { length: bytes.bytes.length, detached },
    crash,
    afterCrash,
  }),
);
