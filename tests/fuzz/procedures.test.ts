// The bounded fuzzing run (issue 12, "Hostile input"): every procedure of the router, on each face it
// has, takes inputs generated from its own schema plus hostile mutations, with a fixed seed and a
// few runs each. No answer may be a 5xx; every refusal carries a code of the error table, at the
// status that code maps to, in the face's error shape; a refused call leaves the database as it was;
// nothing reaches Object.prototype. `npm run fuzz` runs the same properties for longer.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createApp } from "../../server/http/app.ts";
import { listProcedures } from "../../server/http/procedures.ts";
import { canaryRouter } from "./canaries.ts";
import { facesOf } from "./faces.ts";
import { describeFinding, fuzzedProcedures, fuzzProcedure, startFuzzHarness, type FuzzHarness } from "./properties.ts";

/** Runs per procedure and face: ~270 pairs in about a minute on two shared cores. */
const RUNS = 4;
const SEED = 20_261_121;
const SHRINK_BUDGET_MS = 10_000;

let harness: FuzzHarness;

beforeAll(async () => {
  harness = await startFuzzHarness();
}, 60_000);
afterAll(() => harness.server.close());

describe("the properties catch the faults they look for", () => {
  let canaries: FuzzHarness;
  let stop: () => Promise<void>;

  beforeAll(() => {
    const app = createApp(harness.server.services, canaryRouter);
    app.elysia.listen({ port: 0, hostname: "127.0.0.1" });
    canaries = { ...harness, target: { ...harness.target, baseUrl: `http://127.0.0.1:${app.elysia.server?.port}` }, procedures: listProcedures(canaryRouter) };
    stop = async () => {
      await app.elysia.stop(true);
    };
  });
  afterAll(() => stop());

  const planted = [
    ["canary.halfWrite", /refused \(422 VALIDATION_ERROR\) yet changed feedback/],
    ["canary.unguardedJson", /answered 500 INTERNAL_ERROR/],
    ["canary.prototypeMerge", /Object\.prototype was polluted/],
  ] as const;

  for (const [path, expected] of planted) {
    test(`${path} is caught on every face`, async () => {
      const entry = canaries.procedures.find((procedure) => procedure.path === path);
      if (!entry) throw new Error(`no canary ${path}`);
      // The planted merge may overwrite any of Object.prototype's own properties (toString, say), not
      // only add the marker: all of them are put back after each face, or later suites would break.
      const pristine = Object.getOwnPropertyNames(Object.prototype).map((name) => [name, Object.getOwnPropertyDescriptor(Object.prototype, name) as PropertyDescriptor] as const);
      const restorePrototype = (): void => {
        for (const name of Object.getOwnPropertyNames(Object.prototype)) {
          if (!pristine.some(([kept]) => kept === name)) delete (Object.prototype as Record<string, unknown>)[name];
        }
        for (const [name, descriptor] of pristine) Object.defineProperty(Object.prototype, name, descriptor);
      };
      try {
        for (const face of facesOf(entry)) {
          const result = await fuzzProcedure(canaries, entry, face, { runs: 200, seed: SEED, shrinkBudgetMs: SHRINK_BUDGET_MS });
          restorePrototype();
          expect(result.finding?.problems.join("; ") ?? `${face}: no finding`).toMatch(expected);
        }
      } finally {
        restorePrototype();
      }
      expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(pristine.map(([name]) => name));
      expect(Object.prototype.toString.call([])).toBe("[object Array]");
    });
  }
});

describe("every procedure on each of its faces: no 5xx, refusals by the error table in the face's shape, nothing left by a refusal", () => {
  for (const entry of fuzzedProcedures()) {
    test(entry.path, async () => {
      const findings: string[] = [];
      for (const face of facesOf(entry)) {
        const result = await fuzzProcedure(harness, entry, face, { runs: RUNS, seed: SEED, shrinkBudgetMs: SHRINK_BUDGET_MS });
        if (result.finding) findings.push(`${describeFinding(result.finding)}\n  replay: bun tests/fuzz/long-run.ts --runs ${RUNS} --seed ${SEED} --procedure ${entry.path}`);
      }
      expect(findings).toEqual([]);
    });
  }
});
