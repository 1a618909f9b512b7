// Each built-in design lays out the full German invoice on one page, and poppler reads it back:
// the words and numbers in reading order (number, parties, every line with its amount, totals,
// VAT, payment, notes), the page size for A4 and Letter, the title and language.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { PAPER } from "../../../render/layout/boxes.ts";
import { layoutInvoice } from "../../../render/templates/index.ts";
import { BASE_DESIGNS } from "../../../server/domain/templates.ts";
import { builtInTemplate } from "../../../render/templates/template.ts";
import { renderPdf } from "../../../render/visual.ts";
import { GERMAN, templateWith } from "../../../scripts/samples/templates.ts";
import { pdfFile, pdfInfo, pdfText, skipPoppler, type PdfFile } from "./poppler.ts";

const CREATED_AT = new Date("2026-11-01T10:00:00Z");
const files = new Map<string, PdfFile>();

beforeAll(async () => {
  for (const base of BASE_DESIGNS) {
    files.set(base, pdfFile(await renderPdf(layoutInvoice(GERMAN, builtInTemplate(base)), { createdAt: CREATED_AT })));
    const letter = templateWith(base, (template) => (template.options.paper = "Letter"));
    files.set(`${base}-letter`, pdfFile(await renderPdf(layoutInvoice(GERMAN, letter), { createdAt: CREATED_AT })));
  }
});

afterAll(() => {
  for (const file of files.values()) file.dispose();
});

const fileOf = (key: string): PdfFile => {
  const file = files.get(key);
  if (!file) throw new Error(`no PDF for ${key}`);
  return file;
};

/** Where each needle is in the text, in the order given; -1 for a missing one. */
const positions = (text: string, needles: readonly string[]): number[] => needles.map((needle) => text.indexOf(needle));
const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A table row: its cells in order with any space between them (poppler may drop a no-break space). */
const row = (...cells: string[]): RegExp => new RegExp(cells.map((cell) => escaped(cell).replace(/ /g, "\\s*")).join("\\s+"));

describe.each(BASE_DESIGNS)("the %s design", (base) => {
  test("lays out one A4 page titled with the heading, in the invoice's language", () => {
    const layout = layoutInvoice(GERMAN, builtInTemplate(base));
    expect(layout.title).toBe("Rechnung RE-2026-0042");
    expect(layout.language).toBe("de-DE");
    expect(layout.pages).toHaveLength(1);
    expect(layout.pages[0]).toMatchObject(PAPER.A4);
  });

  test("is the same layout every time (pure)", () => {
    expect(layoutInvoice(GERMAN, builtInTemplate(base))).toEqual(layoutInvoice(GERMAN, builtInTemplate(base)));
  });

  test.skipIf(skipPoppler)("pdfinfo: one page, A4 or Letter as asked, the title", () => {
    expect(pdfInfo(fileOf(base))).toEqual({ pages: 1, pageSize: "595.28 x 841.89 pts (A4)", title: "Rechnung RE-2026-0042" });
    expect(pdfInfo(fileOf(`${base}-letter`))).toEqual({ pages: 1, pageSize: "612 x 792 pts (letter)", title: "Rechnung RE-2026-0042" });
  });

  test.skipIf(skipPoppler)("pdftotext: number, parties, lines, totals, VAT, payment and notes in reading order", () => {
    const text = pdfText(fileOf(base), { layout: true });
    expect(text).toMatch(/^\s*Rechnung\s*$/im); // the title line (capitals in the bold design)
    const order = ["RE-2026-0042", "Hauptstraße 1", "Marktplatz 5", "1.200,00 €", "Fachbuch", "Reisekosten", "Zwischensumme", "Offener Betrag", "DE02120300000000202051", "Vielen Dank für Ihren Auftrag."];
    const found = positions(text, order);
    expect(Object.fromEntries(order.map((needle, index) => [needle, found[index]! >= 0]))).toEqual(Object.fromEntries(order.map((needle) => [needle, true])));
    expect(found).toEqual([...found].sort((a, b) => a - b));
    expect(text).toMatch(row("Beratung", "10", "120,00 €", "19 %", "1.200,00 €"));
    expect(text).toMatch(row("Fachbuch", "2", "19,99 €", "7 %", "39,98 €"));
    expect(text).toMatch(row("Reisekosten", "1,5", "45,50 €", "19 %", "68,25 €"));
    for (const [label, amount] of [["Zwischensumme", "1.308,23 €"], ["Gesamtbetrag", "1.552,00 €"], ["Bereits bezahlt", "500,00 €"], ["Offener Betrag", "1.052,00 €"]]) {
      expect(text).toMatch(row(label as string, amount as string));
    }
    expect(text).toMatch(row("MwSt. 7 %", "39,98 €", "2,80 €"));
    expect(text).toMatch(row("MwSt. 19 %", "1.268,25 €", "240,97 €"));
    expect(text).toMatch(/Liefer-\/Leistungsdatum/i);
    // Facts are read in drawing order, where a value wrapped in its column (the payment terms in the
    // summary's left column) stays one paragraph.
    const paragraphs = pdfText(fileOf(base), { raw: true }).replace(/\s+/g, " ");
    for (const fact of ["Zoë Müller Beratung GmbH", "Beispiel AG", "80331 München", "USt-IdNr.: DE987654321", "1. November 2026", "1. Dezember 2026", "30. Oktober 2026", "BYLADEM1001", "Zahlbar innerhalb von 30 Tagen ohne Abzug"]) {
      expect(paragraphs).toContain(fact);
    }
    expect(text).toMatch(/Seite 1 von 1/);
  });

  test.skipIf(skipPoppler)("Letter paper lays the same content out on the narrower, shorter page", () => {
    const text = pdfText(fileOf(`${base}-letter`), { layout: true });
    expect(text).toMatch(row("Beratung", "10", "120,00 €", "19 %", "1.200,00 €"));
    expect(text).toMatch(row("Offener Betrag", "1.052,00 €"));
  });
});

describe.each(BASE_DESIGNS)("the %s design's title", (base) => {
  test("a type name longer than its frame is set smaller, never broken inside the word", () => {
    const layout = layoutInvoice({ ...GERMAN, type: "credit_note" }, builtInTemplate(base));
    const lines = layout.pages[0]!.boxes.flatMap((box) => (box.kind === "text" ? [box.runs.map((run) => run.text).join("")] : []));
    expect(lines.some((line) => line.toLowerCase() === "rechnungskorrektur")).toBe(true);
  });
});
