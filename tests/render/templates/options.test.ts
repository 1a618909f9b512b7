// The template options, each read back from the output: label overrides and hidden blocks from
// the PDF's text, fonts from pdffonts, margins from word positions (pdftotext -bbox), colours and
// the logo from the PNG's pixels.
import { describe, expect, test } from "bun:test";
import type { TextBox } from "../../../render/layout/boxes.ts";
import { layoutInvoice } from "../../../render/templates/index.ts";
import { SHOWABLE } from "../../../render/templates/options.ts";
import { BASE_DESIGNS } from "../../../server/domain/templates.ts";
import { builtInTemplate, type RenderTemplate } from "../../../render/templates/template.ts";
import { renderPdf, renderPng } from "../../../render/visual.ts";
import { pixelsOf } from "../paint/png-pixels.ts";
import { GERMAN, LOGO_COLOUR, logo, templateWith, TWO_HUNDRED_LINES } from "../../../scripts/samples/templates.ts";
import { colourBounds, countColour } from "./pixel-compare.ts";
import { pdfFile, pdfFonts, pdfText, pdfWords, skipPoppler, type PdfFile } from "./poppler.ts";

const POINTS_PER_MM = 72 / 25.4;

async function withPdf<T>(record: typeof GERMAN, template: RenderTemplate, read: (file: PdfFile) => T): Promise<T> {
  const file = pdfFile(await renderPdf(layoutInvoice(record, template)));
  try {
    return read(file);
  } finally {
    file.dispose();
  }
}

const textOf = (record: typeof GERMAN, template: RenderTemplate): Promise<string> => withPdf(record, template, (file) => pdfText(file, { layout: true }));
/** The text in drawing order, white space squeezed: a paragraph wrapped in its column reads as one line. */
const paragraphsOf = (template: RenderTemplate): Promise<string> => withPdf(GERMAN, template, (file) => pdfText(file, { raw: true }).replace(/\s+/g, " "));
const pngOf = async (template: RenderTemplate) => pixelsOf(await renderPng(layoutInvoice(GERMAN, template)));

describe.each(BASE_DESIGNS)("options of the %s design", (base) => {
  test.skipIf(skipPoppler)("label overrides replace the labels they name", async () => {
    const overrides = { billTo: "Kundin", description: "Leistung", total: "Summe brutto", iban: "Kontonummer", paymentInstructions: "So zahlen Sie" };
    const text = (await textOf(GERMAN, templateWith(base, (template) => (template.options.labels = overrides)))).toLowerCase();
    for (const replacement of Object.values(overrides)) expect(text).toContain(replacement.toLowerCase());
    for (const replaced of ["rechnungsempfänger", "beschreibung", "gesamtbetrag", "zahlungsinformationen"]) expect(text).not.toContain(replaced);
    expect(text).toMatch(/kontonummer\s+de02120300000000202051/);
  });

  test.skipIf(skipPoppler)("hidden blocks leave their text out", async () => {
    const hideAll = templateWith(base, (template) => (template.options.show = Object.fromEntries(SHOWABLE.map((key) => [key, false])) as typeof template.options.show));
    const shown = await textOf(GERMAN, builtInTemplate(base));
    const hidden = await textOf(GERMAN, hideAll);
    const [shownParagraphs, hiddenParagraphs] = [await paragraphsOf(builtInTemplate(base)), await paragraphsOf(hideAll)];
    const gone = ["USt-IdNr.", "30. Oktober 2026", "DE02120300000000202051", "Zahlbar innerhalb von 30 Tagen", "Vielen Dank für Ihren Auftrag.", "Seite 1 von 1"];
    for (const text of gone) expect({ text, shown: shownParagraphs.includes(text) }).toEqual({ text, shown: true });
    for (const text of gone) expect({ text, hidden: hiddenParagraphs.includes(text) }).toEqual({ text, hidden: false });
    expect(shown).toMatch(/Beratung\s+10\s+120,00 €\s+19\s*%\s+1\.200,00 €/);
    expect(hidden).toMatch(/Beratung\s+10\s+120,00 €\s+1\.200,00 €/);
    expect(hidden.toLowerCase()).not.toContain("mwst.-aufstellung");
    // Without the breakdown the totals still state the VAT per rate.
    expect(hidden).toMatch(/MwSt\. 7\s*%\s+2,80 €/);
    expect(hidden).toMatch(/MwSt\. 19\s*%\s+240,97 €/);
    expect(hidden).toMatch(/Offener Betrag\s+1\.052,00 €/);
  });

  test("the QR code and the payment facts hide independently", () => {
    const rects = (template: RenderTemplate): number => layoutInvoice(GERMAN, template).pages[0]!.boxes.filter((box) => box.kind === "rect").length;
    const ibanShown = (template: RenderTemplate): boolean =>
      layoutInvoice(GERMAN, template).pages[0]!.boxes.some((box) => box.kind === "text" && box.runs.some((run) => run.text.includes("DE02120300000000202051")));
    const noQr = templateWith(base, (template) => (template.options.show.qr_code = false));
    const qrOnly = templateWith(base, (template) => (template.options.show.payment = false));
    expect(rects(builtInTemplate(base)) - rects(noQr)).toBeGreaterThan(100);
    expect(ibanShown(noQr)).toBe(true);
    expect(ibanShown(qrOnly)).toBe(false);
    expect(rects(qrOnly)).toBe(rects(builtInTemplate(base)));
  });

  test.skipIf(skipPoppler)("fonts: body and heading families are the ones embedded", async () => {
    const template = templateWith(base, (each) => (each.options.fonts = { body: "mono", heading: "serif" }));
    const fonts = await withPdf(GERMAN, template, pdfFonts);
    expect(fonts).toEqual(expect.arrayContaining(["NotoSansMono-Regular", "NotoSansMono-Bold", "NotoSerif-Bold"]));
    expect(fonts.filter((font) => font.startsWith("NotoSans-"))).toEqual([]);
  });

  test.skipIf(skipPoppler)("margins move the content by as much as they change", async () => {
    const where = (template: RenderTemplate) =>
      withPdf(GERMAN, template, (file) => {
        const words = pdfWords(file, 1);
        const row = words.find((word) => word.text === "Reisekosten");
        const number = words.find((word) => word.text === "RE-2026-0042");
        if (!row || !number) throw new Error("words not found");
        const rowEnd = words.filter((word) => Math.abs(word.yMin - row.yMin) < 1).reduce((max, word) => Math.max(max, word.xMax), 0);
        return { left: row.xMin, top: number.yMin, right: rowEnd };
      });
    const base_ = builtInTemplate(base).options.margins;
    const moved = templateWith(base, (template) => (template.options.margins = { top: base_.top + 10, right: base_.right + 15, bottom: base_.bottom, left: base_.left + 20 }));
    const before = await where(builtInTemplate(base));
    const after = await where(moved);
    expect(after.left - before.left).toBeCloseTo(20 * POINTS_PER_MM, 0);
    expect(after.top - before.top).toBeCloseTo(10 * POINTS_PER_MM, 0);
    expect(before.right - after.right).toBeCloseTo(15 * POINTS_PER_MM, 0);
  });

  test("colours: the accent and panel colours are the ones painted", async () => {
    const green = [0, 200, 83] as const;
    const before = await pngOf(builtInTemplate(base));
    const after = await pngOf(templateWith(base, (template) => (template.options.colors = { ...template.options.colors, accent: "#00c853", panel: "#00c853" })));
    expect(countColour(before, green)).toBe(0);
    expect(countColour(after, green)).toBeGreaterThan(500);
  });

  test("a logo is drawn, aspect kept, when given and shown; not when hidden", async () => {
    const withLogo = templateWith(base, (template) => (template.logo = logo()));
    const hidden = templateWith(base, (template) => {
      template.logo = logo();
      template.options.show.logo = false;
    });
    const pixels = await pngOf(withLogo);
    expect(countColour(await pngOf(builtInTemplate(base)), LOGO_COLOUR, 8)).toBe(0);
    expect(countColour(await pngOf(hidden), LOGO_COLOUR, 8)).toBe(0);
    expect(countColour(pixels, LOGO_COLOUR, 8)).toBeGreaterThan(1000);
    const image = layoutInvoice(GERMAN, withLogo).pages[0]!.boxes.find((box) => box.kind === "image");
    if (image?.kind !== "image") throw new Error("an image box");
    expect(image.width / image.height).toBeCloseTo(3, 6);
    // Only the logo has its colour, so that colour's bounds are the drawn image's.
    const bounds = colourBounds(pixels, LOGO_COLOUR, 8);
    expect(Math.abs((bounds.right - bounds.left) / (bounds.bottom - bounds.top) - 3)).toBeLessThan(0.1);
    expect(bounds.right - bounds.left).toBeCloseTo(image.width * (96 / 72), -1);
  });
});

describe.skipIf(skipPoppler)("the footer", () => {
  test("is printed on every page", async () => {
    const footer = "Northwind Consulting Ltd · Registered in England and Wales No. 01234567";
    const template = templateWith("classic", (each) => (each.options.footer = footer));
    const layout = layoutInvoice(TWO_HUNDRED_LINES, template);
    expect(layout.pages.length).toBeGreaterThan(2);
    await withPdf(TWO_HUNDRED_LINES, template, (file) => {
      for (let page = 1; page <= layout.pages.length; page++) expect(pdfText(file, { first: page, last: page }).replace(/\s+/g, " ")).toContain(footer);
    });
    for (const page of layout.pages) {
      const lines = page.boxes.filter((box): box is TextBox => box.kind === "text").map((box) => box.runs.map((run) => run.text).join(""));
      expect(lines).toContain(footer);
    }
  });
});
