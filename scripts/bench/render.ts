// `npm run bench:render`: in one run, the same 1-page, 20-line invoice made by the service's code —
// PDF (layout + pdf-lib), PNG (layout, satori's shapes and the glyph outlines, resvg, the encoder),
// UBL (EN 16931 model, the business-rule checks, the XML) — and by the way most invoicing products
// render: its HTML printed to PDF by a warm headless Chromium page (Debian's chromium through
// playwright-core). Median and p95 per document, and each against Chromium's median. Everything
// runs on this thread, one document at a time, after a warm-up (fonts parsed, JIT warm, the
// browser page open).
// Flags: --runs N (documents per measurement, default 200; PNG and Chromium take a quarter).
import { existsSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { toHtml } from "../../render/codecs/html.ts";
import { toEn16931 } from "../../render/einvoice/model.ts";
import { assertBusinessRules } from "../../render/einvoice/rules/index.ts";
import { toUbl } from "../../render/einvoice/ubl.ts";
import { layoutInvoice } from "../../render/templates/index.ts";
import { builtInTemplate } from "../../render/templates/template.ts";
import { renderPdf, renderPng } from "../../render/visual.ts";
import { CHROMIUM, launchChromium } from "../chromium.ts";
import { TWENTY_LINES, TWENTY_LINES_SELLER } from "../samples/templates.ts";
import { measure, type Sample } from "./measure.ts";

const GOAL_PDF_MS = 5;
const GOAL_PDF_VS_CHROMIUM = 10;
const GOAL_PNG_MS = 50;
const GOAL_UBL_MS = 10;

const { values } = parseArgs({ options: { runs: { type: "string", default: "200" } } });
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 4) throw new Error("--runs must be a whole number ≥ 4");
if (!existsSync(CHROMIUM)) {
  console.error(`${CHROMIUM} is missing: the Chromium anchor cannot run. On Debian: apt-get install -y chromium`);
  process.exit(1);
}

// The invoice the layout tests prove fits one A4 page in every design (tests/render/templates).
const record = TWENTY_LINES;
const seller = TWENTY_LINES_SELLER;
const template = builtInTemplate("classic");
const createdAt = new Date("2026-11-01T09:00:00Z");

const browser = await launchChromium();
try {
  const page = await browser.newPage();
  const html = toHtml(record, template);
  const pageCount = layoutInvoice(record, template).pages.length;
  const pdfBytes = (await renderPdf(layoutInvoice(record, template), { createdAt })).byteLength;

  const rows: Array<{ label: string; sample: Sample }> = [];
  rows.push({ label: "Chromium: HTML printed to PDF (warm page)", sample: await measure(Math.max(4, runs / 4), async () => {
    await page.setContent(toHtml(record, template));
    return page.pdf({ format: "A4", printBackground: true });
  }) });
  rows.push({ label: "service: PDF (layout + pdf-lib)", sample: await measure(runs, () => renderPdf(layoutInvoice(record, template), { createdAt })) });
  rows.push({ label: "service: PNG (layout + satori + outlines + resvg)", sample: await measure(Math.max(4, runs / 4), () => renderPng(layoutInvoice(record, template))) });
  rows.push({ label: "service: UBL (model + rules + XML)", sample: await measure(runs, () => {
    const model = toEn16931(record, seller);
    assertBusinessRules(model);
    return toUbl(model);
  }) });

  const anchor = rows[0]?.sample.median ?? Number.NaN;
  const cores = availableParallelism();
  console.log(`machine: ${cores} cores, load average ${loadavg().map((n) => n.toFixed(2)).join(" ")}; Bun ${Bun.version}; ${await browser.version()}`);
  console.log(`document: ${pageCount} page(s), 20 lines, classic design (${pdfBytes} bytes of PDF, ${html.length} characters of HTML)\n`);
  console.log("| document | runs | median ms | p95 ms | Chromium median ÷ this median |");
  console.log("|---|---:|---:|---:|---:|");
  for (const { label, sample } of rows) {
    console.log(`| ${label} | ${sample.runs} | ${sample.median.toFixed(2)} | ${sample.p95.toFixed(2)} | ${(anchor / sample.median).toFixed(1)}× |`);
  }
  const [, pdf, png, ubl] = rows.map((row) => row.sample.median);
  const goals = [
    [`PDF median < ${GOAL_PDF_MS} ms`, (pdf ?? Infinity) < GOAL_PDF_MS],
    [`PDF ≥ ${GOAL_PDF_VS_CHROMIUM}× faster than Chromium`, anchor / (pdf ?? Infinity) >= GOAL_PDF_VS_CHROMIUM],
    [`PNG median < ${GOAL_PNG_MS} ms`, (png ?? Infinity) < GOAL_PNG_MS],
    [`UBL with checks median < ${GOAL_UBL_MS} ms`, (ubl ?? Infinity) < GOAL_UBL_MS],
  ] as const;
  console.log("");
  for (const [goal, met] of goals) console.log(`${met ? "met    " : "NOT MET"}  ${goal}`);
} finally {
  await browser.close();
}
