// Run by deno.test.ts under the real Deno runtime: the registry resolves and parses the bundled
// TTFs there too, and measuring and wrapping give the widths Bun gives.
import { FAMILY_IDS, loadFont, WEIGHTS } from "../../../render/fonts/registry.ts";
import { measure } from "../../../render/fonts/metrics.ts";
import { wrapText } from "../../../render/fonts/wrap.ts";
import { SAMPLE_TEXT } from "./samples.ts";

const glyphs = FAMILY_IDS.flatMap((family) => WEIGHTS.map((weight) => loadFont(family, weight).font.numGlyphs));
const width = measure(SAMPLE_TEXT, loadFont("sans", "regular"), 10);
const lines = wrapText(SAMPLE_TEXT, { family: "sans", weight: "regular", size: 10 }, 120).map((line) => [line.text, line.width]);
console.log(JSON.stringify({ glyphs, width, lines }));
