// A discounted line in every design: its discount sits on a line of its own beneath the description
// ("Discount 10% (-€480.00)", in the invoice's language), left-aligned with it, while the row's
// unit price stays the price and its amount is the net. Checked on the layout (the boxes the PDF,
// SVG and PNG painters all draw) and read back from the PDF by poppler's pdftotext.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { DocumentLayout, TextBox } from "../../../render/layout/boxes.ts";
import { layoutInvoice } from "../../../render/templates/index.ts";
import { builtInTemplate } from "../../../render/templates/template.ts";
import { renderPdf } from "../../../render/visual.ts";
import type { InvoiceRecord } from "../../../server/domain/invoice.ts";
import { BASE_DESIGNS } from "../../../server/domain/templates.ts";
import { DISCOUNT_LINES, DISCOUNTED, DISCOUNTED_DE } from "../discounted.ts";
import { pdfFile, pdfText, skipPoppler, type PdfFile } from "./poppler.ts";

const CASES = { en: DISCOUNTED, de: DISCOUNTED_DE } as const satisfies Record<keyof typeof DISCOUNT_LINES, InvoiceRecord>;
const LANGUAGES = Object.keys(CASES) as Array<keyof typeof CASES>;
/** Each language's description, unit price and amount of the two discounted lines. */
const ROWS = {
  en: [["Consulting", "€120.00", "€4,320.00"], ["Licence seats", "€33.33", "€97.49"]],
  de: [["Consulting", "120,00 €", "4.320,00 €"], ["Licence seats", "33,33 €", "97,49 €"]],
} as const;

const files = new Map<string, PdfFile>();
beforeAll(async () => {
  for (const base of BASE_DESIGNS) {
    for (const language of LANGUAGES) files.set(`${base}-${language}`, pdfFile(await renderPdf(layoutInvoice(CASES[language], builtInTemplate(base)))));
  }
});
afterAll(() => {
  for (const file of files.values()) file.dispose();
});

/** No-break and narrow no-break spaces as spaces: Intl puts them in "10 %" and "480,00 €". */
const spaced = (text: string): string => text.replace(/[\u00a0\u202f]/g, " ");
const textBoxes = (layout: DocumentLayout): TextBox[] => layout.pages.flatMap((page) => page.boxes.filter((box): box is TextBox => box.kind === "text"));
const textOf = (box: TextBox): string => spaced(box.runs.map((run) => run.text).join(""));
const left = (box: TextBox): number => Math.min(...box.runs.map((run) => run.x));

function boxOf(layout: DocumentLayout, text: string): TextBox {
  const found = textBoxes(layout).filter((box) => textOf(box) === text);
  expect({ text, found: found.length }).toEqual({ text, found: 1 });
  return found[0]!;
}

describe.each(BASE_DESIGNS)("the %s design", (base) => {
  test.each(LANGUAGES)("%s: each discount beneath its description, the amount the net on the description's line", (language) => {
    const layout = layoutInvoice(CASES[language], builtInTemplate(base));
    expect(layout.pages).toHaveLength(1);
    ROWS[language].forEach(([description, price, amount], index) => {
      const named = boxOf(layout, description);
      const discount = boxOf(layout, DISCOUNT_LINES[language][index]!);
      expect(left(discount)).toBeCloseTo(left(named), 3);
      expect(discount.baseline).toBeGreaterThan(named.baseline);
      expect(discount.baseline - named.baseline).toBeLessThan(named.size * 2);
      for (const number of [price, amount]) expect(boxOf(layout, number).baseline).toBeCloseTo(named.baseline, 3);
    });
    // The line without a discount has none.
    expect(textBoxes(layout).filter((box) => /Discount|Rabatt/.test(textOf(box)))).toHaveLength(2);
  });

  test.skipIf(skipPoppler).each(LANGUAGES)("%s: pdftotext reads the row, then its discount on the next line", (language) => {
    const text = spaced(pdfText(files.get(`${base}-${language}`)!, { layout: true }));
    const lines = text.split("\n").map((line) => line.trim().replace(/\s+/g, " "));
    ROWS[language].forEach(([description, price, amount], index) => {
      const row = lines.findIndex((line) => line.startsWith(`${description} `) && line.includes(price) && line.endsWith(amount));
      expect({ description, row: row >= 0 }).toEqual({ description, row: true });
      expect(lines[row + 1]).toBe(DISCOUNT_LINES[language][index]);
    });
  });
});
