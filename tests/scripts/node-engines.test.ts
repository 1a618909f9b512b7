// The oldest Node.js the project supports is said three times: package.json's `engines`, README's
// "Set up", and, implicitly, by every installed package's own `engines.node`. Let them disagree and
// `npm install` on that Node warns EBADENGINE (or a package fails to load). This holds them together.
import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "../..");
const readJson = (path: string): { name?: string; version?: string; engines?: { node?: string } } => JSON.parse(readFileSync(path, "utf8"));

/** `>=20.19` → `20.19.0`: the minimum of the only form package.json uses. */
function minimumOf(range: string): string | null {
  const match = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(range.trim());
  return match ? `${match[1]}.${match[2] ?? 0}.${match[3] ?? 0}` : null;
}

/** Every installed package's folder, nested node_modules included (`a/node_modules/b`). */
function installedPackages(nodeModules: string): string[] {
  if (!existsSync(nodeModules)) return [];
  const folders: string[] = [];
  for (const entry of readdirSync(nodeModules, { withFileTypes: true })) {
    if (entry.name.startsWith(".") || !entry.isDirectory()) continue;
    const names = entry.name.startsWith("@") ? readdirSync(join(nodeModules, entry.name)).map((name) => join(entry.name, name)) : [entry.name];
    for (const name of names) {
      const folder = join(nodeModules, name);
      if (existsSync(join(folder, "package.json"))) folders.push(folder, ...installedPackages(join(folder, "node_modules")));
    }
  }
  return folders;
}

const range = readJson(join(ROOT, "package.json")).engines?.node ?? "";
const minimum = minimumOf(range);

describe("the oldest supported Node.js", () => {
  test("package.json names it as >=X.Y, and README's set-up says the same", () => {
    expect(minimum).not.toBeNull();
    const [major, minor] = (minimum as string).split(".");
    expect(readFileSync(join(ROOT, "README.md"), "utf8")).toContain(`only Node.js (${major}.${minor}+)`);
  });

  test("no installed package's engines.node excludes it", () => {
    const folders = installedPackages(join(ROOT, "node_modules"));
    expect(folders.length).toBeGreaterThan(100);
    const excluding = folders
      .map((folder) => readJson(join(folder, "package.json")))
      .filter((pkg) => pkg.engines?.node && !Bun.semver.satisfies(minimum as string, pkg.engines.node))
      .map((pkg) => `${pkg.name}@${pkg.version} wants node ${pkg.engines?.node}`);
    expect(excluding).toEqual([]);
  });

  test("the check reads the forms packages use", () => {
    expect([minimumOf(">=20"), minimumOf(">= 20.19"), minimumOf(">=20.19.1"), minimumOf("^20"), minimumOf("20.x")]).toEqual(["20.0.0", "20.19.0", "20.19.1", null, null]);
    expect([">=22", "^22 || ^24 || >=26", ">=20.19.0", "^18 || >=20", ">= 0.8"].map((wanted) => Bun.semver.satisfies("20.19.0", wanted))).toEqual([false, false, true, true, true]);
  });
});
