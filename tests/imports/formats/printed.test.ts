// The printed-document readers: the service's Markdown, HTML, DOCX and XLSX exports of the text
// fixtures (every language and currency they print) read back with their type, number, locale,
// currency, lines and stated totals; plain tables written by hand going to the tabular reader;
// locales and currencies told apart by how the document prints them; bad cells as problems; and
// malformed files, a DOCTYPE and a zip bomb refused with a 422 naming the problem.
import { describe, expect, test } from "bun:test";
import { zipSync } from "fflate";
import { toDocx } from "../../../render/codecs/docx.ts";
import { toHtml } from "../../../render/codecs/html.ts";
import { toMarkdown } from "../../../render/codecs/markdown.ts";
import { toXlsx } from "../../../render/codecs/xlsx.ts";
import { builtInTemplate } from "../../../render/templates/template.ts";
import { RECORD_KEYS } from "../../../routers/imports/record-keys.ts";
import { AppError } from "../../../server/domain/errors.ts";
import type { InvoiceRecord } from "../../../server/domain/invoice.ts";
import { readDocx } from "../../../server/imports/formats/docx.ts";
import { readHtml } from "../../../server/imports/formats/html.ts";
import { readMarkdown } from "../../../server/imports/formats/markdown.ts";
import { afterColon } from "../../../server/imports/formats/printed-blocks.ts";
import { readPrintedRows } from "../../../server/imports/formats/printed-grid.ts";
import { decimalOf } from "../../../server/imports/formats/printed-values.ts";
import { MAX_IMPORT_ROWS, type ReadOptions, type ReadResult } from "../../../server/imports/model.ts";
import { FRENCH_CREDIT_NOTE, GERMAN, HOSTILE, JAPANESE, KUWAITI } from "../../../scripts/samples/invoices.ts";
import { DISCOUNTED, DISCOUNTED_DE } from "../../render/discounted.ts";
import { gridOf } from "./xlsx-grid.ts";

const OPTIONS: ReadOptions = { currency: "EUR", today: "2026-11-27", recordKeys: RECORD_KEYS };
const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

const READERS: Record<string, (record: InvoiceRecord) => Promise<ReadResult>> = {
  Markdown: (record) => readMarkdown(encode(toMarkdown(record)), OPTIONS),
  HTML: (record) => readHtml(encode(toHtml(record, builtInTemplate("modern"))), OPTIONS),
  DOCX: async (record) => readDocx(await toDocx(record), OPTIONS),
  // The grid carries no currency: the XLSX reader passes the account's (here the record's).
  XLSX: async (record) => readPrintedRows(await gridOf(await toXlsx(record)), { ...OPTIONS, currency: record.currency }),
};

async function refusal(read: Promise<unknown>): Promise<{ issue: unknown; message: string }> {
  try {
    await read;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    const appError = error as AppError;
    expect(appError.code).toBe("VALIDATION_ERROR");
    return { issue: (appError.details as { issue?: unknown } | undefined)?.issue, message: appError.message };
  }
  throw new Error("the file was read");
}

function only(result: ReadResult): Record<string, unknown> {
  expect(result.invoices).toHaveLength(1);
  return result.invoices[0]!.fields;
}

/** A DOCX package around a document body, as Word writes the part. */
function docx(body: string, extra: Record<string, Uint8Array> = {}): Uint8Array {
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`;
  return zipSync({ "[Content_Types].xml": encode("<Types/>"), "word/document.xml": encode(document), ...extra });
}

const cell = (text: string): string => `<w:tc><w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p></w:tc>`;
const docxTable = (rows: string[][]): string => `<w:tbl>${rows.map((row) => `<w:tr>${row.map(cell).join("")}</w:tr>`).join("")}</w:tbl>`;

describe("the service's own exports", () => {
  for (const [format, read] of Object.entries(READERS)) {
    test(`${format}: every fixture's type, number, language, currency, lines and totals`, async () => {
      const german = only(await read(GERMAN));
      expect(german).toMatchObject({ type: "invoice", number: "RE-2026-0042", currency: "EUR", issue_date: "2026-11-01", due_date: "2026-12-01", delivery_date: "2026-10-30" });
      expect(String(german.locale)).toStartWith("de");
      expect(german.items).toEqual([
        { description: "Beratung", quantity: 10, rate: 12_000, tax_rate: 19 },
        { description: "Fachbuch", quantity: 2, rate: 1_999, tax_rate: 7 },
        { description: "Reisekosten", quantity: 1.5, rate: 4_550, tax_rate: 19 },
      ]);
      expect((await read(GERMAN)).invoices[0]!.totals).toEqual({ subtotal: 130_823, tax: 24_377, total: 155_200, amount_paid: 50_000, amount_due: 105_200 });

      const japanese = only(await read(JAPANESE));
      expect(japanese).toMatchObject({ number: "INV-2026-0007", currency: "JPY", due_date: "2026-11-30", bill_to_name: "株式会社サンプル" });
      expect(String(japanese.locale)).toStartWith("ja");
      expect(japanese.bill_to_address).toEqual({ line1: "千代田1-1", line2: null, postal_code: "100-0001", city: "千代田区", region: "東京都", country: "JP" });

      const kuwaiti = only(await read(KUWAITI));
      expect(kuwaiti).toMatchObject({ currency: "KWD", locale: "en", from_tax_id: "DE123456789" });
      expect((kuwaiti.items as unknown[])[1]).toMatchObject({ quantity: 4, rate: 3_005 });

      const credit = only(await read(FRENCH_CREDIT_NOTE));
      expect(credit).toMatchObject({
        type: "credit_note",
        number: "AV-2026-0003",
        bill_to_tax_id: "FR40303265045",
        preceding_invoice: { number: "RE-2026-0001", issue_date: "2026-10-01" },
        tax_exemption_reason: "Autoliquidation",
        items: [{ description: "Remise sur développement", quantity: 1, rate: 38_000, tax_rate: 0, tax_category: "AE" }],
      });

      const hostile = only(await read(HOSTILE));
      expect(hostile.number).toBeUndefined();
      expect(hostile).toMatchObject({ currency: "USD", from_name: 'Acme, "Best" | *Widgets*', bill_to_name: '=HYPERLINK("http://evil.example")', bill_to_email: "a_b@example.com" });
      expect((hostile.items as Array<{ description: string }>)[0]!.description).toBe('Widget | "Pro", size 2*3 _x_');
      expect(String(hostile.notes)).toContain("<script>alert(1)</script> & [link](x) `tick` ~~strike~~ \\");
    });
  }

  test("a discounted line: its discount read from beneath the description (the XLSX column), in English and German", async () => {
    for (const [format, read] of Object.entries(READERS)) {
      for (const record of [DISCOUNTED, DISCOUNTED_DE]) {
        const result = await read(record);
        expect({ format, locale: record.locale, problems: result.problems }).toEqual({ format, locale: record.locale, problems: [] });
        expect({ format, locale: record.locale, items: only(result).items }).toEqual({
          format,
          locale: record.locale,
          items: [
            { description: "Consulting", quantity: 40, rate: 12_000, tax_rate: 20, discount_percent: 10 },
            { description: "Travel", quantity: 1, rate: 8_950, tax_rate: 20 },
            { description: "Licence seats", quantity: 3, rate: 3_333, tax_rate: 20, discount_percent: 2.5 },
          ],
        });
      }
    }
  });

  test("a description whose last line only looks like a discount stays whole: its amount is not what the percent takes off", async () => {
    // 10 % of 2 × €5.00 is €1.00: a line saying €2.00 is the description's own text.
    const [first] = DISCOUNTED.items;
    const record: InvoiceRecord = { ...DISCOUNTED, items: [{ ...first!, description: "Promo\nDiscount 10% (-€2.00)", quantity: 2, rate: 500, discount_percent: undefined, amount: 1_000 }] };
    for (const read of [READERS.Markdown!, READERS.HTML!, READERS.DOCX!]) {
      expect((only(await read(record)).items as unknown[])[0]).toEqual({ description: "Promo\nDiscount 10% (-€2.00)", quantity: 2, rate: 500, tax_rate: 20 });
    }
  });

  test("HTML and DOCX state the exact locale; Markdown gives the language when the region prints alike", async () => {
    expect(only(await READERS.HTML!(HOSTILE)).locale).toBe("en-US");
    expect(only(await READERS.DOCX!(HOSTILE)).locale).toBe("en-US");
    expect(only(await READERS.Markdown!(HOSTILE)).locale).toBe("en");
  });

  test("Markdown: a region is read from how dates print (en-GB); an ambiguous '$' is the account's currency, else the language's", async () => {
    const british = only(await readMarkdown(encode(toMarkdown({ ...KUWAITI, locale: "en-GB", currency: "GBP" })), OPTIONS));
    expect(british).toMatchObject({ locale: "en-GB", currency: "GBP" });
    const canadian = { ...HOSTILE, locale: "en-CA", currency: "CAD", bill_to_address: { line1: null, line2: null, city: "Toronto", postal_code: null, region: null, country: "CA" } };
    expect(only(await readMarkdown(encode(toMarkdown(canadian)), { ...OPTIONS, currency: "CAD" }))).toMatchObject({ currency: "CAD" });
    // "$" in English prints alike for USD under en and CAD under en-CA: the account's currency decides, else the language's own.
    const dollars = encode(toMarkdown({ ...HOSTILE, locale: "en" }));
    expect(only(await readMarkdown(dollars, { ...OPTIONS, currency: "CAD" }))).toMatchObject({ currency: "CAD" });
    expect(only(await readMarkdown(dollars, OPTIONS))).toMatchObject({ currency: "USD", locale: "en" });
  });

  test("HTML without the VAT rate column: the lines have no rate, the rest reads", async () => {
    const template = builtInTemplate("classic");
    template.options.show.tax_rate_column = false;
    const fields = only(await readHtml(encode(toHtml(GERMAN, template)), OPTIONS));
    expect(fields.items).toEqual([
      { description: "Beratung", quantity: 10, rate: 12_000 },
      { description: "Fachbuch", quantity: 2, rate: 1_999 },
      { description: "Reisekosten", quantity: 1.5, rate: 4_550 },
    ]);
  });

  test("a cell that does not read is a problem naming its place, column and text; the rest goes on", async () => {
    const markdown = toMarkdown(GERMAN).replace("| Beratung | 10 |", "| Beratung | zehn |");
    const result = await readMarkdown(encode(markdown), OPTIONS);
    expect(result.problems).toEqual([{ element: expect.stringMatching(/^block\[\d+\]\/tr\[2\]$/), column: "quantity", value: "zehn", issue: expect.stringContaining("expected") }]);
    expect((only(result).items as unknown[]).length).toBe(3);
  });
});

describe("plain tables", () => {
  const TABLE = [
    ["Invoice number", "Customer", "Description", "Quantity", "Unit price", "Currency"],
    ["INV-1", "Acme & Co", "Widget", "2", "10.50", "EUR"],
    ["INV-1", "Acme & Co", "Gadget", "1", "4.00", "EUR"],
  ];

  function expectTable(result: ReadResult): void {
    expect(result.problems).toEqual([]);
    const fields = only(result);
    expect(fields).toMatchObject({ number: "INV-1", bill_to_name: "Acme & Co", currency: "EUR" });
    expect((fields.items as Array<Record<string, unknown>>).map(({ description, quantity, rate }) => ({ description, quantity, rate }))).toEqual([
      { description: "Widget", quantity: 2, rate: 1_050 },
      { description: "Gadget", quantity: 1, rate: 400 },
    ]);
  }

  test("Markdown: a file that is just a pipe table is a spreadsheet", async () => {
    const markdown = [`| ${TABLE[0]!.join(" | ")} |`, `|${TABLE[0]!.map(() => "---").join("|")}|`, ...TABLE.slice(1).map((row) => `| ${row.join(" | ")} |`)].join("\n");
    expectTable(await readMarkdown(encode(`Exported from elsewhere.\n\n${markdown}\n`), OPTIONS));
  });

  test("HTML: a page's plain <table>, entities decoded, scripts never run", async () => {
    const rows = TABLE.map((row, index) => `<tr>${row.map((text) => (index === 0 ? `<th>${text}</th>` : `<td>${text.replace("&", "&amp;")}</td>`)).join("")}</tr>`).join("");
    const page = `<!doctype html><html><head><script>throw new Error("ran")</script></head><body><h1>Invoices</h1><table>${rows}</table><img src="http://evil.example/x.png"></body></html>`;
    expectTable(await readHtml(encode(page), OPTIONS));
  });

  test("DOCX: a document that is one table is a spreadsheet", async () => {
    expectTable(await readDocx(docx(`<w:p><w:r><w:t>Invoices</w:t></w:r></w:p>${docxTable(TABLE.map((row) => row.map((text) => text.replace("&", "&amp;"))))}`), OPTIONS));
  });
});

describe("the XLSX export's grid", () => {
  test("amounts in major units turn into minor units through their shortest decimal", async () => {
    const grid = await gridOf(await toXlsx(KUWAITI));
    expect(grid.flat()).toContain(1.25);
    expect(only(readPrintedRows(grid, { ...OPTIONS, currency: "KWD" })).items).toEqual([
      { description: "Support plan", quantity: 1, rate: 1_250, tax_rate: 0, tax_category: "Z" },
      { description: "Spare part", quantity: 4, rate: 3_005, tax_rate: 0, tax_category: "Z" },
    ]);
  });

  test("an amount with more decimals than the currency has is a problem with its row", async () => {
    const grid = await gridOf(await toXlsx(GERMAN));
    const lineRow = grid.findIndex((row) => row[0] === "Beratung");
    grid[lineRow]![2] = 120.005;
    const result = readPrintedRows(grid, OPTIONS);
    expect(result.problems).toEqual([{ row: lineRow + 1, column: "unit price", value: "120.005", issue: expect.stringContaining("at most 2 decimals") }]);
  });

  test(`more than ${MAX_IMPORT_ROWS} rows are refused`, () => {
    const rows = Array.from({ length: MAX_IMPORT_ROWS + 1 }, () => ["x"]);
    expect(() => readPrintedRows(rows, OPTIONS)).toThrow("at most 10,000 rows");
  });
});

describe("values", () => {
  test("decimalOf writes a double's shortest decimal without an exponent", () => {
    expect([1e-7, 1.25, -0.0001, 1e21, 123456789012345680000, 0].map(decimalOf)).toEqual(["0.0000001", "1.25", "-0.0001", "1000000000000000000000", "123456789012345680000", "0"]);
  });

  test("afterColon drops each language's colon, once", () => {
    expect(["\u202f: 1 nov.", ": a: b", "：2026年", "no colon"].map(afterColon)).toEqual(["1 nov.", "a: b", "2026年", "no colon"]);
  });
});

describe("files that cannot be read", () => {
  test("DOCX: not a ZIP, no document part, malformed XML, a DOCTYPE", async () => {
    expect((await refusal(readDocx(encode("not a zip at all, just text"), OPTIONS))).issue).toBe("malformed zip");
    expect((await refusal(readDocx(zipSync({ "word/other.xml": encode("<a/>") }), OPTIONS))).issue).toBe("not docx");
    expect((await refusal(readDocx(docx("<w:p><w:r><w:t>unclosed</w:r></w:p>"), OPTIONS))).issue).toBe("malformed xml");
    const doctype = zipSync({ "word/document.xml": encode('<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaa">]><w:document xmlns:w="x"><w:body/></w:document>') });
    expect((await refusal(readDocx(doctype, OPTIONS))).issue).toBe("xml doctype");
  });

  test("DOCX: a zip bomb (an entry inflating past the size it declares) is refused before it is unpacked", async () => {
    const bytes = zipSync({ "word/document.xml": new Uint8Array(1024 * 1024) }, { level: 9 });
    expect(bytes.length).toBeLessThan(5_000);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    // Declare 1 KiB in the local header and the central directory: inflating must stop at it.
    view.setUint32(22, 1024, true);
    const central = bytes.findLastIndex((_, at) => at + 4 <= bytes.length && view.getUint32(at, true) === 0x02014b50);
    view.setUint32(central + 24, 1024, true);
    const { issue, message } = await refusal(readDocx(bytes, OPTIONS));
    expect(issue).toBe("zip bomb");
    expect(message).toContain("word/document.xml");
  });

  test(`an invoice of more than ${MAX_IMPORT_ROWS} lines is refused`, async () => {
    const markdown = toMarkdown(GERMAN);
    const line = `${markdown.split("\n").find((each) => each.startsWith("| Beratung"))}\n`;
    const long = markdown.replace(line, line.repeat(MAX_IMPORT_ROWS + 1));
    expect((await refusal(readMarkdown(encode(long), OPTIONS))).issue).toBe("too many rows");
  });

  test("Markdown and HTML: binary, or neither an invoice nor a table", async () => {
    const binary = new Uint8Array([0x23, 0x20, 0x00, 0x01, 0x02, 0x03]);
    expect((await refusal(readMarkdown(binary, OPTIONS))).issue).toBe("not text");
    expect((await refusal(readHtml(binary, OPTIONS))).issue).toBe("not text");
    expect((await refusal(readMarkdown(encode("# Meeting notes\n\nNothing to bill.\n"), OPTIONS))).issue).toBe("no invoice");
    expect((await refusal(readHtml(encode("<html><body><p>Hello</p></body></html>"), OPTIONS))).issue).toBe("no invoice or table");
  });
});
