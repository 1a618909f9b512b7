// The Invoice DSL reader: a file of one invoice (the common case) reads as parseDsl reads it; a
// file of several is cut at each INVOICE line at the margin, every problem placed at its line in
// the whole file with its column, a bad invoice skipped alone; FINALIZE and SEND only noticed.
import { describe, expect, test } from "bun:test";
import { parseDsl } from "../../../render/codecs/dsl-parse.ts";
import { DSL_EXAMPLE } from "../../../server/invoices/dsl.ts";
import { RECORD_KEYS } from "../../../routers/imports/record-keys.ts";
import { readDsl } from "../../../server/imports/formats/dsl.ts";
import { MAX_IMPORT_ROWS, type ReadResult } from "../../../server/imports/model.ts";
import { expectRefusal } from "./refusal.ts";

const OPTIONS = { today: "2026-11-27", currency: "EUR", recordKeys: RECORD_KEYS };
const read = (text: string, options = OPTIONS): Promise<ReadResult> => readDsl(new TextEncoder().encode(text), options);

const SECOND = `INVOICE INV-2026-0002
FROM: Acme GmbH | billing@acme.example
TO: Globex | ap@globex.example
DATE: 2026-11-22
Consulting | 10 | 120.00
TAX: 19
`;

describe("one invoice", () => {
  test("the tool's example reads as parseDsl reads it; FINALIZE is a notice on its line", async () => {
    const result = await read(DSL_EXAMPLE);
    const parsed = parseDsl(DSL_EXAMPLE, OPTIONS);
    if (!parsed.ok) throw new Error("the example does not parse");
    expect(result.problems).toEqual([]);
    expect(result.rows).toBe(1);
    expect(result.invoices).toEqual([{ place: { element: "invoice[1]", row: 1 }, fields: parsed.value.invoice }]);
    expect(result.notices).toEqual([{ element: "invoice[1]", row: 10, column: "FINALIZE", value: "FINALIZE", issue: expect.stringContaining("draft") }]);
  });

  test("SEND is a notice and e-mails nothing", async () => {
    const result = await read(`${SECOND}SEND ap@globex.example\n`);
    expect(result.invoices).toHaveLength(1);
    expect(result.notices).toEqual([{ element: "invoice[1]", row: 7, column: "SEND", value: "SEND ap@globex.example", issue: expect.stringContaining("nothing is e-mailed") }]);
  });

  test("amounts without a currency are read in the account's", async () => {
    const result = await read("TO Globex\nITEMS\n Consulting 2 x 100\n", { ...OPTIONS, currency: "CHF" });
    expect(result.invoices[0]?.fields).toMatchObject({ currency: "CHF", items: [{ description: "Consulting", quantity: 2, rate: 10_000 }] });
  });

  test("a Windows-1252 file (not UTF-8) reads as its code page", async () => {
    const bytes = new Uint8Array([...new TextEncoder().encode("TO M"), 0xfc, ...new TextEncoder().encode("ller GmbH\nITEMS\n Beratung 2 x 100\n")]);
    const result = await readDsl(bytes, OPTIONS);
    expect(result.invoices[0]?.fields.bill_to_name).toBe("Müller GmbH");
  });

  test("no INVOICE line: still one invoice; CRLF line ends", async () => {
    const result = await read("TO Globex\r\nDATE 2026-11-02\r\nITEMS\r\n Travel €89.50\r\n");
    expect(result.problems).toEqual([]);
    expect(result.invoices.map((draft) => [draft.place, draft.fields.issue_date])).toEqual([[{ element: "invoice[1]", row: 1 }, "2026-11-02"]]);
  });

  test("the buyer stays as written: no client_id, no type, no status", async () => {
    const [draft] = (await read(DSL_EXAMPLE)).invoices;
    expect(draft?.fields).not.toHaveProperty("client_id");
    expect(draft?.fields).not.toHaveProperty("type");
    expect(draft?.status).toBeUndefined();
  });

  test("problems keep their line and column", async () => {
    const result = await read("INVOICE 1\nTO Globex\nDATE 2026-13-45\nITEMS\n Consulting 2 x €abc\n");
    expect(result.invoices).toEqual([]);
    expect(result.problems.map(({ element, row, column, value }) => ({ element, row, column, value }))).toEqual([
      { element: "invoice[1]", row: 3, column: "6", value: "2026-13-45" },
      { element: "invoice[1]", row: 5, column: "2", value: "Consulting 2 x €abc" },
    ]);
    expect(result.problems[0]?.issue).toBe("expected a date as YYYY-MM-DD");
  });
});

describe("several invoices in one file", () => {
  const FILE = `# exported 2026-11-27\n\n${DSL_EXAMPLE}\n\n${SECOND}INVOICE INV-2026-0003\nTO Initech\nDATE 2026-02-30\nITEMS\n Support €10\n`;

  test("each from its INVOICE line, problems at their line in the whole file, the bad one skipped", async () => {
    const result = await read(FILE);
    expect(result.rows).toBe(3);
    expect(result.invoices.map((draft) => [draft.place, draft.fields.number])).toEqual([
      [{ element: "invoice[1]", row: 3 }, undefined],
      [{ element: "invoice[2]", row: 14 }, "INV-2026-0002"],
    ]);
    expect(result.problems.map(({ element, row, column, value }) => ({ element, row, column, value }))).toEqual([{ element: "invoice[3]", row: 22, column: "6", value: "2026-02-30" }]);
    expect(result.notices.map((notice) => [notice.element, notice.row, notice.column])).toEqual([["invoice[1]", 12, "FINALIZE"]]);
  });

  test("comments before the first INVOICE line are no invoice; the first invoice's fields are the example's", async () => {
    const parsed = parseDsl(DSL_EXAMPLE, OPTIONS);
    if (!parsed.ok) throw new Error("the example does not parse");
    const [first] = (await read(FILE)).invoices;
    expect(first?.fields).toEqual({ ...parsed.value.invoice });
  });

  test("a missing TO points after the invoice's own last line", async () => {
    const result = await read(`INVOICE A\nTO Globex\nITEMS\n X €1\nINVOICE B\nITEMS\n Y €2\nINVOICE C\nTO Initech\nITEMS\n Z €3\n`);
    expect(result.invoices.map((draft) => draft.fields.number)).toEqual(["A", "C"]);
    expect(result.problems).toMatchObject([{ element: "invoice[2]", row: 8, column: "1", issue: expect.stringContaining("a TO line") }]);
  });

  test("not cut at an indented item, a pipe item or a keyword inside a word", async () => {
    const text = "INVOICE A\nTO Globex\nITEMS\n INVOICE review €50\nInvoice check | 1 | 50\nINVOICES €5\n";
    const result = await read(text);
    expect(result.rows).toBe(1);
    expect(result.invoices[0]?.fields.items).toEqual([
      { description: "INVOICE review", quantity: 1, rate: 5_000 },
      { description: "Invoice check", quantity: 1, rate: 5_000 },
      { description: "INVOICES", quantity: 1, rate: 500 },
    ]);
  });

  test("cut at the colon form, whose number may hold a pipe, and at any case", async () => {
    const result = await read("INVOICE: A|1|1\nTO Globex\ninvoice B\nTO Initech\nInvoice:\nTO Umbrella\n");
    expect(result.invoices.map((draft) => [draft.place.row, draft.fields.number, draft.fields.bill_to_name])).toEqual([
      [1, "A|1|1", "Globex"],
      [3, "B", "Initech"],
      [5, undefined, "Umbrella"],
    ]);
  });
});

describe("files that cannot be read: 422", () => {
  test("binary bytes", async () => {
    const error = await expectRefusal(readDsl(new Uint8Array([0x49, 0x4e, 0x00, 0x01, 0x02]), OPTIONS));
    expect(error.message).toContain("binary");
  });

  test("only comments and blank lines", async () => {
    const error = await expectRefusal(read("# nothing here\n\n"));
    expect(error.message).toContain("no invoice");
  });

  test(`more than ${MAX_IMPORT_ROWS} invoices`, async () => {
    const error = await expectRefusal(read("INVOICE\nTO A\n".repeat(MAX_IMPORT_ROWS + 1)));
    expect(error.message).toContain("at most 10,000 rows");
  });
});
