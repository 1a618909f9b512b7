// The painters are meant to run under Deno as well (satori's bundled WebAssembly, resvg's N-API
// addon, which needs --allow-ffi): the same page must give the same SVG and PNG bytes as in Bun.
import { expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { paintPng } from "../../../render/paint/png.ts";
import { paintSvg } from "../../../render/paint/svg.ts";
import { samplePage } from "./svg-sample.ts";

const ROOT = join(import.meta.dir, "../../..");
const DENO = join(ROOT, "node_modules/.bin/deno");
const sha256 = (data: string | Uint8Array): string => createHash("sha256").update(data).digest("hex");

test("under Deno the sample page paints to the SVG and PNG bytes Bun paints", async () => {
  const args = ["run", "--allow-read", "--allow-env", "--allow-ffi", "--allow-sys", "tests/render/paint/svg-png-deno-probe.ts"];
  const probe = Bun.spawnSync([DENO, ...args], { cwd: ROOT, env: { ...process.env, NO_COLOR: "1" } });
  expect(probe.stderr.toString()).toBe("");
  expect(probe.exitCode).toBe(0);
  expect(JSON.parse(probe.stdout.toString())).toEqual({ svg: sha256(await paintSvg(samplePage())), png: sha256(await paintPng(samplePage())) });
}, 30_000);
