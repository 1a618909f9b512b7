// `npm run bench:extract`: how well the built-in extractor reads invoices, measured, not claimed.
// A seeded corpus (scripts/bench/extract/corpus.ts: four designs, eight label languages, one to
// forty lines) is rendered by the service's own renderer to PDF and PNG, plus a degraded copy of each
// PNG (scaled, turned, noised); every file goes through extractDocument (built-in provider, no
// locale hint) and is scored field by field against the invoice it was rendered from: number, issue
// and due date, currency, seller and buyer, each line's description, quantity and unit price,
// subtotal, tax and total. Printed per kind: accuracy overall, per field group and per language, the
// totals rule (right, or flagged consistent: false), median and p95 time per document, the most
// common misses, and the goals.
// Baselines in the same run: the PDFs' text-layer path is the time anchor (each kind's median ÷ the
// PDFs' median), and OCR alone (engine.recognize) on the first clean PNGs splits the PNG time into
// OCR and the rules after it.
// Flags: --count N (default 100), --kinds pdf,png,degraded, --workers N (OCR workers, and OCR
// documents in flight; default the CPUs), --ocr-languages eng+deu+fra (as OCR_LANGUAGES sets them;
// default the service's default), --seed N, --misses N (per kind, default 12), --dump DIR (the files
// and every outcome as JSON, to look into a miss), --quick (two short invoices; the test's run).
import { mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { extractedInvoiceSchema } from "../../routers/imports/draft.schema.ts";
import { loadConfig } from "../../server/platform/config.ts";
import { extractDocument } from "../../server/imports/extract/index.ts";
import { createOcrEngine } from "../../server/imports/ocr/engine.ts";
import { benchCorpus, DEFAULT_SEED, type CorpusInvoice } from "./extract/corpus.ts";
import { mediaKind, renderInvoice, type RenderedInvoice } from "./extract/documents.ts";
import { goalList, kindTable, languageTable, missList } from "./extract/report.ts";
import { failedExtraction, scoreExtraction } from "./extract/score.ts";
import { DOCUMENT_KINDS, summarize, topMisses, type DocumentKind, type Outcome } from "./extract/summary.ts";
import { percentile } from "./measure.ts";

const OCR_BASELINE_DOCUMENTS = 20;

const { values } = parseArgs({
  options: {
    count: { type: "string", default: "100" },
    kinds: { type: "string", default: DOCUMENT_KINDS.join(",") },
    workers: { type: "string", default: String(availableParallelism()) },
    "ocr-languages": { type: "string" },
    seed: { type: "string", default: String(DEFAULT_SEED) },
    misses: { type: "string", default: "12" },
    dump: { type: "string" },
    quick: { type: "boolean", default: false },
  },
});
const count = Number(values.count);
const workers = Number(values.workers);
const seed = Number(values.seed);
const kinds = new Set(values.kinds.split(",").map((kind) => kind.trim()));
for (const kind of kinds) if (!DOCUMENT_KINDS.includes(kind as DocumentKind)) throw new Error(`--kinds takes ${DOCUMENT_KINDS.join(", ")}; got ${kind}`);
if (!Number.isInteger(count) || count < 1) throw new Error("--count must be a whole number ≥ 1");
if (!Number.isInteger(workers) || workers < 1) throw new Error("--workers must be a whole number ≥ 1");
const chosen = DOCUMENT_KINDS.filter((kind) => kinds.has(kind));

/** Runs `work` over `items` with at most `limit` in flight, keeping the items' order in the results. */
async function inFlight<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    for (let at = next++; at < items.length; at = next++) results[at] = await work(items[at]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

// --quick: the two shortest invoices of the first 32 (every design and language pair), for the test.
const corpus: CorpusInvoice[] = values.quick
  ? benchCorpus(32, seed).filter((invoice) => invoice.record.items.length <= 2).slice(0, 2)
  : benchCorpus(count, seed);
const renderStarted = performance.now();
const rendered: RenderedInvoice[] = [];
for (const invoice of corpus) rendered.push(await renderInvoice(invoice, kinds as Set<DocumentKind>, seed));
const renderSeconds = (performance.now() - renderStarted) / 1000;

// Without --ocr-languages, the service's default OCR languages (server/domain/ocr-languages.ts), as a
// server without OCR_LANGUAGES reads.
const config = loadConfig(values["ocr-languages"] ? { OCR_LANGUAGES: values["ocr-languages"] } : {});
const ocr = createOcrEngine({ workers, languages: config.ocrLanguages });

async function extractOne(kind: DocumentKind, { invoice, files }: RenderedInvoice): Promise<Outcome> {
  const { index, language, design, record } = invoice;
  const started = performance.now();
  try {
    const result = await extractDocument({ ocr, config, draftSchema: extractedInvoiceSchema }, files[kind]!, mediaKind(kind), { provider: "builtin" });
    return { kind, index, language, design, score: scoreExtraction(record, result), ms: performance.now() - started, error: null };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { kind, index, language, design, score: failedExtraction(record), ms: performance.now() - started, error: message };
  }
}

try {
  const outcomes: Outcome[] = [];
  for (const kind of chosen) {
    // The text layer is read in the OCR workers too: every kind keeps every worker busy.
    const lanes = workers;
    // Warm-up, not counted: parsers loaded, OCR workers started with their language data.
    await inFlight(rendered.slice(0, lanes), lanes, (document) => extractOne(kind, document));
    outcomes.push(...(await inFlight(rendered, lanes, (document) => extractOne(kind, document))));
  }
  const ocrAlone = kinds.has("png")
    ? (await inFlight(rendered.slice(0, OCR_BASELINE_DOCUMENTS), workers, async ({ files }) => {
        const started = performance.now();
        await ocr.recognize(files.png!, "png");
        return performance.now() - started;
      })).sort((a, b) => a - b)
    : [];

  const summaries = chosen.map((kind) => summarize(kind, outcomes));
  const lines = corpus.map((invoice) => invoice.record.items.length);
  const runtime = process.versions.bun ? `Bun ${process.versions.bun}` : `Node ${process.version}`;
  console.log(`machine: ${availableParallelism()} cores, load average ${loadavg().map((n) => n.toFixed(2)).join(" ")}; ${runtime}; ${workers} OCR worker(s) reading ${ocr.languages.join("+")}`);
  console.log(`corpus: ${corpus.length} invoices (seed ${seed}), ${Math.min(...lines)}–${Math.max(...lines)} lines (median ${percentile([...lines].sort((a, b) => a - b), 0.5)}); rendered in ${renderSeconds.toFixed(1)} s\n`);
  console.log(kindTable(summaries));
  if (ocrAlone.length > 0) {
    console.log(`\nbaseline: OCR alone (engine.recognize) on the first ${ocrAlone.length} clean PNGs, ${workers} in flight: median ${percentile(ocrAlone, 0.5).toFixed(1)} ms, p95 ${percentile(ocrAlone, 0.95).toFixed(1)} ms`);
  }
  console.log(`\naccuracy per label language:\n\n${languageTable(summaries)}`);
  const failed = outcomes.filter((outcome) => outcome.error !== null);
  if (failed.length > 0) console.log(`\nextractions that threw (${failed.length}):\n${failed.slice(0, 10).map((outcome) => `- ${outcome.kind} #${outcome.index}: ${outcome.error}`).join("\n")}`);
  for (const kind of chosen) {
    console.log(`\nmost common misses, ${kind}:\n${missList(topMisses(outcomes.filter((outcome) => outcome.kind === kind), Number(values.misses)))}`);
  }
  console.log(`\n${goalList(summaries)}`);

  if (values.dump) {
    mkdirSync(values.dump, { recursive: true });
    for (const { invoice, files } of rendered) {
      for (const [kind, bytes] of Object.entries(files)) {
        const name = `${String(invoice.index).padStart(4, "0")}-${invoice.design}-${invoice.language}${kind === "degraded" ? "-degraded" : ""}.${mediaKind(kind as DocumentKind)}`;
        writeFileSync(join(values.dump, name), bytes);
      }
    }
    writeFileSync(join(values.dump, "outcomes.json"), JSON.stringify(outcomes, null, 1));
    console.log(`\nfiles and outcomes written to ${values.dump}`);
  }
} finally {
  await ocr.close();
}
