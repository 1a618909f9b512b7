// The PDF painter under Deno: pdf-lib, the fontkit handed to it (registry fonts, Arabic shaping
// through the proto-accessor workaround) and WebCrypto's digest must give Bun's bytes exactly.
import { expect, test } from "bun:test";
import { join } from "node:path";
import { paintPdf } from "../../../render/paint/pdf.ts";
import { SAMPLE_CREATED_AT, sampleLayout } from "./sample-layout.ts";

const ROOT = join(import.meta.dir, "../../..");
const DENO = join(ROOT, "node_modules/.bin/deno");

test("under Deno the sample layout paints the same PDF bytes as under Bun", async () => {
  const probe = Bun.spawnSync([DENO, "run", "--allow-read", "--allow-env", "tests/render/paint/pdf-deno-probe.ts"], { cwd: ROOT, env: { ...process.env, NO_COLOR: "1" } });
  expect(probe.stderr.toString()).toBe("");
  expect(probe.exitCode).toBe(0);
  const underDeno: Uint8Array = Uint8Array.from(atob(probe.stdout.toString().trim()), (character) => character.charCodeAt(0));
  expect(underDeno).toEqual(await paintPdf(sampleLayout(), { createdAt: SAMPLE_CREATED_AT }));
}, 30_000);
