// A seeded pseudo-random sequence (a linear congruential generator): the same seed gives the same
// data on every machine, so seeded benchmarks compare like with like.
export function pseudoRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}
