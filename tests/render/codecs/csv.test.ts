// CSV export: RFC 4180 bytes (BOM, CRLF, quoting) read back by an independent reader, one row per
// line with the invoice's fields repeated and amounts as exact machine decimals.
import { describe, expect, test } from "bun:test";
import { BOM, toCsv } from "../../../render/codecs/csv.ts";
import type { InvoiceRecord } from "../../../server/domain/invoice.ts";
import { readCsv } from "./csv-reader.ts";
import { ALL, GERMAN, HOSTILE, JAPANESE, KUWAITI } from "../../../scripts/samples/invoices.ts";
import { DISCOUNTED } from "../discounted.ts";

const HEADER = [
  "number", "type", "status", "issue_date", "due_date", "currency", "from_name", "bill_to_name", "bill_to_tax_id",
  "line", "description", "quantity", "unit", "unit_price", "discount_percent", "tax_category", "tax_rate", "line_amount",
  "subtotal", "tax", "total", "amount_paid", "amount_due",
];

/** The file as objects keyed by header, after checking the BOM and the header row. */
function rowsOf(record: InvoiceRecord): Array<Record<string, string>> {
  const text = toCsv(record);
  expect(text.startsWith(BOM)).toBe(true);
  const [header, ...rows] = readCsv(text.slice(BOM.length));
  expect(header).toEqual(HEADER);
  return rows.map((row) => {
    expect(row).toHaveLength(HEADER.length);
    return Object.fromEntries(HEADER.map((name, index) => [name, row[index] ?? ""]));
  });
}

describe("CSV file shape", () => {
  for (const [name, record] of ALL) {
    test(`${name}: BOM, header, one CRLF-ended row per line`, () => {
      expect(rowsOf(record)).toHaveLength(record.items.length);
      expect(toCsv(record).endsWith("\r\n")).toBe(true);
    });
  }

  test("the KWD invoice, byte for byte", () => {
    expect(toCsv(KUWAITI)).toBe(
      `${BOM}${HEADER.join(",")}\r\n` +
        "INV-2026-0100,invoice,draft,2026-11-01,,KWD,Zoë Müller Beratung GmbH,Gulf Trading Co.,,1,Support plan,1,C62,1.250,,Z,0,1.250,13.270,0.000,13.270,0.000,13.270\r\n" +
        "INV-2026-0100,invoice,draft,2026-11-01,,KWD,Zoë Müller Beratung GmbH,Gulf Trading Co.,,2,Spare part,4,C62,3.005,,Z,0,12.020,13.270,0.000,13.270,0.000,13.270\r\n",
    );
  });

  test("an invoice without lines still has its row, line columns empty", () => {
    const [row, ...rest] = rowsOf({ ...GERMAN, items: [] });
    expect(rest).toEqual([]);
    expect(row).toMatchObject({ number: "RE-2026-0042", line: "", description: "", quantity: "", unit_price: "", total: "1552.00" });
  });
});

describe("CSV values", () => {
  test("EUR de-DE: key fields repeated, effective rates and categories, amounts with two decimals", () => {
    const rows = rowsOf(GERMAN);
    expect(rows.map((row) => [row.line, row.description, row.quantity, row.unit_price, row.tax_category, row.tax_rate, row.line_amount])).toEqual([
      ["1", "Beratung", "10", "120.00", "S", "19", "1200.00"],
      ["2", "Fachbuch", "2", "19.99", "S", "7", "39.98"],
      ["3", "Reisekosten", "1.5", "45.50", "S", "19", "68.25"],
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({ number: "RE-2026-0042", currency: "EUR", bill_to_tax_id: "DE987654321", subtotal: "1308.23", tax: "243.77", total: "1552.00", amount_paid: "500.00", amount_due: "1052.00" });
    }
  });

  test("a discounted line's percent as a machine number, empty on a line without one; line_amount is the net", () => {
    expect(rowsOf(DISCOUNTED).map((row) => [row.description, row.quantity, row.unit_price, row.discount_percent, row.line_amount])).toEqual([
      ["Consulting", "40", "120.00", "10", "4320.00"],
      ["Travel", "1", "89.50", "", "89.50"],
      ["Licence seats", "3", "33.33", "2.5", "97.49"],
    ]);
  });

  test("JPY has no decimals", () => {
    expect(rowsOf(JAPANESE).map((row) => [row.unit_price, row.line_amount, row.total])).toEqual([
      ["150000", "450000", "507701"],
      ["980", "11760", "507701"],
    ]);
  });

  test("amounts stay exact up to 2^53−1 minor units, negatives included", () => {
    const huge = { ...KUWAITI, total: Number.MAX_SAFE_INTEGER, amount_due: -Number.MAX_SAFE_INTEGER };
    expect(rowsOf(huge)[0]).toMatchObject({ total: "9007199254740.991", amount_due: "-9007199254740.991" });
  });

  test("commas, quotes, pipes and line breaks read back as written", () => {
    const rows = rowsOf(HOSTILE);
    expect(rows.map((row) => row.description)).toEqual(HOSTILE.items.map((item) => item.description));
    expect(rows[0]?.from_name).toBe('Acme, "Best" | *Widgets*');
    expect(rows[1]).toMatchObject({ quantity: "0.25", unit_price: "-4.00", line_amount: "-1.00", tax_rate: "8.875" });
  });

  test("text a spreadsheet would run as a formula gets a leading apostrophe; numbers never do", () => {
    const rows = rowsOf(HOSTILE);
    expect(rows[0]?.bill_to_name).toBe("'=HYPERLINK(\"http://evil.example\")");
    const formulas = { ...GERMAN, items: GERMAN.items.map((item, index) => ({ ...item, description: ["+1", "-2", "@SUM(A1)"][index] ?? "" })) };
    expect(rowsOf(formulas).map((row) => row.description)).toEqual(["'+1", "'-2", "'@SUM(A1)"]);
  });
});
