// The font code is meant to run under Deno as well: resolve the TTFs from node_modules, parse them
// with fontkit (whose Babel class wiring needs proto-accessor.ts there) and give Bun's widths.
import { expect, test } from "bun:test";
import { join } from "node:path";
import { FAMILY_IDS, loadFont, WEIGHTS } from "../../../render/fonts/registry.ts";
import { measure } from "../../../render/fonts/metrics.ts";
import { wrapText } from "../../../render/fonts/wrap.ts";
import { SAMPLE_TEXT } from "./samples.ts";

const ROOT = join(import.meta.dir, "../../..");
const DENO = join(ROOT, "node_modules/.bin/deno");

test("under Deno every font loads and measuring and wrapping (Arabic shaping included) match Bun", () => {
  const probe = Bun.spawnSync([DENO, "run", "--allow-read", "--allow-env", "tests/render/fonts/deno-probe.ts"], { cwd: ROOT, env: { ...process.env, NO_COLOR: "1" } });
  expect(probe.stderr.toString()).toBe("");
  expect(probe.exitCode).toBe(0);
  const underDeno = JSON.parse(probe.stdout.toString());
  expect(underDeno).toEqual({
    glyphs: FAMILY_IDS.flatMap((family) => WEIGHTS.map((weight) => loadFont(family, weight).font.numGlyphs)),
    width: measure(SAMPLE_TEXT, loadFont("sans", "regular"), 10),
    lines: wrapText(SAMPLE_TEXT, { family: "sans", weight: "regular", size: 10 }, 120).map((line) => [line.text, line.width]),
  });
}, 30_000);
