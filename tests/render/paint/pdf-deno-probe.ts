// Run by pdf-deno.test.ts under the real Deno runtime: paints the sample layout and prints the
// PDF as base64, so the test can compare it with Bun's bytes.
import { paintPdf } from "../../../render/paint/pdf.ts";
import { SAMPLE_CREATED_AT, sampleLayout } from "./sample-layout.ts";

const bytes = await paintPdf(sampleLayout(), { createdAt: SAMPLE_CREATED_AT });
console.log(btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join("")));
