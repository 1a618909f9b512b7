// The renderer exports hand their caller's signal to the render pool (server/documents/renderer.ts):
// a caller gone before its render starts never starts it, one gone during it stops it with its
// worker, and the next render runs at once on a fresh worker.
import { afterAll, expect, test } from "bun:test";
import { AppError } from "../../server/domain/errors.ts";
import { createRenderer } from "../../server/documents/renderer.ts";
import { exportPayload, POOL_DRAFT } from "./render-pool-fixtures.ts";

const renderer = createRenderer({ poolSize: 1 });
afterAll(() => renderer.close());

/** A draft long enough that painting it takes a while: 1,000 lines. */
const LONG = { ...POOL_DRAFT, items: Array.from({ length: 1_000 }, (_, index) => ({ ...POOL_DRAFT.items[0]!, id: `itm_${index}`, description: `Line ${index} of a long invoice` })) };

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const outcome = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(AppError);
  return outcome as AppError;
}

test("a render whose caller went away before it started never starts", async () => {
  const gone = new AbortController();
  gone.abort();
  expect((await refusal(renderer.render(exportPayload("svg", LONG), "acc_a", gone.signal))).code).toBe("CANCELLED");
});

test("a render whose caller goes away while it paints stops, and the next one runs at once", async () => {
  const caller = new AbortController();
  const painting = renderer.render(exportPayload("png", LONG), "acc_a", caller.signal);
  // The next caller's render waits behind it in the one worker's queue.
  const next = renderer.render(exportPayload("svg"), "acc_b");
  caller.abort();
  expect((await refusal(painting)).code).toBe("CANCELLED");
  expect((await next).contentType).toStartWith("image/svg+xml");
}, 30_000);

test("the cheap text formats run inline and ignore the signal", async () => {
  const gone = new AbortController();
  gone.abort();
  expect((await renderer.render(exportPayload("json"), "acc_a", gone.signal)).contentType).toContain("json");
});
