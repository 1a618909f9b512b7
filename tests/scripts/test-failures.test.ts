// The test command repeats every failure at the end of its output (scripts/test-failures.ts): read
// from what the real `bun test` prints for a failed assertion, an error a test's leftover timer
// throws into the next file's test, and a broken afterAll, among passing tests.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { failureBlocks } from "../../scripts/test-failures.ts";

let dir: string;
let output: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "test-failures-"));
  await writeFile(join(dir, "a.test.ts"), [
    'import { expect, test } from "bun:test";',
    'test("passes", () => expect(1).toBe(1));',
    'test("compares wrongly", () => expect({ total: 1190 }).toEqual({ total: 1191 }));',
    'test("leaves a timer behind", () => { setTimeout(() => { throw new Error("thrown by a leftover timer"); }, 0); });',
  ].join("\n"));
  await writeFile(join(dir, "b.test.ts"), [
    'import { afterAll, test } from "bun:test";',
    'test("meets the leftover", async () => { await new Promise((resolve) => setTimeout(resolve, 20)); });',
    'test("passes too", () => {});',
    'afterAll(() => { throw new Error("afterAll broke"); });',
  ].join("\n"));
  const run = spawnSync(process.execPath, ["test"], { cwd: dir, encoding: "utf8" });
  output = `${run.stdout}${run.stderr}`;
});
afterAll(() => rm(dir, { recursive: true, force: true }));

test("each failure's block names its file, holds its details and ends with its (fail) line; passing tests are left out", () => {
  const blocks = failureBlocks(output);
  expect(blocks).toHaveLength(3);
  const [assertion, leftover, broken] = blocks as [string, string, string];
  expect(assertion.split("\n")[0]).toBe("a.test.ts:");
  expect(assertion).toContain('"total": 1191');
  expect(assertion.split("\n").at(-1)).toStartWith("(fail) compares wrongly");
  expect(leftover.split("\n")[0]).toBe("b.test.ts:");
  expect(leftover).toContain("thrown by a leftover timer");
  expect(leftover.split("\n").at(-1)).toStartWith("(fail) meets the leftover");
  expect(broken).toContain("afterAll broke");
  for (const block of blocks) expect(block).not.toContain("(pass)");
});

test("a long block keeps its last lines and says how many it left out", () => {
  const details = Array.from({ length: 200 }, (_, index) => `line ${index}`);
  const [block] = failureBlocks(["x.test.ts:", ...details, "(fail) long [1.00ms]"].join("\n"));
  expect(block?.split("\n").slice(0, 3)).toEqual(["x.test.ts:", "… 121 lines above left out", "line 121"]);
  expect(block?.split("\n").at(-1)).toBe("(fail) long [1.00ms]");
});

test("an error between tests is kept up to the next result", () => {
  const blocks = failureBlocks(["x.test.ts:", "(pass) one", "# Unhandled error between tests", "-----", "error: gone", "-----", "(pass) two"].join("\n"));
  expect(blocks).toEqual(["x.test.ts:\n# Unhandled error between tests\n-----\nerror: gone\n-----"]);
});

test("Bun's closing list of failed names is not read as more failures", () => {
  const output = ["x.test.ts:", "error: broke", "(fail) one [1.00ms]", "", "y.test.ts:", "(pass) two", "", "1 tests failed:", "(fail) one [1.00ms]", "", " 1 pass", " 1 fail"].join("\n");
  expect(failureBlocks(output)).toEqual(["x.test.ts:\nerror: broke\n(fail) one [1.00ms]"]);
});
