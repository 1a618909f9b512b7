// The size limits the README and the API guide state are the ones enforced and announced: each
// sentence naming a limit (`body_bytes`, `import_bytes`, `upload_body_bytes`) gives its bytes, and
// they are read here against server/domain/wire.ts.
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { SIZE_LIMITS, type SizeLimit } from "../../server/domain/wire.ts";

const read = (path: string): string => readFileSync(join(import.meta.dir, "../..", path), "utf8").replace(/\s+/g, " ");

/** Every "N bytes" stated beside a limit's name, in either order: "(`body_bytes`, 1,048,576 bytes" or "(10,485,760 bytes, `import_bytes`". */
function statedBytes(text: string): Array<[SizeLimit, number]> {
  const stated: Array<[SizeLimit, number]> = [];
  for (const match of text.matchAll(/`(\w+_bytes)`, ([\d,]+) bytes|([\d,]+) bytes, `(\w+_bytes)`/g)) {
    const name = (match[1] ?? match[4]) as SizeLimit;
    stated.push([name, Number((match[2] ?? match[3] ?? "").replace(/,/g, ""))]);
  }
  return stated;
}

test("the API guide states every size limit, each with its enforced bytes", () => {
  const stated = statedBytes(read("docs/api-guide.md"));
  const names: string[] = stated.map(([name]) => name).sort();
  expect(names).toEqual(Object.keys(SIZE_LIMITS).sort());
  for (const [name, bytes] of stated) expect([name, bytes]).toEqual([name, SIZE_LIMITS[name]]);
  expect(read("docs/api-guide.md")).toContain(`"details": {"limit": "body_bytes", "max": ${SIZE_LIMITS.body_bytes}}`);
});

test("the README's import limit is the enforced one", () => {
  const stated = statedBytes(read("README.md"));
  expect(stated).toEqual([["import_bytes", SIZE_LIMITS.import_bytes]]);
});

test("the MiB the documents round to agree with the bytes", () => {
  const guide = read("docs/api-guide.md");
  for (const name of Object.keys(SIZE_LIMITS) as SizeLimit[]) {
    const mib = Math.round((SIZE_LIMITS[name] / 1024 / 1024) * 10) / 10;
    expect(guide).toMatch(new RegExp(`${String(mib).replace(".", "\\.")} MiB \\(\`${name}\``));
  }
});
