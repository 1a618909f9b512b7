// XLSX export read back by an independent reader (fflate + fast-xml-parser): the sheet's name and
// labels in the invoice's language, amounts as numeric cells with the currency's exact digits in
// their format, rates as fractions, dates as date cells, user text only ever as string cells.
import { describe, expect, test } from "bun:test";
import { toXlsx } from "../../../render/codecs/xlsx.ts";
import type { InvoiceRecord } from "../../../server/domain/invoice.ts";
import { ALL, FRENCH_CREDIT_NOTE, GERMAN, HOSTILE, JAPANESE, KUWAITI } from "../../../scripts/samples/invoices.ts";
import { readXlsx, type Cell, type Sheet } from "./xlsx-reader.ts";
import { DISCOUNTED, DISCOUNTED_DE } from "../discounted.ts";

const COLUMNS = ["A", "B", "C", "D", "E"];
const EURO = '#,##0.00"\u00a0€"';
const YEN = '"￥"#,##0';

const sheetOf = async (record: InvoiceRecord): Promise<Sheet> => readXlsx(await toXlsx(record));

/** A row's values, A to E, null where empty. */
function values(sheet: Sheet, row: number): Array<string | number | null> {
  return COLUMNS.map((column) => sheet.rows.get(row)?.get(column)?.value ?? null);
}

/** The first row whose column holds exactly this text. */
function rowOf(sheet: Sheet, text: string, column = "A"): number {
  const found = [...sheet.rows].find(([, cells]) => cells.get(column)?.value === text);
  if (!found) throw new Error(`no row with ${JSON.stringify(text)} in ${column}`);
  return found[0];
}

/** Rows from `first` up to the next empty row. */
function block(sheet: Sheet, first: number): Array<Array<string | number | null>> {
  const rows = [];
  for (let row = first; sheet.rows.get(row)?.size; row++) rows.push(values(sheet, row));
  return rows;
}

const GERMAN_SHEET = await sheetOf(GERMAN);
const HOSTILE_SHEET = await sheetOf(HOSTILE);

const cell = (sheet: Sheet, row: number, column: string): Cell | undefined => sheet.rows.get(row)?.get(column);
const formatAt = (sheet: Sheet, row: number, column: string): string | null => {
  const found = cell(sheet, row, column);
  return found?.type === "number" ? found.format : null;
};

describe("XLSX: EUR de-DE with 19 % and 7 %", () => {
  const sheet = GERMAN_SHEET;
  const header = rowOf(sheet, "Beschreibung");

  test("one sheet named after the document, title with the number, parties side by side", () => {
    expect(sheet.names).toEqual(["Rechnung"]);
    expect(cell(sheet, 1, "A")).toEqual({ type: "string", value: "Rechnung RE-2026-0042", bold: true });
    expect(block(sheet, 3)).toEqual([
      ["Absender", null, "Rechnungsempfänger", null, null],
      ["Zoë Müller Beratung GmbH", null, "Beispiel AG", null, null],
      ["Hauptstraße 1", null, "Marktplatz 5", null, null],
      ["10115 Berlin", null, "80331 München", null, null],
      ["Deutschland", null, "Bayern", null, null],
      ["billing@zoe-mueller.example", null, "Deutschland", null, null],
      ["USt-IdNr.: DE123456789", null, "ap@beispiel.example", null, null],
      [null, null, "USt-IdNr.: DE987654321", null, null],
    ]);
  });

  test("dates are date cells (serial days) in the reader's short-date format", () => {
    const first = rowOf(sheet, "Rechnungsdatum");
    // Excel serials count days from 1899-12-30: 2026-11-01 is 46327.
    expect(block(sheet, first)).toEqual([
      ["Rechnungsdatum", 46327, null, null, null],
      ["Fälligkeitsdatum", 46357, null, null, null],
      ["Liefer-/Leistungsdatum", 46325, null, null, null],
    ]);
    expect(cell(sheet, first, "B")).toMatchObject({ type: "number", formatId: 14 });
  });

  test("translated bold header, frozen beneath it, column widths", () => {
    expect(values(sheet, header)).toEqual(["Beschreibung", "Menge", "Einzelpreis", "MwSt.-Satz", "Betrag"]);
    expect(COLUMNS.every((column) => cell(sheet, header, column)?.bold)).toBe(true);
    expect(sheet.frozenRows).toBe(header);
    expect([...sheet.widths.keys()]).toEqual([1, 2, 3, 4, 5]);
    expect(sheet.widths.get(1)).toBeGreaterThan(sheet.widths.get(2) ?? 0);
  });

  test("lines and totals are numbers in major units; rates are fractions", () => {
    expect(block(sheet, header + 1)).toEqual([
      ["Beratung", 10, 120, 0.19, 1200],
      ["Fachbuch", 2, 19.99, 0.07, 39.98],
      ["Reisekosten", 1.5, 45.5, 0.19, 68.25],
      [null, null, null, "Zwischensumme", 1308.23],
      [null, null, null, "MwSt.", 243.77],
      [null, null, null, "Gesamtbetrag", 1552],
      [null, null, null, "Bereits bezahlt", 500],
      [null, null, null, "Offener Betrag", 1052],
    ]);
    for (let row = header + 1; row <= header + 8; row++) expect(cell(sheet, row, "E")?.type).toBe("number");
    expect(cell(sheet, header + 6, "E")?.bold).toBe(true);
    expect(cell(sheet, header + 7, "E")?.bold).toBe(false);
  });

  test("formats carry the currency's two decimals and symbol, a quantity's and a rate's own digits", () => {
    const line = header + 1;
    expect([formatAt(sheet, line, "C"), formatAt(sheet, line, "E"), formatAt(sheet, header + 6, "E")]).toEqual([EURO, EURO, EURO]);
    expect([formatAt(sheet, line, "B"), formatAt(sheet, line + 2, "B")]).toEqual(["#,##0", "#,##0.0"]);
    expect(formatAt(sheet, line, "D")).toBe("0%");
  });

  test("VAT breakdown with amounts under the amount columns, payment, notes", () => {
    expect(block(sheet, rowOf(sheet, "MwSt.-Aufstellung"))).toEqual([
      ["MwSt.-Aufstellung", null, null, null, null],
      ["MwSt.-Satz", null, null, "Nettobetrag", "MwSt."],
      ["MwSt. 7\u00a0%", null, null, 39.98, 2.8],
      ["MwSt. 19\u00a0%", null, null, 1268.25, 240.97],
    ]);
    expect(block(sheet, rowOf(sheet, "Zahlungsinformationen"))).toEqual([
      ["Zahlungsinformationen", null, null, null, null],
      ["Zahlungsbedingungen", "Zahlbar innerhalb von 30 Tagen ohne Abzug", null, null, null],
      ["IBAN", "DE02120300000000202051", null, null, null],
      ["BIC", "BYLADEM1001", null, null, null],
      ["Verwendungszweck", "RE-2026-0042", null, null, null],
    ]);
    expect(block(sheet, rowOf(sheet, "Anmerkungen"))).toEqual([
      ["Anmerkungen", null, null, null, null],
      ["Vielen Dank für Ihren Auftrag.", null, null, null, null],
    ]);
  });
});

describe("XLSX with discounted lines", () => {
  /** A row's values, A to F: the discount column moves the rate and the amount one to the right. */
  const sixColumns = (sheet: Sheet, row: number): Array<string | number | null> => [...COLUMNS, "F"].map((column) => sheet.rows.get(row)?.get(column)?.value ?? null);

  test("a discount column after the unit price, its percent a fraction; the amount is the net, the totals and VAT stay under theirs", async () => {
    const sheet = await sheetOf(DISCOUNTED_DE);
    const header = rowOf(sheet, "Beschreibung");
    const rows = (first: number, count: number) => Array.from({ length: count }, (_, index) => sixColumns(sheet, first + index));
    expect(rows(header, 7)).toEqual([
      ["Beschreibung", "Menge", "Einzelpreis", "Rabatt", "MwSt.-Satz", "Betrag"],
      ["Consulting", 40, 120, 0.1, 0.2, 4320],
      ["Travel", 1, 89.5, null, 0.2, 89.5],
      ["Licence seats", 3, 33.33, 0.025, 0.2, 97.49],
      [null, null, null, null, "Zwischensumme", 4506.99],
      [null, null, null, null, "MwSt.", 901.4],
      [null, null, null, null, "Gesamtbetrag", 5408.39],
    ]);
    expect([formatAt(sheet, header + 1, "D"), formatAt(sheet, header + 3, "D")]).toEqual(["0%", "0.0%"]);
    expect(["A", "B", "C", "D", "E", "F"].every((column) => cell(sheet, header, column)?.bold)).toBe(true);
    expect([...sheet.widths.keys()]).toEqual([1, 2, 3, 4, 5, 6]);
    const vat = rowOf(sheet, "MwSt.-Aufstellung");
    expect(rows(vat + 1, 2)).toEqual([
      ["MwSt.-Satz", null, null, null, "Nettobetrag", "MwSt."],
      ["MwSt. 20\u00a0%", null, null, null, 4506.99, 901.4],
    ]);
  });

  test("an invoice without a discount keeps its five columns", async () => {
    const plain = await sheetOf({ ...DISCOUNTED, items: DISCOUNTED.items.filter((item) => !item.discount_percent) });
    expect(sixColumns(plain, rowOf(plain, "Description"))).toEqual(["Description", "Quantity", "Unit price", "VAT rate", "Amount", null]);
  });
});

describe("XLSX in other currencies and languages", () => {
  test("JPY ja-JP: Japanese sheet and labels, whole yen with a yen format", async () => {
    const sheet = await sheetOf(JAPANESE);
    expect(sheet.names).toEqual(["請求書"]);
    const header = rowOf(sheet, "品目");
    expect(block(sheet, header)).toEqual([
      ["品目", "数量", "単価", "税率", "金額"],
      ["コンサルティング", 3, 150000, 0.1, 450000],
      ["お弁当", 12, 980, 0.08, 11760],
      [null, null, null, "小計", 461760],
      [null, null, null, "消費税", 45941],
      [null, null, null, "合計", 507701],
    ]);
    expect(formatAt(sheet, header + 1, "C")).toBe(YEN);
    expect(formatAt(sheet, header + 5, "E")).toBe(YEN);
    expect(values(sheet, rowOf(sheet, "消費税（8%）"))).toEqual(["消費税（8%）", null, null, 11760, 941]);
  });

  test("KWD: three decimals in the format, amounts exact to the fils", async () => {
    const sheet = await sheetOf(KUWAITI);
    const line = rowOf(sheet, "Spare part");
    expect(values(sheet, line)).toEqual(["Spare part", 4, 3.005, 0, 12.02]);
    expect(formatAt(sheet, line, "E")).toEndWith("#,##0.000");
    expect(formatAt(sheet, line, "E")).toContain("KWD");
  });

  test("a credit note in fr-FR: its sheet name, the invoice it corrects, category and exemption", async () => {
    const sheet = await sheetOf(FRENCH_CREDIT_NOTE);
    expect(sheet.names).toEqual(["Avoir"]);
    expect(cell(sheet, 1, "A")?.value).toBe("Avoir AV-2026-0003");
    // 2026-10-01 is serial 46296.
    expect(values(sheet, rowOf(sheet, "Facture d'origine"))).toEqual(["Facture d'origine", "RE-2026-0001", 46296, null, null]);
    expect(values(sheet, rowOf(sheet, "TVA 0\u00a0% (autoliquidation)"))).toEqual(["TVA 0\u00a0% (autoliquidation)", null, null, 380, 0]);
    expect(values(sheet, rowOf(sheet, "Motif d'exonération"))).toEqual(["Motif d'exonération", "Autoliquidation", null, null, null]);
  });

  test("without a number the title carries the translated DRAFT mark", async () => {
    expect(cell(await sheetOf({ ...GERMAN, number: null }), 1, "A")?.value).toBe("Rechnung — ENTWURF");
    expect(cell(await sheetOf({ ...JAPANESE, number: null }), 1, "A")?.value).toBe("請求書 — 下書き");
    expect(cell(await sheetOf(HOSTILE), 1, "A")?.value).toBe("Invoice — DRAFT");
  });

  test("2^53 − 1 minor units: the double nearest the exact decimal", async () => {
    const huge = { ...GERMAN, total: Number.MAX_SAFE_INTEGER, amount_paid: 0 };
    const sheet = await sheetOf(huge);
    expect(values(sheet, rowOf(sheet, "Gesamtbetrag", "D"))[4]).toBe(Number("90071992547409.91"));
  });
});

describe("XLSX with hostile text", () => {
  const sheet = HOSTILE_SHEET;

  test("user text stays string cells, never formulas; line breaks kept", () => {
    expect(sheet.formulas).toBe(0);
    expect(cell(sheet, rowOf(sheet, HOSTILE.bill_to_name, "C"), "C")?.type).toBe("string");
    expect(rowOf(sheet, HOSTILE.from_name)).toBeGreaterThan(1);
    expect(rowOf(sheet, "Line one\nLine two\nLine three")).toBeGreaterThan(rowOf(sheet, "Description"));
    expect(rowOf(sheet, HOSTILE.notes ?? "")).toBeGreaterThan(rowOf(sheet, "Notes"));
  });

  test("negative amounts, a quarter quantity and an 8.875 % rate keep their digits", () => {
    const line = rowOf(sheet, "Line one\nLine two\nLine three");
    expect(values(sheet, line).slice(1)).toEqual([0.25, -4, 0.08875, -1]);
    expect([formatAt(sheet, line, "B"), formatAt(sheet, line, "C"), formatAt(sheet, line, "D")]).toEqual(["#,##0.00", '"$"#,##0.00', "0.000%"]);
  });

  test("characters XML cannot carry are dropped, and the file still opens", async () => {
    const sheet = await sheetOf({ ...HOSTILE, notes: "a\u0001b\u000bc\u0000d" });
    expect(rowOf(sheet, "abcd")).toBeGreaterThan(rowOf(sheet, "Notes"));
  });
});

describe("XLSX, every fixture", () => {
  for (const [name, record] of ALL) {
    test(`${name}: every line's numbers are numeric cells`, async () => {
      const sheet = await sheetOf(record);
      const header = sheet.frozenRows ?? 0;
      for (let row = header + 1; row <= header + record.items.length; row++) {
        expect(["B", "C", "D", "E"].map((column) => cell(sheet, row, column)?.type)).toEqual(["number", "number", "number", "number"]);
      }
    });
  }
});
