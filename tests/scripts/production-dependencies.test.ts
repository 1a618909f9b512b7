// An install without dev dependencies (`npm install --omit=dev`, as a production image does) must be
// able to start and run the operator's commands. Installing in a test is too slow, so this reads what
// those commands need (the runtime that runs them and every package their code imports, followed
// from the entries through the import graph) and holds it to package.json's `dependencies`.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import { dirname, join, normalize } from "node:path";
import { moduleReferencesOf } from "../architecture/layers.ts";

const ROOT = join(import.meta.dir, "../..");
const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string>; dependencies: Record<string, string>; devDependencies: Record<string, string> };

/** What a production install runs: the service and the commands README gives an operator. */
const PRODUCTION_SCRIPTS = ["start", "migrate", "accounts", "backup", "restore"] as const;
/** Files the service loads other than by import: the console's UI, bundled by esbuild at start (server/http/console/build.ts). */
const LOADED_AT_RUNTIME = ["server/http/console/ui/main.tsx"];

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
function packageOf(specifier: string): string {
  const parts = specifier.split("/");
  return (specifier.startsWith("@") ? parts.slice(0, 2) : parts.slice(0, 1)).join("/");
}

/** A `new URL("./worker.ts", import.meta.url)`: a worker's entry, started by path rather than imported. */
const WORKER_ENTRY = /new URL\("(\.{1,2}\/[^"]+\.tsx?)", import\.meta\.url\)/g;

/** The packages the files reachable from `entries` import at run time (type-only imports are erased). */
function packagesReachedFrom(entries: readonly string[], read: (path: string) => string): Map<string, string> {
  const packages = new Map<string, string>(); // package → the first file that imports it
  const seen = new Set<string>();
  const pending = [...entries];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const text = read(file);
    for (const { specifier, typeOnly } of moduleReferencesOf(file, text)) {
      if (typeOnly) continue;
      if (specifier.startsWith(".")) pending.push(normalize(join(dirname(file), specifier)));
      else if (!isBuiltin(specifier) && !specifier.startsWith("bun:") && !packages.has(packageOf(specifier))) packages.set(packageOf(specifier), file);
    }
    for (const [, worker] of text.matchAll(WORKER_ENTRY)) pending.push(normalize(join(dirname(file), worker as string)));
  }
  return packages;
}

/** `bun scripts/accounts.ts` → the runtime `bun` and the file. */
function commandOf(script: string): { runtime: string; file: string } {
  const [runtime, file] = (manifest.scripts[script] ?? "").split(" ");
  return { runtime: runtime as string, file: file as string };
}

const readRepositoryFile = (path: string): string => readFileSync(join(ROOT, path), "utf8");

describe("an install without dev dependencies", () => {
  test("the runtime of npm start and of the operator's commands is a dependency", () => {
    for (const script of PRODUCTION_SCRIPTS) {
      const { runtime } = commandOf(script);
      expect({ script, runtime, dependency: manifest.dependencies[runtime] !== undefined }).toEqual({ script, runtime, dependency: true });
    }
  });

  test("every package the service and those commands import at run time is a dependency", () => {
    const entries = [...PRODUCTION_SCRIPTS.map((script) => commandOf(script).file), ...LOADED_AT_RUNTIME];
    const packages = packagesReachedFrom(entries, readRepositoryFile);
    // The walk reaches the packages each part stands on: the HTTP framework, the database, the PDF reader, a worker's renderer, the console's UI.
    for (const known of ["elysia", "@libsql/client", "unpdf", "pdf-lib", "preact"]) expect(packages.has(known)).toBe(true);
    const missing = [...packages].filter(([name]) => manifest.dependencies[name] === undefined).map(([name, file]) => `${name} (${file}${manifest.devDependencies[name] ? ", only a devDependency" : ""})`);
    expect(missing).toEqual([]);
  });

  test("the walk reports a dev-only import, follows workers and re-exports, and skips type-only imports and built-ins", () => {
    const files: Record<string, string> = {
      "server/entry.ts": `import { a } from "./a.ts";\nimport type { Options } from "typescript";\nimport { readFile } from "node:fs/promises";\nconst worker = new URL("./worker.ts", import.meta.url);`,
      "server/a.ts": `export * from "../render/b.ts";\nexport const a = await import("@scope/lazy/sub");`,
      "render/b.ts": `import fc from "fast-check/lib";\nimport { test } from "bun:test";`,
      "server/worker.ts": `import { x } from "zod";`,
    };
    const packages = packagesReachedFrom(["server/entry.ts"], (path) => files[path] ?? "");
    expect(Object.fromEntries(packages)).toEqual({ "@scope/lazy": "server/a.ts", "fast-check": "render/b.ts", zod: "server/worker.ts" });
  });
});
