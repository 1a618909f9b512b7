// The work board (server/platform/work-board.ts): two boards over one blob folder stand for two processes of
// a deployment. Work is cancelled and read from either; only published work is seen from elsewhere;
// a cancel note is honoured by the run it names and no other; storage failing costs only the board.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLocalBlobStore, type BlobStore } from "../../server/platform/blob-store.ts";
import { createWorkBoard, type WorkBoard } from "../../server/platform/work-board.ts";

let folder: string;
let blobs: BlobStore;
let here: WorkBoard;
let there: WorkBoard;
const errors: unknown[] = [];

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "work-board-"));
  blobs = createLocalBlobStore(folder);
  here = createWorkBoard(blobs, (error) => errors.push(error));
  there = createWorkBoard(createLocalBlobStore(folder), (error) => errors.push(error));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

function work(owner = "acc_1", state: unknown = { done: 0 }) {
  const controller = new AbortController();
  let current = state;
  return { controller, entry: { owner, controller, state: () => current }, set: (next: unknown) => (current = next) };
}

const aborted = (controller: AbortController): Promise<void> => new Promise((resolve) => controller.signal.addEventListener("abort", () => resolve(), { once: true }));

describe("work in this process", () => {
  test("is read and cancelled here at once, by its owner only, and never touches storage unpublished", async () => {
    const { controller, entry } = work("acc_1", { step: "reading" });
    const tracked = here.track("import:a", entry);
    expect(await here.read("import:a")).toEqual({ owner: "acc_1", state: { step: "reading" } });
    expect(await there.read("import:a")).toBeNull();
    expect(await here.cancel("import:a", "acc_2")).toBe(false);
    expect(controller.signal.aborted).toBe(false);
    expect(await here.cancel("import:a", "acc_1")).toBe(true);
    expect(controller.signal.aborted).toBe(true);
    await tracked.end();
    expect(await here.read("import:a")).toBeNull();
    expect(await readdir(folder)).toEqual([]);
  });
});

describe("published work, seen from another process", () => {
  test("its state is read there, and follows the work as it goes on", async () => {
    const { entry, set } = work("acc_1", { done: 0, total: 3 });
    const tracked = here.track("import:b", entry);
    await tracked.publish();
    expect(await there.read("import:b")).toEqual({ owner: "acc_1", state: { done: 0, total: 3 } });
    set({ done: 2, total: 3 });
    await tracked.check();
    expect(await there.read("import:b")).toEqual({ owner: "acc_1", state: { done: 2, total: 3 } });
    await tracked.end();
    expect(await there.read("import:b")).toBeNull();
    expect(await there.cancel("import:b", "acc_1")).toBe(false);
  });

  test("a cancel there by the owner stops it here; by anyone else it stops nothing", async () => {
    const { controller, entry } = work("acc_1");
    const tracked = here.track("import:c", entry);
    await tracked.publish();
    expect(await there.cancel("import:c", "acc_2")).toBe(false);
    await tracked.check();
    expect(controller.signal.aborted).toBe(false);
    const stopped = aborted(controller);
    expect(await there.cancel("import:c", "acc_1")).toBe(true);
    // Found by the work's own look, every POLL_MS, without being asked.
    await stopped;
    await tracked.end();
    expect(await readdir(join(folder, "running"))).toEqual([]);
  });

  test("a note left for an earlier run of the same name does not stop a later one", async () => {
    const first = work();
    const earlier = here.track("mcp:caller|1", first.entry);
    await earlier.publish();
    // A cancel races the end of the first run: its note lands after the run cleared its marker.
    const marker = (await readdir(join(folder, "running")))[0] as string;
    const note = await blobs.get(`running/${marker}`);
    await earlier.end();
    await blobs.put(`running/${marker}.cancel`, new TextEncoder().encode(JSON.stringify({ run: JSON.parse(new TextDecoder().decode(note!)).run })));
    const later = work();
    const tracked = here.track("mcp:caller|1", later.entry);
    await tracked.publish();
    await tracked.check();
    expect(later.controller.signal.aborted).toBe(false);
    await tracked.end();
  });

  test("work published only after a delay is not seen before it; ended first, it never is", async () => {
    const { entry } = work();
    const tracked = here.track("mcp:caller|2", entry);
    void tracked.publish(60_000);
    expect(await there.read("mcp:caller|2")).toBeNull();
    await tracked.end();
    expect(await readdir(folder).then((names) => names.filter((name) => name !== "running"))).toEqual([]);
  });
});

describe("a stop drains the board", () => {
  const stopped = new Error("the service stopped");

  test("work that ends within the grace period ends as it would have; the drain waits for it", async () => {
    const { controller, entry } = work();
    const tracked = here.track("import:e", entry);
    await tracked.publish();
    let drained = false;
    const drain = here.drain(60_000, stopped).then(() => (drained = true));
    await tracked.check();
    expect(drained).toBe(false);
    await tracked.end();
    await drain;
    expect(controller.signal.aborted).toBe(false);
    expect(await there.read("import:e")).toBeNull();
  });

  test("work still running when the grace period is over is aborted with the reason; its marker is gone when the drain ends", async () => {
    const { controller, entry } = work();
    const tracked = here.track("import:f", entry);
    await tracked.publish();
    const quiet = work();
    const unpublished = here.track("mcp:caller|3", quiet.entry);
    // The work's own ending, as an import or a tool call does once its signal aborts.
    for (const [signal, end] of [
      [controller.signal, tracked],
      [quiet.controller.signal, unpublished],
    ] as const) {
      signal.addEventListener("abort", () => void end.end(), { once: true });
    }
    await here.drain(20, stopped);
    expect(controller.signal.reason).toBe(stopped);
    expect(quiet.controller.signal.reason).toBe(stopped);
    expect(await there.read("import:f")).toBeNull();
    expect(await readdir(join(folder, "running"))).toEqual([]);
  });

  test("with nothing under way it ends at once", async () => {
    await here.drain(60_000, stopped);
  });
});

describe("storage failing under the board", () => {
  test("the work goes on, the failure is reported, and a cancel from elsewhere cannot be delivered", async () => {
    const failing: BlobStore = {
      put: () => Promise.reject(new Error("storage is down")),
      get: () => Promise.reject(new Error("storage is down")),
      delete: () => Promise.reject(new Error("storage is down")),
    };
    const reported: unknown[] = [];
    const board = createWorkBoard(failing, (error) => reported.push(error));
    const { controller, entry } = work();
    const tracked = board.track("import:d", entry);
    await tracked.publish();
    expect(reported.map(String)).toEqual(["Error: storage is down"]);
    expect(controller.signal.aborted).toBe(false);
    expect(await board.cancel("import:d", "acc_1")).toBe(true);
    await expect(createWorkBoard(failing, () => undefined).cancel("import:d", "acc_1")).rejects.toThrow("storage is down");
    await tracked.end();
  });
});

test("nothing failed on the shared folder", () => {
  expect(errors).toEqual([]);
});
