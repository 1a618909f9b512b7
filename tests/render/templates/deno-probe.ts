// Run by deno.test.ts under the real Deno runtime: lays out the German invoice in every built-in
// design and prints the layouts as JSON, so the test can compare them with Bun's.
import { layoutInvoice } from "../../../render/templates/index.ts";
import { BASE_DESIGNS } from "../../../server/domain/templates.ts";
import { builtInTemplate } from "../../../render/templates/template.ts";
import { GERMAN, RIGHT_TO_LEFT } from "../../../scripts/samples/templates.ts";

console.log(JSON.stringify(BASE_DESIGNS.flatMap((base) => [GERMAN, RIGHT_TO_LEFT].map((record) => layoutInvoice(record, builtInTemplate(base))))));
