// `npm run fuzz -- --runs 2000 [--seed N] [--procedure name]…`: the long fuzzing run over every
// procedure on each of its faces (the properties of tests/fuzz/procedures.test.ts, with more runs),
// printing each one's runs and findings. Exits 1 on any finding, with its counterexample.
import { parseArgs } from "node:util";
import { describeFinding, fuzzProcedure, fuzzTargets, startFuzzHarness, type FuzzResult } from "./properties.ts";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "2000" },
    seed: { type: "string", default: String(Date.now() % 2 ** 31) },
    procedure: { type: "string", multiple: true, default: [] },
  },
});
const runs = Number(values.runs);
const seed = Number(values.seed);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(seed)) {
  console.error("usage: bun tests/fuzz/long-run.ts --runs N [--seed N] [--procedure name]…");
  process.exit(2);
}

const harness = await startFuzzHarness();
const targets = fuzzTargets(harness.procedures, values.procedure);
if (targets.length === 0) {
  console.error(`no procedure named ${values.procedure.join(", ")}`);
  process.exit(2);
}
console.log(`fuzzing ${targets.length} procedure faces, ${runs} runs each, seed ${seed}`);
const started = performance.now();
const findings: FuzzResult[] = [];
for (const { entry, face } of targets) {
  const result = await fuzzProcedure(harness, entry, face, { runs, seed, shrinkBudgetMs: 120_000 });
  const verdict = result.finding ? "FINDING" : "ok";
  console.log(`${verdict.padEnd(7)} ${`${entry.path} (${face})`.padEnd(40)} ${result.runs} runs, ${result.skipped} skipped`);
  if (result.finding) {
    findings.push(result);
    console.log(describeFinding(result.finding).replace(/^/gm, "        "));
    console.log(`        replay: --seed ${seed} --procedure ${entry.path} (fast-check seed ${result.seed}, path ${result.path})`);
  }
}
await harness.server.close();
console.log(`\n${targets.length} procedure faces in ${Math.round((performance.now() - started) / 1000)} s: ${findings.length} with findings`);
process.exit(findings.length === 0 ? 0 : 1);
