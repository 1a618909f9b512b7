// The layout engine under Deno: fonts, wrapping, bidi, the QR code and the designs must place
// every box exactly where they do under Bun.
import { expect, test } from "bun:test";
import { join } from "node:path";
import { layoutInvoice } from "../../../render/templates/index.ts";
import { BASE_DESIGNS } from "../../../server/domain/templates.ts";
import { builtInTemplate } from "../../../render/templates/template.ts";
import { GERMAN, RIGHT_TO_LEFT } from "../../../scripts/samples/templates.ts";

const ROOT = join(import.meta.dir, "../../..");
const DENO = join(ROOT, "node_modules/.bin/deno");

test("under Deno the designs lay out the same boxes as under Bun", () => {
  const probe = Bun.spawnSync([DENO, "run", "--allow-read", "--allow-env", "tests/render/templates/deno-probe.ts"], { cwd: ROOT, env: { ...process.env, NO_COLOR: "1" } });
  expect(probe.stderr.toString()).toBe("");
  expect(probe.exitCode).toBe(0);
  const underBun = BASE_DESIGNS.flatMap((base) => [GERMAN, RIGHT_TO_LEFT].map((record) => layoutInvoice(record, builtInTemplate(base))));
  expect(JSON.parse(probe.stdout.toString())).toEqual(JSON.parse(JSON.stringify(underBun)));
}, 30_000);
