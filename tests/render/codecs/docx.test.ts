// DOCX export read back by mammoth (docx only writes): the words and localized numbers in reading
// order, headings and tables as HTML, user text as literal text. The two things mammoth does not
// report, paragraph alignment and the document language, are read from the package's XML with
// fflate + fast-xml-parser.
import { describe, expect, test } from "bun:test";
import { XMLParser } from "fast-xml-parser";
import { strFromU8, unzipSync } from "fflate";
import mammoth from "mammoth";
import { toDocx } from "../../../render/codecs/docx.ts";
import type { InvoiceRecord } from "../../../server/domain/invoice.ts";
import { at, list, type Node } from "../einvoice/summary.ts";
import { ALL, FRENCH_CREDIT_NOTE, GERMAN, HOSTILE, JAPANESE } from "../../../scripts/samples/invoices.ts";
import { DISCOUNT_LINES, DISCOUNTED, DISCOUNTED_DE } from "../discounted.ts";

type Read = { text: string; html: string; xml: (path: string) => Node };

const REPEATED = new Set(["w:tbl", "w:tr", "w:tc", "w:p"]);
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", isArray: (name, _path, _leaf, attribute) => !attribute && REPEATED.has(name) });

async function read(record: InvoiceRecord): Promise<Read> {
  const bytes = await toDocx(record);
  const buffer = Buffer.from(bytes);
  const [text, html] = await Promise.all([mammoth.extractRawText({ buffer }), mammoth.convertToHtml({ buffer })]);
  expect([...text.messages, ...html.messages]).toEqual([]);
  const files = unzipSync(bytes);
  return { text: text.value, html: html.value, xml: (path) => parser.parse(strFromU8(files[path] ?? new Uint8Array())) as Node };
}

/** Each part appears after the one before it. */
function expectInOrder(text: string, parts: readonly string[]): void {
  let from = 0;
  for (const part of parts) {
    const index = text.indexOf(part, from);
    if (index < 0) throw new Error(`${JSON.stringify(part)} not found after ${JSON.stringify(text.slice(Math.max(0, from - 40), from))}`);
    from = index + part.length;
  }
}

/** The w:lang of the document's default run properties. */
const language = (read: Read): Node => at(read.xml("word/styles.xml"), "w:styles", "w:docDefaults", "w:rPrDefault", "w:rPr", "w:lang") as Node;

/** For each table, for each row, each cell's paragraph alignment ("start" where none is set). */
function alignments(read: Read): string[][][] {
  const tables = list(read.xml("word/document.xml"), "w:document", "w:body", "w:tbl");
  return tables.map((table) =>
    list(table, "w:tr").map((row) => list(row, "w:tc").map((cell) => String(at(list(cell, "w:p")[0], "w:pPr", "w:jc", "@w:val") ?? "start"))),
  );
}

const GERMAN_READ = await read(GERMAN);
const euro = (amount: string): string => `${amount}\u00a0€`;

describe("DOCX: EUR de-DE with 19 % and 7 %", () => {
  test("every block in reading order, amounts localized", () => {
    expectInOrder(GERMAN_READ.text, [
      "Rechnung RE-2026-0042",
      "Absender", "Zoë Müller Beratung GmbH", "Hauptstraße 1", "10115 Berlin", "Deutschland", "USt-IdNr.: DE123456789",
      "Rechnungsempfänger", "Beispiel AG", "Marktplatz 5", "80331 München", "Bayern", "USt-IdNr.: DE987654321",
      "Rechnungsdatum: 1. November 2026", "Fälligkeitsdatum: 1. Dezember 2026", "Liefer-/Leistungsdatum: 30. Oktober 2026",
      "Beschreibung", "Menge", "Einzelpreis", "MwSt.-Satz", "Betrag",
      "Beratung", "10", euro("120,00"), "19\u00a0%", euro("1.200,00"),
      "Fachbuch", "2", euro("19,99"), "7\u00a0%", euro("39,98"),
      "Reisekosten", "1,5", euro("45,50"), "19\u00a0%", euro("68,25"),
      "Zwischensumme", euro("1.308,23"), "MwSt.", euro("243,77"), "Gesamtbetrag", euro("1.552,00"),
      "Bereits bezahlt", euro("500,00"), "Offener Betrag", euro("1.052,00"),
      "MwSt.-Aufstellung", "MwSt.-Satz", "Nettobetrag", "MwSt.",
      "MwSt. 7\u00a0%", euro("39,98"), euro("2,80"), "MwSt. 19\u00a0%", euro("1.268,25"), euro("240,97"),
      "Zahlungsinformationen", "Zahlungsbedingungen: Zahlbar innerhalb von 30 Tagen ohne Abzug",
      "IBAN: DE02120300000000202051", "BIC: BYLADEM1001", "Verwendungszweck: RE-2026-0042",
      "Anmerkungen", "Vielen Dank für Ihren Auftrag.",
    ]);
  });

  test("a heading, parties as lines, a header row, strong totals, section headings", () => {
    const { html } = GERMAN_READ;
    expect(html).toStartWith("<h1>Rechnung RE-2026-0042</h1>");
    expect(html).toContain("<p><strong>Absender</strong><br />Zoë Müller Beratung GmbH<br />Hauptstraße 1<br />");
    expect(html).toContain("<thead><tr><th><p><strong>Beschreibung</strong></p></th>");
    expect(html).toContain(`<td><p><strong>Gesamtbetrag</strong></p></td><td><p><strong>${euro("1.552,00")}</strong></p></td>`);
    expect(html).toContain(`<td><p>Zwischensumme</p></td><td><p>${euro("1.308,23")}</p></td>`);
    expect(html.match(/<h2>[^<]*<\/h2>/g)).toEqual(["<h2>MwSt.-Aufstellung</h2>", "<h2>Zahlungsinformationen</h2>", "<h2>Anmerkungen</h2>"]);
  });

  test("numeric columns right-aligned in both tables, text columns not", () => {
    const [lines, breakdown] = alignments(GERMAN_READ);
    // Header, three lines, subtotal, VAT, total, paid, due.
    expect(lines).toHaveLength(9);
    for (const row of lines ?? []) expect(row).toEqual(["start", "right", "right", "right", "right"]);
    expect(breakdown).toHaveLength(3);
    for (const row of breakdown ?? []) expect(row).toEqual(["start", "right", "right"]);
  });

  test("the document language is the invoice's", () => {
    expect(language(GERMAN_READ)).toEqual({ "@w:val": "de-DE" });
  });
});

describe("DOCX in other languages", () => {
  test("JPY ja-JP: Japanese words, whole yen, East Asian language set", async () => {
    const japanese = await read(JAPANESE);
    expectInOrder(japanese.text, [
      "請求書 INV-2026-0007", "発行元", "請求先", "株式会社サンプル", "請求日：2026年11月1日", "支払期日：2026年11月30日",
      "品目", "数量", "単価", "税率", "金額",
      "コンサルティング", "3", "￥150,000", "10%", "￥450,000", "お弁当", "12", "￥980", "8%", "￥11,760",
      "小計", "￥461,760", "消費税", "￥45,941", "合計", "￥507,701",
      "税率別内訳", "消費税（8%）", "￥11,760", "￥941", "消費税（10%）", "￥450,000", "￥45,000", "お振込先",
    ]);
    expect(language(japanese)).toEqual({ "@w:val": "ja-JP", "@w:eastAsia": "ja-JP" });
  });

  test("a credit note in fr-FR: its title, the invoice it corrects, the category and exemption reason", async () => {
    const credit = await read(FRENCH_CREDIT_NOTE);
    expectInOrder(credit.text, [
      "Avoir AV-2026-0003",
      "Facture d'origine\u202f: RE-2026-0001 (1 octobre 2026)",
      "Remise sur développement", "380,00\u00a0€",
      "Total TTC", "380,00\u00a0€",
      "TVA 0\u00a0% (autoliquidation)", "380,00\u00a0€", "0,00\u00a0€",
      "Motif d'exonération\u202f: Autoliquidation",
    ]);
    expect(language(credit)).toEqual({ "@w:val": "fr-FR" });
  });

  test("without a number the heading carries the translated DRAFT mark", async () => {
    expect((await read({ ...GERMAN, number: null })).html).toStartWith("<h1>Rechnung — ENTWURF</h1>");
    expect((await read({ ...JAPANESE, number: null })).html).toStartWith("<h1>請求書 — 下書き</h1>");
    expect((await read(HOSTILE)).html).toStartWith("<h1>Invoice — DRAFT</h1>");
  });
});

describe("DOCX with hostile text", () => {
  test("markup stays text, line breaks stay breaks, nothing becomes HTML", async () => {
    const { text, html } = await read(HOSTILE);
    expectInOrder(text, [HOSTILE.from_name, HOSTILE.bill_to_name, 'Widget | "Pro", size 2*3 _x_', "Line one", "Line two", "Line three", "<script>alert(1)</script> & [link](x)"]);
    expect(html).not.toContain("<script");
    expect(html).toContain("<td><p>Line one<br />Line two<br />Line three</p></td>");
    const notes = (HOSTILE.notes ?? "").replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").split("\n");
    expect(html).toEndWith(`<h2>Notes</h2><p>${notes.join("<br />")}</p>`);
  });

  test("characters XML cannot carry are dropped, and the file still opens", async () => {
    const { text } = await read({ ...HOSTILE, notes: "a\u0001b\u000bc\u0000d" });
    expect(text).toContain("abcd");
  });
});

describe("DOCX with discounted lines", () => {
  test("the discount after a break in the description's cell, in the invoice's language; the amount is the net", async () => {
    for (const [record, lines, amounts] of [
      [DISCOUNTED, DISCOUNT_LINES.en, ["€4,320.00", "€97.49"]],
      [DISCOUNTED_DE, DISCOUNT_LINES.de, ["4.320,00 €", "97,49 €"]],
    ] as const) {
      const { html } = await read(record);
      const spaced = html.replace(/\u00a0/g, " ");
      expect(spaced).toContain(`<td><p>Consulting<br />${lines[0]}</p></td>`);
      expect(spaced).toContain(`<td><p>Licence seats<br />${lines[1]}</p></td>`);
      expect(spaced).toContain("<td><p>Travel</p></td>");
      for (const amount of amounts) expect(spaced).toContain(`<p>${amount}</p>`);
    }
  });
});

describe("DOCX, every fixture", () => {
  for (const [name, record] of ALL) {
    test(`${name}: opens in mammoth with one row per line and total`, async () => {
      const [lines] = alignments(await read(record));
      const totals = record.amount_paid !== 0 ? 5 : 3;
      expect(lines).toHaveLength(1 + record.items.length + totals);
    });
  }
});
