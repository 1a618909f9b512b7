// Markdown export: the exact text of a German invoice, and the hostile invoice read by an independent
// GFM parser (marked) to show that user text stays text and numeric columns stay right-aligned.
import { describe, expect, test } from "bun:test";
import { marked, type Token, type Tokens } from "marked";
import { toMarkdown } from "../../../render/codecs/markdown.ts";
import { ALL, FRENCH_CREDIT_NOTE, GERMAN, HOSTILE, JAPANESE } from "../../../scripts/samples/invoices.ts";
import { DISCOUNT_LINES, DISCOUNTED, DISCOUNTED_DE } from "../discounted.ts";

const blocks = (markdown: string): Token[] => marked.lexer(markdown).filter((token) => token.type !== "space");
const tables = (markdown: string): Tokens.Table[] => blocks(markdown).filter((token): token is Tokens.Table => token.type === "table");

/** What a reader sees: escapes resolved, hard breaks and <br> as newlines. Anything else is markup. */
function plain(tokens: readonly Token[]): string {
  return tokens
    .map((token) => {
      if (token.type === "text" || token.type === "escape") return token.text;
      if (token.type === "br" || (token.type === "html" && token.text === "<br>")) return "\n";
      // GFM links a bare URL or e-mail address; the reader still sees the text as written.
      if (token.type === "link" && token.raw === token.text) return token.text;
      throw new Error(`user text became ${token.type}: ${token.raw}`);
    })
    .join("");
}

/** A paragraph's lines as a reader sees them, its bold label left out. */
function linesOf(paragraph: Tokens.Paragraph | undefined): string[] {
  const tokens = (paragraph?.tokens ?? []).filter((token) => token.type !== "strong");
  return plain(tokens).split("\n").map((line) => line.trim());
}

describe("Markdown text", () => {
  test("EUR de-DE, every block", () => {
    expect(toMarkdown(GERMAN)).toBe(
      [
        "# Rechnung RE-2026-0042",
        "",
        "**Absender** \\",
        "Zoë Müller Beratung GmbH \\",
        "Hauptstraße 1 \\",
        "10115 Berlin \\",
        "Deutschland \\",
        "billing@zoe-mueller.example \\",
        "USt-IdNr.: DE123456789",
        "",
        "**Rechnungsempfänger** \\",
        "Beispiel AG \\",
        "Marktplatz 5 \\",
        "80331 München \\",
        "Bayern \\",
        "Deutschland \\",
        "ap@beispiel.example \\",
        "USt-IdNr.: DE987654321",
        "",
        "**Rechnungsdatum**: 1. November 2026 \\",
        "**Fälligkeitsdatum**: 1. Dezember 2026 \\",
        "**Liefer-/Leistungsdatum**: 30. Oktober 2026",
        "",
        "| Beschreibung | Menge | Einzelpreis | MwSt.-Satz | Betrag |",
        "| :-- | --: | --: | --: | --: |",
        "| Beratung | 10 | 120,00\u00a0€ | 19\u00a0% | 1.200,00\u00a0€ |",
        "| Fachbuch | 2 | 19,99\u00a0€ | 7\u00a0% | 39,98\u00a0€ |",
        "| Reisekosten | 1,5 | 45,50\u00a0€ | 19\u00a0% | 68,25\u00a0€ |",
        "|  |  |  | Zwischensumme | 1.308,23\u00a0€ |",
        "|  |  |  | MwSt. | 243,77\u00a0€ |",
        "|  |  |  | **Gesamtbetrag** | **1.552,00\u00a0€** |",
        "|  |  |  | Bereits bezahlt | 500,00\u00a0€ |",
        "|  |  |  | **Offener Betrag** | **1.052,00\u00a0€** |",
        "",
        "## MwSt.-Aufstellung",
        "",
        "| MwSt.-Satz | Nettobetrag | MwSt. |",
        "| :-- | --: | --: |",
        "| MwSt. 7\u00a0% | 39,98\u00a0€ | 2,80\u00a0€ |",
        "| MwSt. 19\u00a0% | 1.268,25\u00a0€ | 240,97\u00a0€ |",
        "",
        "## Zahlungsinformationen",
        "",
        "**Zahlungsbedingungen**: Zahlbar innerhalb von 30 Tagen ohne Abzug \\",
        "**IBAN**: DE02120300000000202051 \\",
        "**BIC**: BYLADEM1001 \\",
        "**Verwendungszweck**: RE-2026-0042",
        "",
        "## Anmerkungen",
        "",
        "Vielen Dank für Ihren Auftrag.",
        "",
      ].join("\n"),
    );
  });

  test("JPY ja-JP: Japanese labels, yen without decimals, full-width colon", () => {
    const markdown = toMarkdown(JAPANESE);
    expect(markdown).toStartWith("# 請求書 INV-2026-0007\n");
    expect(markdown).toContain("**請求日**：2026年11月1日 \\\n**支払期日**：2026年11月30日\n");
    expect(markdown).toContain("| コンサルティング | 3 | ￥150,000 | 10% | ￥450,000 |\n");
    expect(markdown).toContain("|  |  |  | **合計** | **￥507,701** |\n");
    expect(markdown).toContain("| 消費税（8%） | ￥11,760 | ￥941 |\n");
  });

  test("a credit note in fr-FR: its title, the invoice it corrects, the category and exemption reason", () => {
    const markdown = toMarkdown(FRENCH_CREDIT_NOTE);
    expect(markdown).toStartWith("# Avoir AV-2026-0003\n");
    expect(markdown).toContain("**Facture d'origine**\u202f: RE-2026-0001 (1 octobre 2026)");
    expect(markdown).toContain("| TVA 0\u00a0% (autoliquidation) | 380,00\u00a0€ | 0,00\u00a0€ |");
    expect(markdown).toContain("**Motif d'exonération**\u202f: Autoliquidation");
    expect(markdown).toContain("|  |  |  | **Total TTC** | **380,00\u00a0€** |");
  });

  test("without a number the title carries the translated DRAFT mark", () => {
    expect(toMarkdown({ ...GERMAN, number: null })).toStartWith("# Rechnung — ENTWURF\n");
    expect(toMarkdown({ ...JAPANESE, number: null })).toStartWith("# 請求書 — 下書き\n");
    expect(toMarkdown(HOSTILE)).toStartWith("# Invoice — DRAFT\n");
  });

  test("labels follow the locale's language (de-AT → German), unknown languages fall back to English", () => {
    expect(toMarkdown({ ...GERMAN, locale: "de-AT" })).toContain("**Rechnungsempfänger**");
    expect(toMarkdown({ ...GERMAN, locale: "ar-KW" })).toContain("**Bill to**");
  });
});

describe("Markdown with discounted lines", () => {
  test("the discount on a line of its own in the description's cell, in the invoice's language; the amount is the net", () => {
    for (const [record, lines, amounts] of [
      [DISCOUNTED, DISCOUNT_LINES.en, ["€4,320.00", "€89.50", "€97.49"]],
      [DISCOUNTED_DE, DISCOUNT_LINES.de, ["4.320,00 €", "89,50 €", "97,49 €"]],
    ] as const) {
      const [table] = tables(toMarkdown(record));
      const rows = (table?.rows ?? []).slice(0, 3).map((row) => row.map((cell) => plain(cell.tokens).replace(/\u00a0/g, " ")));
      expect(rows.map((row) => [row[0], row[4]])).toEqual([
        [`Consulting\n${lines[0]}`, amounts[0]],
        ["Travel", amounts[1]],
        [`Licence seats\n${lines[1]}`, amounts[2]],
      ]);
    }
  });
});

describe("Markdown read by a GFM parser", () => {
  test("hostile text stays text: no lists, code, HTML, emphasis or extra columns", () => {
    const markdown = toMarkdown(HOSTILE);
    expect(blocks(markdown).map((token) => token.type)).toEqual([
      "heading", "paragraph", "paragraph", "paragraph", "table", "heading", "table", "heading", "paragraph", "heading", "paragraph",
    ]);
    const [, from, billTo, , , , , , , , notes] = blocks(markdown) as Tokens.Paragraph[];
    expect(linesOf(from)[1]).toBe(HOSTILE.from_name);
    expect(linesOf(billTo).slice(1)).toEqual([HOSTILE.bill_to_name, HOSTILE.bill_to_email ?? ""]);
    expect(linesOf(notes)).toEqual((HOSTILE.notes ?? "").split("\n").map((line) => line.trim()));
  });

  test("a description with pipes and line breaks stays in its cell", () => {
    const [lines] = tables(toMarkdown(HOSTILE));
    for (const row of lines?.rows ?? []) expect(row).toHaveLength(5);
    const descriptions = (lines?.rows ?? []).slice(0, HOSTILE.items.length).map((row) => plain(row[0]?.tokens ?? []));
    expect(descriptions).toEqual(HOSTILE.items.map((item) => item.description.replace(/\r\n?/g, "\n")));
  });

  for (const [name, record] of ALL) {
    test(`${name}: text left-aligned, numbers right-aligned`, () => {
      const [lines, breakdown] = tables(toMarkdown(record));
      expect(lines?.align).toEqual(["left", "right", "right", "right", "right"]);
      expect(breakdown?.align).toEqual(["left", "right", "right"]);
    });
  }
});
