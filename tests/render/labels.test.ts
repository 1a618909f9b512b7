// Labels: every language carries every key (tsc checks the type; this checks the values), the
// locale picks the language, and the invoice vocabulary is the one each language's invoices use.
import { describe, expect, test } from "bun:test";
import { LABELS, labelsFor, type Labels } from "../../render/labels/index.ts";

/** Each label as text: nested tables flattened, functions called with sample arguments. */
function flattened(labels: Labels): Record<string, string> {
  const entries = Object.entries(labels).flatMap(([key, value]): Array<[string, string]> => {
    if (key === "taxAt") return [[key, labels.taxAt("19 %")]];
    if (key === "pageOf") return [[key, labels.pageOf("2", "5")]];
    if (key === "lineDiscount") return [[key, labels.lineDiscount("10 %", "-12,00 €")]];
    if (typeof value === "object") return Object.entries(value).map(([inner, text]) => [`${key}.${inner}`, String(text)]);
    return [[key, String(value)]];
  });
  return Object.fromEntries(entries);
}

describe("labels", () => {
  const english = flattened(LABELS.en);

  for (const [language, labels] of Object.entries(LABELS)) {
    test(`${language}: every key, none empty, arguments placed`, () => {
      const text = flattened(labels);
      expect(Object.keys(text).sort()).toEqual(Object.keys(english).sort());
      for (const [key, value] of Object.entries(text)) expect({ key, empty: value.trim() === "" }).toEqual({ key, empty: false });
      expect(text.taxAt).toContain("19 %");
      expect(text.pageOf).toMatch(/2\D+5/);
      expect(text.lineDiscount).toMatch(/10 %.*-12,00 €/);
    });
  }

  test("the locale's language picks the labels, English when there are none", () => {
    expect(labelsFor("de-DE")).toBe(LABELS.de);
    expect(labelsFor("de-AT")).toBe(LABELS.de);
    expect(labelsFor("pt-BR")).toBe(LABELS.pt);
    expect(labelsFor("ja")).toBe(LABELS.ja);
    expect(labelsFor("fr-CA")).toBe(LABELS.fr);
    expect(labelsFor("ar-KW")).toBe(LABELS.en);
    expect(labelsFor("zh-Hant-TW")).toBe(LABELS.en);
  });

  test("each language uses its own invoice vocabulary", () => {
    const pick = (labels: Labels) => [labels.title.invoice, labels.issueDate, labels.dueDate, labels.subtotal, labels.tax, labels.total];
    expect(pick(LABELS.de)).toEqual(["Rechnung", "Rechnungsdatum", "Fälligkeitsdatum", "Zwischensumme", "MwSt.", "Gesamtbetrag"]);
    expect(pick(LABELS.fr)).toEqual(["Facture", "Date de facturation", "Date d'échéance", "Sous-total", "TVA", "Total TTC"]);
    expect(pick(LABELS.ja)).toEqual(["請求書", "請求日", "支払期日", "小計", "消費税", "合計"]);
    const drafts = Object.values(LABELS).map((labels) => labels.draft);
    expect(new Set(drafts).size).toBe(drafts.length);
  });

  test("a line's discount in each language's own word, the column's header and the line beneath a description alike", () => {
    const words = Object.fromEntries(Object.entries(LABELS).map(([language, labels]) => [language, labels.discount]));
    expect(words).toEqual({ en: "Discount", de: "Rabatt", fr: "Remise", es: "Descuento", it: "Sconto", nl: "Korting", pt: "Desconto", ja: "値引き" });
    for (const labels of Object.values(LABELS)) expect(labels.lineDiscount("10 %", "-12,00 €").startsWith(`${labels.discount} 10 %`)).toBe(true);
  });
});
