// What a template prints: label overrides replace a label everywhere the document uses it, in
// every language; hidden optional facts are gone from the content itself.
import { describe, expect, test } from "bun:test";
import { invoiceDocument } from "../../../render/document.ts";
import { LABELS } from "../../../render/labels/index.ts";
import { relabelled, templateDocument } from "../../../render/templates/content.ts";
import { BASE_DEFAULTS, OVERRIDABLE_LABELS, type TemplateOptions } from "../../../render/templates/options.ts";
import { GERMAN, JAPANESE } from "../../../scripts/samples/templates.ts";

const options = (change: (options: TemplateOptions) => void): TemplateOptions => {
  const result = structuredClone(BASE_DEFAULTS.classic);
  change(result);
  return result;
};

describe("label overrides", () => {
  test("no two overridable labels of a language share a text, so an override finds exactly its label", () => {
    for (const [language, labels] of Object.entries(LABELS)) {
      const texts = OVERRIDABLE_LABELS.map((key) => labels[key]);
      expect({ language, unique: new Set(texts).size }).toEqual({ language, unique: texts.length });
    }
  });

  test("an override replaces the label in every block that prints it, in German and in Japanese", () => {
    const overrides = { billTo: "Kunde", amount: "Summe", total: "Zu zahlen", iban: "Konto", dueDate: "Zahlbar bis", taxRate: "Steuer", draft: "Vorschau" };
    for (const record of [GERMAN, JAPANESE]) {
      const document = relabelled(invoiceDocument(record), overrides);
      expect(document.parties[1]?.label).toBe("Kunde");
      expect(document.lineHeader).toContain("Summe");
      expect(document.lineHeader).toContain("Steuer");
      expect(document.taxHeader[0]).toBe("Steuer");
      expect(document.totals.map((total) => total.label)).toContain("Zu zahlen");
      expect(document.dates.map((date) => date.label)).toContain("Zahlbar bis");
      expect(document.labels.draft).toBe("Vorschau");
      if (record.payment?.iban) expect(document.payment.map((fact) => fact.label)).toContain("Konto");
    }
  });

  test("no overrides leave the document as it was", () => {
    const document = invoiceDocument(GERMAN);
    expect(relabelled(document, {})).toBe(document);
  });
});

describe("hidden facts", () => {
  test("tax ids, delivery date and notes are dropped when hidden, kept when shown", () => {
    const shown = templateDocument(GERMAN, BASE_DEFAULTS.classic);
    expect(shown.parties.map((party) => party.taxId)).toEqual(["DE123456789", "DE987654321"]);
    expect(shown.dates).toHaveLength(3);
    expect(shown.notes).toBe("Vielen Dank für Ihren Auftrag.");
    const hidden = templateDocument(
      GERMAN,
      options((o) => Object.assign(o.show, { tax_ids: false, delivery_date: false, notes: false })),
    );
    expect(hidden.parties.map((party) => party.taxId)).toEqual([null, null]);
    expect(hidden.dates.map((date) => date.label)).toEqual(["Rechnungsdatum", "Fälligkeitsdatum"]);
    expect(hidden.notes).toBeNull();
  });
});
