// Long imports share the one JavaScript thread with every other request, and the embedded database
// answers synchronously, so a loop of awaited statements never lets anything else run: a 2,000-
// invoice commit held every read for seconds (docs/benchmarks.md, bench:import). A breather hands
// the thread back between pieces of work once a few milliseconds have passed; reads run on their
// own connection meanwhile, writes still wait for the import's lock.

/** A pause to await between pieces: it yields to the event loop once `everyMs` have passed since the last yield. */
export function breather(everyMs = 5): () => Promise<void> {
  let last = performance.now();
  return async () => {
    if (performance.now() - last < everyMs) return;
    await new Promise((resolve) => setTimeout(resolve, 0));
    last = performance.now();
  };
}
