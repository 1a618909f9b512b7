// `npm run bench:extract`'s own parts: the field scoring and line alignment, the summary's totals
// rule, the degraded scan's pixel math, the seeded corpus, and one --quick run of the whole script
// (real renderer, real OCR, real extractor) in its own process.
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { decode } from "fast-png";
import { benchCorpus } from "../../scripts/bench/extract/corpus.ts";
import { degradePixels, degradePng, type Pixels } from "../../scripts/bench/extract/degrade.ts";
import { alignLines, failedExtraction, scoreExtraction, type Extraction } from "../../scripts/bench/extract/score.ts";
import { goals, summarize, topMisses, type Outcome } from "../../scripts/bench/extract/summary.ts";
import { pseudoRandom } from "../../scripts/seed/random.ts";
import { invoice, logo } from "../../scripts/samples/templates.ts";

const ROOT = join(import.meta.dir, "../..");

const RECORD = invoice("bench", {
  number: "INV-2026-0042",
  from_name: "Zoë Müller Beratung GmbH",
  bill_to_name: "Beispiel AG",
  currency: "EUR",
  due_date: "2026-12-01",
  tax_rate: 19,
  items: [
    { description: "Beratung", quantity: 2, rate: 12_000 },
    { description: "Reisekosten", quantity: 1, rate: 4_550 },
    { description: "Fachbuch", quantity: 0.5, rate: 3_990 },
  ],
});

function perfect(): Extraction {
  return {
    invoice: {
      number: RECORD.number,
      issue_date: RECORD.issue_date,
      due_date: RECORD.due_date,
      currency: RECORD.currency,
      from_name: RECORD.from_name,
      bill_to_name: RECORD.bill_to_name,
      items: RECORD.items.map(({ description, quantity, rate }) => ({ description, quantity, rate })),
    },
    document_totals: { subtotal: RECORD.subtotal, tax: RECORD.tax, total: RECORD.total },
    consistent: true,
  };
}

const misses = (extraction: Extraction): string[] => scoreExtraction(RECORD, extraction).fields.filter((result) => !result.ok).map((result) => result.field);

describe("scoring an extraction", () => {
  test("a perfect extraction gets every field: six header fields, three per line, three totals", () => {
    const score = scoreExtraction(RECORD, perfect());
    expect(score.fields).toHaveLength(6 + 3 * 3 + 3);
    expect(score.fields.every((result) => result.ok)).toBe(true);
    expect(score).toMatchObject({ totalsRight: true, flagged: false });
  });

  test("text compares after NFC and whitespace folding; case, accents and digits count", () => {
    const extraction = perfect();
    extraction.invoice.from_name = "  Zoe\u0308   Müller Beratung\nGmbH ";
    extraction.invoice.bill_to_name = "beispiel AG";
    extraction.invoice.number = "INV-2026-O042";
    expect(misses(extraction)).toEqual(["number", "buyer name"]);
  });

  test("an empty field on the invoice is right only when the extraction leaves it empty", () => {
    const noDue = { ...RECORD, due_date: null };
    const extraction = perfect();
    extraction.invoice.due_date = undefined;
    expect(scoreExtraction(noDue, extraction).fields.find((result) => result.field === "due date")?.ok).toBe(true);
    extraction.invoice.due_date = "2026-12-01";
    expect(scoreExtraction(noDue, extraction).fields.find((result) => result.field === "due date")?.ok).toBe(false);
  });

  test("a skipped line costs its own three fields, not every line after it", () => {
    const extraction = perfect();
    extraction.invoice.items = extraction.invoice.items!.filter((_, index) => index !== 0);
    expect(misses(extraction)).toEqual(["line description", "line quantity", "line unit price"]);
  });

  test("an invented line is one more wrong field, and the real lines still pair", () => {
    const extraction = perfect();
    extraction.invoice.items = [extraction.invoice.items![0]!, { description: "Seite 1 von 2", quantity: null, rate: null }, ...extraction.invoice.items!.slice(1)];
    expect(misses(extraction)).toEqual(["line not on the invoice"]);
  });

  test("the alignment keeps order and pairs the lines that match most", () => {
    const expected = [
      { description: "a", quantity: 1, rate: 100 },
      { description: "b", quantity: 2, rate: 200 },
      { description: "c", quantity: 3, rate: 300 },
    ];
    expect(alignLines(expected, [{ description: "b", quantity: 2, rate: 200 }, { description: "c", quantity: 3, rate: 999 }])).toEqual([[1, 0], [2, 1]]);
    expect(alignLines(expected, [])).toEqual([]);
  });

  test("a wrong total is a miss; whether it breaks the totals rule depends on the flag", () => {
    const wrong = perfect();
    wrong.document_totals = { ...wrong.document_totals, total: RECORD.total + 1 };
    expect(scoreExtraction(RECORD, wrong)).toMatchObject({ totalsRight: false, flagged: false });
    expect(scoreExtraction(RECORD, { ...wrong, consistent: false })).toMatchObject({ totalsRight: false, flagged: true });
  });

  test("an extraction that threw misses every field and is not a silent wrong total", () => {
    const score = failedExtraction(RECORD);
    expect(score.fields.filter((result) => result.ok).map((result) => result.field)).toEqual([]);
    expect(score).toMatchObject({ totalsRight: false, flagged: true });
  });
});

describe("summing up", () => {
  const outcome = (kind: Outcome["kind"], extraction: Extraction, ms: number): Outcome => ({ kind, index: ms, language: "de", design: "classic", score: scoreExtraction(RECORD, extraction), ms, error: null });
  const unflagged = perfect();
  unflagged.document_totals = { subtotal: null, tax: null, total: null };
  const outcomes = [outcome("pdf", perfect(), 10), outcome("pdf", perfect(), 30), outcome("png", unflagged, 900), outcome("png", { ...unflagged, consistent: false }, 1100)];

  test("accuracy, groups, the totals rule and times per kind", () => {
    const pdf = summarize("pdf", outcomes);
    expect(pdf).toMatchObject({ documents: 2, fields: { right: 36, total: 36 }, totalsRight: 2, wrongFlagged: 0, wrongUnflagged: 0, medianMs: 30 });
    const png = summarize("png", outcomes);
    expect(png).toMatchObject({ documents: 2, fields: { right: 30, total: 36 }, groups: { totals: { right: 0, total: 6 } }, wrongFlagged: 1, wrongUnflagged: 1 });
    expect(png.languages.de).toEqual({ right: 30, total: 36 });
  });

  test("the goals name each kind's bar and count wrong totals left unflagged", () => {
    const met = goals([summarize("pdf", outcomes), summarize("png", outcomes)]).map((goal) => goal.met);
    expect(met).toEqual([true, false, false]);
  });

  test("the most common misses come first, with examples", () => {
    const [first] = topMisses(outcomes, 1);
    expect(first).toMatchObject({ kind: "png", count: 2, examples: [{ index: 900, got: null }, { index: 1100, got: null }] });
  });
});

describe("the degraded scan", () => {
  const white: Pixels = { width: 40, height: 20, channels: 3, data: new Uint8Array(40 * 20 * 3).fill(255) };
  const clean = { scale: 1, degrees: 0, noiseSigma: 0, saltAndPepper: 0 };

  test("scaling sets the size; without a turn or noise the pixels stay", () => {
    const dotted: Pixels = { ...white, data: white.data.slice() };
    dotted.data.set([0, 0, 0], (10 * 40 + 30) * 3);
    expect(degradePixels(dotted, clean, pseudoRandom(1))).toEqual(dotted);
    const smaller = degradePixels(white, { ...clean, scale: 0.85 }, pseudoRandom(1));
    expect([smaller.width, smaller.height]).toEqual([34, 17]);
  });

  test("a turn moves what is off the centre; the corners that come in from outside are white", () => {
    const bar: Pixels = { width: 100, height: 100, channels: 1, data: new Uint8Array(100 * 100).fill(255) };
    for (let x = 10; x < 90; x++) bar.data[50 * 100 + x] = 0;
    const turned = degradePixels(bar, { ...clean, degrees: 2 }, pseudoRandom(1));
    const darkest = (x: number): number => [...Array(100).keys()].reduce((best, y) => (turned.data[y * 100 + x]! < turned.data[best * 100 + x]! ? y : best), 0);
    // Clockwise on screen (y grows downwards): the bar's right end goes down, its left end up.
    expect(darkest(85)).toBeGreaterThan(50);
    expect(darkest(15)).toBeLessThan(50);
    expect(turned.data[0]).toBe(255);
  });

  test("noise spreads the levels around their value, specks are black or white, alpha stays", () => {
    const grey: Pixels = { width: 100, height: 100, channels: 4, data: new Uint8Array(100 * 100 * 4).fill(128) };
    const noised = degradePixels(grey, { ...clean, noiseSigma: 10, saltAndPepper: 0.02 }, pseudoRandom(3));
    const reds = Array.from({ length: 100 * 100 }, (_, pixel) => noised.data[pixel * 4]!);
    const plain = reds.filter((value) => value !== 0 && value !== 255);
    const mean = plain.reduce((sum, value) => sum + value, 0) / plain.length;
    const deviation = Math.sqrt(plain.reduce((sum, value) => sum + (value - mean) ** 2, 0) / plain.length);
    expect(Math.abs(mean - 128)).toBeLessThan(1);
    expect(deviation).toBeGreaterThan(8);
    expect(deviation).toBeLessThan(12);
    expect(reds.length - plain.length).toBeGreaterThan(100);
    expect(Array.from({ length: 100 * 100 }, (_, pixel) => noised.data[pixel * 4 + 3]).every((alpha) => alpha === 128)).toBe(true);
  });

  test("a PNG's degraded copy is seeded: same seed same bytes, another seed another image", () => {
    const png = logo().bytes;
    const once = degradePng(png, 7);
    expect(degradePng(png, 7).png).toEqual(once.png);
    expect(degradePng(png, 8).png).not.toEqual(once.png);
    expect(once.degradation.scale).toBeGreaterThanOrEqual(0.8);
    expect(once.degradation.scale).toBeLessThanOrEqual(0.9);
    expect(Math.abs(once.degradation.degrees)).toBeGreaterThanOrEqual(1);
    expect(Math.abs(once.degradation.degrees)).toBeLessThanOrEqual(2);
    expect(decode(once.png).width).toBe(Math.round(120 * once.degradation.scale));
  });
});

describe("the corpus", () => {
  const corpus = benchCorpus(100);

  test("is seeded: the same seed gives the same invoices", () => {
    expect(benchCorpus(100)).toEqual(corpus);
    expect(benchCorpus(5, 1)[2]?.record).not.toEqual(corpus[2]?.record);
  });

  test("the first 32 hold every design with every label language; lines run from one to forty", () => {
    expect(new Set(corpus.slice(0, 32).map((entry) => `${entry.design}-${entry.language}`)).size).toBe(32);
    const lines = corpus.map((entry) => entry.record.items.length);
    expect(Math.min(...lines)).toBe(1);
    expect(Math.max(...lines)).toBe(40);
    expect(new Set(corpus.map((entry) => entry.record.currency)).size).toBeGreaterThanOrEqual(5);
    expect(corpus.every((entry) => entry.record.number !== null && entry.record.total > 0)).toBe(true);
  });
});

test("--quick runs the whole benchmark on two short invoices and prints every goal", async () => {
  const child = Bun.spawn([process.execPath, "scripts/bench/extract.ts", "--quick", "--workers", "1"], { cwd: ROOT, stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
  expect(stdout).toContain("| pdf | 2 |");
  expect(stdout).toContain("| png | 2 |");
  expect(stdout).toContain("| degraded | 2 |");
  expect(stdout).toMatch(/^(MET|NOT MET) +totals always right or flagged/m);
}, 120_000);
