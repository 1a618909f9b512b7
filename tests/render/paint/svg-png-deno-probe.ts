// Run by svg-png-deno.test.ts under the real Deno runtime: satori's WebAssembly and resvg's native addon
// load there too and paint the sample page to the bytes Bun paints.
import { createHash } from "node:crypto";
import { paintPng } from "../../../render/paint/png.ts";
import { paintSvg } from "../../../render/paint/svg.ts";
import { samplePage } from "./svg-sample.ts";

const sha256 = (data: string | Uint8Array): string => createHash("sha256").update(data).digest("hex");
console.log(JSON.stringify({ svg: sha256(await paintSvg(samplePage())), png: sha256(await paintPng(samplePage())) }));
