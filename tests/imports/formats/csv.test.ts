// readCsv and readTsv on files not written by this service (tests/fixtures/imports/tabular/): BOM,
// UTF-16, Windows-1252, ";" and "|" separators, CRLF, LF and CR, quoted newlines, decimal commas,
// continuation rows, contacts and products, formula injection, unbalanced quotes.
import { describe, expect, test } from "bun:test";
import { detectSeparator, parseDelimited, readCsv, readTsv } from "../../../server/imports/formats/csv.ts";
import { decodeText } from "../../../server/imports/text.ts";
import { expect422, fixture, options } from "./tabular-helpers.ts";

describe("decoding and splitting", () => {
  test("UTF-8 with and without BOM, UTF-16 LE and BE with BOM, Windows-1252 when not UTF-8", () => {
    const utf8 = new TextEncoder().encode("Zoë");
    expect(decodeText(utf8)).toBe("Zoë");
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]))).toBe("Zoë");
    expect(decodeText(new Uint8Array([0xff, 0xfe, 0x5a, 0x00, 0xeb, 0x00]))).toBe("Zë");
    expect(decodeText(new Uint8Array([0xfe, 0xff, 0x00, 0x5a, 0x00, 0xeb]))).toBe("Zë");
    expect(decodeText(new Uint8Array([0x5a, 0x6f, 0xeb, 0x80]))).toBe("Zoë€");
  });

  test("the separator is the one the header line holds most, quotes aside", () => {
    expect(detectSeparator('a;b;"c,d,e"\n1,2,3,4,5')).toBe(";");
    expect(detectSeparator("a\tb\tc")).toBe("\t");
    expect(detectSeparator("a|b|c")).toBe("|");
    expect(detectSeparator("a,b")).toBe(",");
    expect(detectSeparator("single")).toBe(",");
  });

  test("CRLF, LF and CR records; quoted separators, doubled quotes and line breaks", () => {
    expect(parseDelimited('a,"b,1","say ""hi""\r\nthere"\r\nc,d\ne,f\rg,h', ",")).toEqual([
      ["a", "b,1", 'say "hi"\r\nthere'],
      ["c", "d"],
      ["e", "f"],
      ["g", "h"],
    ]);
    expect(parseDelimited('5" pipe,x', ",")).toEqual([['5" pipe', "x"]]);
  });

  test("an unbalanced quote is a 422 naming the line it opened on", async () => {
    await expect422(() => readCsv(fixture("unbalanced.csv"), options()), /opened on line 2 is never closed/);
    await expect422(() => readCsv(new TextEncoder().encode('a,b\r\n1,2\r\n3,"x\r\ny\r\n'), options()), /line 3/);
  });
});

describe("fixtures", () => {
  test("German: BOM, semicolons, decimal commas with grouping, CRLF, a quoted newline, dd.mm.yyyy, unit words", async () => {
    const result = await readCsv(fixture("german-semicolon.csv"), options());
    expect(result.problems).toEqual([]);
    expect(result.rows).toBe(3);
    expect(result.invoices).toEqual([
      {
        place: { row: 2 },
        fields: {
          number: "RE-2026-001",
          issue_date: "2026-11-03",
          due_date: "2026-12-03",
          bill_to_name: "Beispiel AG",
          bill_to_tax_id: "DE987654321",
          items: [
            { description: "Beratung", quantity: 10, unit: "HUR", tax_rate: 19, rate: 123450 },
            { description: 'Fachbuch "Steuern"\r\n2. Auflage', quantity: 2, unit: "C62", tax_rate: 7, rate: 1999 },
          ],
        },
        status: "sent",
        totals: { total: 1469055 },
      },
      {
        place: { row: 4 },
        fields: { number: "RE-2026-002", issue_date: "2026-11-15", bill_to_name: "Muster & Söhne KG", items: [{ description: "Wartung", quantity: 0.5, unit: "DAY", tax_rate: 19, rate: 80000 }] },
        status: "paid",
        totals: { total: 47600 },
      },
    ]);
  });

  test("French in UTF-16 with BOM: amounts with a space group and a euro sign, dd/mm/yyyy", async () => {
    const result = await readCsv(fixture("french-utf16.csv"), options());
    expect(result.invoices).toEqual([
      {
        place: { row: 2 },
        fields: {
          number: "FA-12",
          issue_date: "2026-11-21",
          bill_to_name: "Société Générale d'Études",
          items: [{ description: "Développement", quantity: 3, tax_rate: 20, rate: 125000 }, { description: "Hébergement", quantity: 1, tax_rate: 20, rate: 4990 }],
        },
      },
    ]);
  });

  test("Spanish in Windows-1252 with CR line ends", async () => {
    const result = await readCsv(fixture("spanish-cp1252.csv"), options());
    expect(result.invoices[0]?.fields).toEqual({ number: "F-7", issue_date: "2026-11-05", bill_to_name: "José Núñez", items: [{ description: "Diseño web", quantity: 1, tax_rate: 21, rate: 150000 }] });
  });

  test("TSV: rows without a number continue the invoice above", async () => {
    const result = await readTsv(fixture("lines.tsv"), options());
    expect(result.invoices.map((draft) => [draft.fields.number, (draft.fields.items as Array<{ description: string }>).map((item) => item.description)])).toEqual([
      ["2026-17", ["Ontwerp", "Drukwerk", "Verzending"]],
      ["2026-18", ["Advies"]],
    ]);
    expect((result.invoices[0]?.fields.items as Array<{ rate: number }>).map((item) => item.rate)).toEqual([9500, 35, 1250]);
  });

  test("contacts become clients; a row without a name is a problem", async () => {
    const result = await readCsv(fixture("contacts.csv"), options());
    expect(result.invoices).toEqual([]);
    expect(result.clients.map((client) => client.fields)).toEqual([
      { name: "Beispiel AG", email: "ap@beispiel.example", phone: "+49 89 123456", tax_id: "DE987654321", notes: "Key account, pays early", address: { line1: "Marktplatz 5", city: "München", postal_code: "80331", country: "DE" } },
      { name: "Gulf Trading Co.", email: "billing@gulf.example", address: { line1: "Al Soor Street", city: "Kuwait City", country: "KW" } },
    ]);
    expect(result.problems).toEqual([{ row: 4, column: "Company", value: null, issue: "a client needs a name" }]);
  });

  test("products, pipe-separated; a formula price is a problem", async () => {
    const result = await readCsv(fixture("products.csv"), options());
    expect(result.products.map((product) => product.fields)).toEqual([
      { name: "Consulting", rate: 15000, description: "Senior consultant, per hour", unit: "HUR", currency: "EUR", tax_rate: 19, sku: "CONS-1" },
      { name: "Handbook", rate: 2990, unit: "C62", currency: "EUR", tax_rate: 7, sku: "BOOK-2" },
    ]);
    expect(result.problems).toEqual([{ row: 4, column: "Unit price", value: "=5*9.99", issue: "expected a value, not a formula (formulas are never evaluated)" }]);
  });

  test("formula injection: text stays text, the exporter's apostrophe is dropped, numeric formulas are problems", async () => {
    const result = await readCsv(fixture("formula-injection.csv"), options());
    expect(result.invoices).toEqual([
      {
        place: { row: 2 },
        fields: {
          number: "INJ-1",
          issue_date: "2026-11-01",
          bill_to_name: '=HYPERLINK("http://evil.example","click")',
          items: [{ description: "+cmd|' /C calc'!A0", quantity: 1, rate: 10000 }, { description: "=inert by the exporter", quantity: 1, rate: -500 }],
        },
      },
    ]);
    expect(result.problems.map((problem) => [problem.row, problem.column, problem.value])).toEqual([[4, "quantity", "=1+1"], [5, "unit_price", "@SUM(A1)"]]);
  });
});
