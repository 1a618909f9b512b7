// freshReads (server/access/fresh-reads.ts), which the credential cache reads the revocation counter
// through: one read at a time, shared by the callers that arrived before it began, and never an
// answer from a read that began before the call. Reads here are promises the test settles by hand.
import { describe, expect, test } from "bun:test";
import { freshReads } from "../../server/access/fresh-reads.ts";

/** A read whose answers the test gives one by one; `started` counts the reads begun. */
function manualRead() {
  const pending: Array<{ resolve(value: number): void; reject(error: Error): void }> = [];
  let started = 0;
  return {
    read: () =>
      new Promise<number>((resolve, reject) => {
        started++;
        pending.push({ resolve, reject });
      }),
    get started() {
      return started;
    },
    answer(value: number) {
      pending.shift()?.resolve(value);
    },
    fail(error: Error) {
      pending.shift()?.reject(error);
    },
  };
}

/** Lets every settled promise's callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("freshReads", () => {
  test("a call with no read on its way starts one and gets its answer", async () => {
    const source = manualRead();
    const fresh = freshReads(source.read);
    const answer = fresh();
    expect(source.started).toBe(1);
    source.answer(7);
    expect(await answer).toBe(7);
  });

  test("calls arriving while a read is on its way wait for the next one, and share it", async () => {
    const source = manualRead();
    const fresh = freshReads(source.read);
    const first = fresh();
    const later = [fresh(), fresh(), fresh()];
    expect(source.started).toBe(1);
    source.answer(1);
    expect(await first).toBe(1);
    await settle();
    expect(source.started).toBe(2);
    source.answer(2);
    expect(await Promise.all(later)).toEqual([2, 2, 2]);
  });

  test("a call arriving after the shared read began gets a read of its own, never the older one", async () => {
    const source = manualRead();
    const fresh = freshReads(source.read);
    const first = fresh();
    const second = fresh();
    source.answer(1);
    await first;
    await settle();
    const third = fresh();
    source.answer(2);
    expect(await second).toBe(2);
    await settle();
    expect(source.started).toBe(3);
    source.answer(3);
    expect(await third).toBe(3);
  });

  test("a failed read fails its callers; the ones queued behind it, and the next call, read again", async () => {
    const source = manualRead();
    const fresh = freshReads(source.read);
    const failing = fresh();
    const queued = fresh();
    source.fail(new Error("database unreachable"));
    await expect(failing).rejects.toThrow("database unreachable");
    await settle();
    source.answer(4);
    expect(await queued).toBe(4);
    const next = fresh();
    source.answer(5);
    expect(await next).toBe(5);
    expect(source.started).toBe(3);
  });
});
