// readXlsx: a workbook laid out by hand (merged header band, date cells, bare serial dates, percent
// cells, a formula's cached value), formulas without a value, zip bombs and malformed packages.
// Sheets without a header row go to formats/printed.ts (its own tests; here only that they go).
import { describe, expect, test } from "bun:test";
import ExcelJS from "exceljs";
import { strToU8, zipSync } from "fflate";
import { cellPlace, percentText, readXlsx, sheetCurrency, styleOfCode } from "../../../server/imports/formats/xlsx.ts";
import { toXlsx } from "../../../render/codecs/xlsx.ts";
import { GERMAN, JAPANESE, KUWAITI } from "../../../scripts/samples/invoices.ts";
import { MAX_IMPORT_ROWS } from "../../../server/imports/model.ts";
import { DOCUMENT_BUDGETS } from "../../../server/domain/document-budgets.ts";
import { expect422, fixture, options } from "./tabular-helpers.ts";

async function workbook(fill: (sheet: ExcelJS.Worksheet) => void): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  fill(book.addWorksheet("Sheet1"));
  return new Uint8Array(await book.xlsx.writeBuffer());
}

/** A minimal package written by hand, for what exceljs will not write. */
function handWritten(sheetData: string, extra: Record<string, string> = {}): Uint8Array {
  return zipSync({
    "xl/workbook.xml": strToU8('<workbook xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>'),
    "xl/_rels/workbook.xml.rels": strToU8('<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>'),
    "xl/worksheets/sheet1.xml": strToU8(`<worksheet><sheetData>${sheetData}</sheetData></worksheet>`),
    ...Object.fromEntries(Object.entries(extra).map(([name, text]) => [name, strToU8(text)])),
  });
}

describe("cells", () => {
  test("number formats: dates, percentages, numbers", () => {
    expect(styleOfCode("dd.mm.yyyy")).toBe("date");
    expect(styleOfCode("[$-407]d. mmmm yyyy")).toBe("date");
    expect(styleOfCode("h:mm")).toBe("number");
    expect(styleOfCode('#,##0.00 "€"')).toBe("number");
    expect(styleOfCode('"day "0')).toBe("number");
    expect(styleOfCode("0.00%")).toBe("percent");
    expect(percentText(0.19)).toBe("19%");
    expect(percentText(0.08875)).toBe("8.875%");
    expect(percentText(1)).toBe("100%");
    expect(percentText(0)).toBe("0%");
    expect(cellPlace("AB12")).toEqual({ row: 11, column: 27 });
  });
});

describe("tables", () => {
  test("merged header band, date cells, serial dates, percent cells and a formula's cached value", async () => {
    const result = await readXlsx(fixture("merged-header.xlsx"), options());
    expect(result.problems).toEqual([]);
    expect(result.invoices).toEqual([
      {
        place: { row: 3 },
        fields: {
          number: "RE-1001",
          issue_date: "2026-01-15",
          due_date: "2026-02-14",
          bill_to_name: "Beispiel AG",
          bill_to_email: "ap@beispiel.example",
          items: [{ description: "Beratung", quantity: 10, tax_rate: 19, rate: 12000 }, { description: "Fachbuch", quantity: 2, tax_rate: 7, rate: 1999 }],
        },
      },
      {
        place: { row: 5 },
        fields: { number: "RE-1002", issue_date: "2026-02-02", due_date: "2026-03-04", bill_to_name: "Muster & Söhne KG", bill_to_email: "info@muster.example", items: [{ description: "Wartung", quantity: 1.5, tax_rate: 19, rate: 10 }] },
      },
    ]);
  });

  test("rich-text shared strings, inline strings and booleans", async () => {
    const bytes = handWritten(
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><t>email</t></is></c></row>' +
        '<row r="2"><c r="A2" t="s"><v>1</v></c><c r="B2" t="inlineStr"><is><r><t>a@</t></r><r><t>b.example</t></r></is></c><c r="C2" t="b"><v>1</v></c></row>',
      { "xl/sharedStrings.xml": '<sst><si><t>name</t></si><si><r><t>Zoë</t></r><r><rPr><b/></rPr><t>-GmbH</t></r><rPh><t>ゾエ</t></rPh></si></sst>' },
    );
    const result = await readXlsx(bytes, options());
    expect(result.clients.map((client) => client.fields)).toEqual([{ name: "Zoë-GmbH", email: "a@b.example" }]);
  });

  test("a formula saved without its value is a problem; its record is skipped", async () => {
    const bytes = await workbook((sheet) => {
      sheet.addRow(["number", "description", "unit_price"]);
      sheet.addRow(["A-1", "ok", 10]);
      sheet.addRow(["A-2", "no value", null]);
      sheet.getCell("C3").value = { formula: "C2*2" } as ExcelJS.CellFormulaValue;
    });
    const result = await readXlsx(bytes, options());
    expect(result.invoices.map((draft) => draft.fields.number)).toEqual(["A-1"]);
    expect(result.problems).toEqual([{ row: 3, column: "unit_price", value: "=", issue: "a value: the formula was saved without its result (recalculate and save the file)" }]);
  });

  test("the first sheet with data is read; a string formula cell in a numeric column is a problem", async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet("Empty");
    const sheet = book.addWorksheet("Data");
    sheet.addRow(["name", "unit_price", "sku"]);
    sheet.addRow(["Widget", "=1+1", "W-1"]);
    sheet.addRow(["Gadget", 2.5, "G-1"]);
    const result = await readXlsx(new Uint8Array(await book.xlsx.writeBuffer()), options());
    expect(result.products.map((product) => product.fields)).toEqual([{ name: "Gadget", rate: 250, sku: "G-1" }]);
    expect(result.problems[0]).toMatchObject({ row: 2, column: "unit_price", value: "=1+1" });
  });

  test(`more than ${MAX_IMPORT_ROWS} rows is a 422`, async () => {
    const rows = Array.from({ length: MAX_IMPORT_ROWS + 101 }, (_, index) => `<row r="${index + 1}"><c r="A${index + 1}" t="inlineStr"><is><t>x</t></is></c></row>`).join("");
    await expect422(() => readXlsx(handWritten(rows), options()), /at most 10,000 rows/);
  });
});

describe("printed layouts", () => {
  test("a sheet without a header row (the service's own XLSX export) is read as a printed document", async () => {
    const result = await readXlsx(await toXlsx(GERMAN), options());
    expect(result.invoices[0]?.fields).toMatchObject({ number: GERMAN.number, bill_to_name: GERMAN.bill_to_name });
  });
});

describe("a printed sheet's currency, from its money formats", () => {
  test.each([
    ["yen, written fullwidth by the ja-JP format", JAPANESE],
    ["Kuwaiti dinar, three decimals", KUWAITI],
  ])("%s: read in its own currency whatever the account's, totals exact", async (_name, record) => {
    const result = await readXlsx(await toXlsx(record), options({ currency: "EUR" }));
    expect(result.invoices[0]?.fields.currency).toBe(record.currency);
    expect(result.invoices[0]?.totals).toMatchObject({ subtotal: record.subtotal, tax: record.tax, total: record.total });
  });

  test("a symbol of several currencies keeps the given one when it may be meant, else the symbol's first", () => {
    expect(sheetCurrency(['"$"#,##0.00'], "CAD")).toBe("CAD");
    expect(sheetCurrency(['"$"#,##0.00'], "EUR")).toBe("USD");
    expect(sheetCurrency(["#,##0.00"], "CHF")).toBe("CHF");
  });
});

describe("refused files", () => {
  test("an entry inflating to other than its declared size is a 422 (zip bomb)", async () => {
    await expect422(() => readXlsx(fixture("zip-bomb-declared.xlsx"), options()), /unpacks to 5242880 bytes, not the 1000 it declares/);
  });

  test("an entry declaring 300 MB is a 413 naming zip.entryBytes before anything is inflated", async () => {
    const refused = await readXlsx(fixture("zip-bomb-huge.xlsx"), options()).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "PAYLOAD_TOO_LARGE", details: { limit: "zip.entryBytes", value: 314_572_800, max: DOCUMENT_BUDGETS.zip.entryBytes } });
  });

  test("malformed XML, a truncated package, no workbook, a DOCTYPE, an empty workbook", async () => {
    await expect422(() => readXlsx(fixture("malformed.xlsx"), options()), /not well-formed/);
    const good = fixture("merged-header.xlsx");
    await expect422(() => readXlsx(good.subarray(0, good.length / 2), options()), /not a readable ZIP/);
    await expect422(() => readXlsx(zipSync({ "a.txt": strToU8("x") }), options()), /no xl\/workbook.xml/);
    await expect422(() => readXlsx(handWritten("", { "xl/workbook.xml": '<!DOCTYPE x [<!ENTITY a "b">]><workbook/>' }), options()), /DOCTYPE/);
    await expect422(() => readXlsx(handWritten(""), options()), /no worksheet holds a value/);
  });
});
