// A 200-line invoice over several pages, read back page by page with pdftotext: every page has the
// table's header and "Page N of M"; every row appears exactly once, in order; long descriptions
// wrap inside their column; the totals follow the last row. The layout itself is checked too: no
// text in the bottom margin, and a wrapped row is never split across pages. And the other way
// round: the benchmark's 20-line invoice with every block keeps to one page in every design.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { formatMoney } from "../../../render/format.ts";
import type { TextBox } from "../../../render/layout/boxes.ts";
import { layoutInvoice } from "../../../render/templates/index.ts";
import { BASE_DESIGNS } from "../../../server/domain/templates.ts";
import { builtInTemplate } from "../../../render/templates/template.ts";
import { renderPdf } from "../../../render/visual.ts";
import { TWENTY_LINES, TWO_HUNDRED_LINES } from "../../../scripts/samples/templates.ts";
import { pdfFile, pdfInfo, pdfText, skipPoppler, type PdfFile } from "./poppler.ts";

const files = new Map<string, PdfFile>();

beforeAll(async () => {
  for (const base of BASE_DESIGNS) files.set(base, pdfFile(await renderPdf(layoutInvoice(TWO_HUNDRED_LINES, builtInTemplate(base)))));
});

afterAll(() => {
  for (const file of files.values()) file.dispose();
});

const HEADER = ["Description", "Quantity", "Unit price", "VAT rate", "Amount"];
const rowNumbers = (text: string): number[] => [...text.matchAll(/\bRow (\d+)\b/g)].map((match) => Number(match[1]));

describe.each(BASE_DESIGNS)("200 lines in the %s design", (base) => {
  const layout = layoutInvoice(TWO_HUNDRED_LINES, builtInTemplate(base));

  test("take several pages, and nothing is drawn inside the bottom margin", () => {
    expect(layout.pages.length).toBeGreaterThan(4);
    const bottom = layout.pages[0]!.height - builtInTemplate(base).options.margins.bottom * (72 / 25.4);
    for (const page of layout.pages) {
      for (const box of page.boxes) if (box.kind === "text") expect(box.baseline).toBeLessThan(bottom);
    }
  });

  test("no row is split: a wrapped description starts and ends on the same page", () => {
    layout.pages.forEach((page) => {
      const lines = page.boxes.filter((box): box is TextBox => box.kind === "text").map((box) => box.runs.map((run) => run.text).join(""));
      const starts = lines.filter((line) => /^Row \d+: Extended/.test(line)).length;
      const ends = lines.filter((line) => line.endsWith("operations team")).length;
      expect(ends).toBe(starts);
    });
  });

  test.skipIf(skipPoppler)("pdftotext: Page N of M on every page, the table header on every page with rows, each row once, in order", () => {
    const file = files.get(base)!;
    const pages = pdfInfo(file).pages;
    expect(pages).toBe(layout.pages.length);
    const seen: number[] = [];
    for (let page = 1; page <= pages; page++) {
      const text = pdfText(file, { first: page, last: page, layout: true });
      expect(text).toContain(`Page ${page} of ${pages}`);
      const rows = rowNumbers(text);
      if (page === 1) expect(rows.length).toBeGreaterThan(0);
      if (rows.length > 0) for (const label of HEADER) expect(text.toLowerCase()).toContain(label.toLowerCase());
      seen.push(...rows);
    }
    expect(seen).toEqual(Array.from({ length: 200 }, (_, index) => index + 1));
  });

  test.skipIf(skipPoppler)("long descriptions wrap inside their column; the totals come after the last row", () => {
    const file = files.get(base)!;
    const all = pdfText(file, { layout: true });
    expect(all.replace(/\s+/g, " ").split("handover report for the operations team")).toHaveLength(9); // rows 1, 26, … 176
    expect(all.split("\n").filter((line) => line.includes("Extended on-site support")).every((line) => !line.includes("operations team"))).toBe(true);
    const total = new RegExp(`Total\\s+${formatMoney(TWO_HUNDRED_LINES.total, "EUR", "en-GB").replace(/[.,]/g, "\\$&")}`);
    expect(all.search(total)).toBeGreaterThan(all.indexOf("Row 200"));
    expect(all.indexOf("Row 200")).toBeGreaterThan(0);
  });
});

describe.each(BASE_DESIGNS)("the 20-line invoice in the %s design", (base) => {
  test("is one A4 page holding every block: parties, dates, all lines, VAT per rate, totals, payment and the QR code", () => {
    const layout = layoutInvoice(TWENTY_LINES, builtInTemplate(base));
    expect(layout.pages).toHaveLength(1);
    const [page] = layout.pages;
    const lines = page!.boxes.flatMap((box) => (box.kind === "text" ? [box.runs.map((run) => run.text).join("")] : []));
    const money = (minor: number): string => formatMoney(minor, "EUR", "de-DE");
    const expected = [
      "Zoë Müller Beratung GmbH",
      "Marktplatz 5",
      "USt-IdNr.: DE123456789",
      "USt-IdNr.: DE987654321",
      "1. Dezember 2026",
      ...TWENTY_LINES.items.map((item) => item.description),
      money(TWENTY_LINES.tax_breakdown[0]!.tax),
      money(TWENTY_LINES.tax_breakdown[1]!.tax),
      money(TWENTY_LINES.total),
      "DE02120300000000202051",
      "BYLADEM1001",
      "Seite 1 von 1",
    ];
    for (const text of expected) expect({ text, found: lines.some((line) => line.includes(text)) }).toEqual({ text, found: true });
    // The code: a white square and one rect per run of dark modules (hundreds for a version 6 symbol).
    expect(page!.boxes.filter((box) => box.kind === "rect" && box.fill === "#000000").length).toBeGreaterThan(100);
  });
});
