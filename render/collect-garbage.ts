// A thin runtime adapter: Bun's full garbage collection, where the runtime has one. A worker that
// just rendered a 1,000-line SVG holds a few hundred MB of garbage that Bun collects only on its own
// schedule (measured: a render worker's process at 650–740 MB RSS through thirty such renders,
// 320–440 MB collecting after each). Deno exposes no collection to a worker, and frees on its own.
type WithGc = { Bun?: { gc(force: boolean): void } };

export function collectGarbage(): void {
  (globalThis as WithGc).Bun?.gc(true);
}
