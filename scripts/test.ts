// `npm test`: the typecheck (tsc --noEmit, strict), then every test under tests/ with Bun's runner
// (the Deno entry's test included). Ends with one plain "N passed, N failed" line; exits non-zero if
// the typecheck or any test fails, or if no test ran. Every failure's details are printed again just
// before that line, so a log read from its tail shows them.
import { spawn, spawnSync } from "node:child_process";
import { join } from "node:path";
import { failureBlocks } from "./test-failures.ts";

const bin = (name: string): string => join(import.meta.dir, "..", "node_modules", ".bin", name);

console.log("▶ typecheck: tsc --noEmit");
const typecheck = spawnSync(bin("tsc"), ["--noEmit", "-p", "."], { stdio: "inherit" }).status ?? 1;

console.log("\n▶ tests: bun test");
const child = spawn(process.execPath, ["test", "--timeout", "30000", ...process.argv.slice(2)], { stdio: ["ignore", "pipe", "pipe"] });
let output = "";
child.stdout.on("data", (chunk: Buffer) => {
  process.stdout.write(chunk);
  output += chunk.toString();
});
child.stderr.on("data", (chunk: Buffer) => {
  process.stderr.write(chunk);
  output += chunk.toString();
});
const tests = await new Promise<number>((resolve) => child.on("close", (code) => resolve(code ?? 1)));

const count = (word: string): number => Number(new RegExp(`^\\s*(\\d+) ${word}$`, "m").exec(output)?.[1] ?? 0);
const passed = count("pass");
const failed = count("fail");
const failures = failureBlocks(output);
if (failures.length > 0) console.log(`\n▶ what failed, again (${failures.length}):\n\n${failures.join("\n\n")}`);
if (typecheck !== 0) console.error("\ntypecheck failed");
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(typecheck === 0 && tests === 0 && passed > 0 ? 0 : 1);
