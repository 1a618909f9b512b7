// `npm test`: the typecheck (tsc --noEmit, strict), then every test under tests/ with Bun's runner
// (the Deno entry's test included). Exits non-zero if either fails.
import { spawnSync } from "node:child_process";
import { join } from "node:path";

const bin = (name: string): string => join(import.meta.dir, "..", "node_modules", ".bin", name);

function run(title: string, command: string, args: string[]): number {
  console.log(`\n▶ ${title}: ${[command.split("/").pop(), ...args].join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  return result.status ?? 1;
}

const typecheck = run("typecheck", bin("tsc"), ["--noEmit", "-p", "."]);
const tests = run("tests", process.execPath, ["test", "--timeout", "30000", ...process.argv.slice(2)]);
if (typecheck !== 0) console.error("\ntypecheck failed");
if (tests !== 0) console.error("\ntests failed");
process.exit(typecheck === 0 && tests === 0 ? 0 : 1);
