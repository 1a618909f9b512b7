// The JSON reader on every shape it accepts (an export, arrays of records or create payloads,
// {invoices, clients, products}, arrays of clients or products), each draft held to its create
// schema; problems at their JSON pointers; keys that could reach a prototype; nesting too deep.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { z } from "zod";
import { clientFields, clientName } from "../../../routers/clients/client.schema.ts";
import { RECORD_KEYS } from "../../../routers/imports/record-keys.ts";
import { createFields, invoiceOutput } from "../../../routers/invoices/invoice.schema.ts";
import { productFields, productName, productRate, productUnit } from "../../../routers/products/product.schema.ts";
import { DOCUMENT_BUDGETS } from "../../../server/domain/document-budgets.ts";
import { readJson } from "../../../server/imports/formats/json.ts";
import { MAX_IMPORT_ROWS, type ReadResult } from "../../../server/imports/model.ts";
import { expectRefusal } from "./refusal.ts";

const OPTIONS = { today: "2026-11-27", currency: "EUR", recordKeys: RECORD_KEYS };
const FIXTURES = new URL("../../fixtures/imports/json/", import.meta.url);
const fixture = (name: string): Uint8Array => readFileSync(new URL(name, FIXTURES));
const read = (text: string): Promise<ReadResult> => readJson(new TextEncoder().encode(text), OPTIONS);

const createInvoice = z.strictObject(createFields);
const createClient = z.strictObject({ name: clientName, ...clientFields });
const createProduct = z.strictObject({ name: productName, rate: productRate, unit: productUnit.optional(), ...productFields });

function expectAccepted(schema: z.ZodType, fields: Record<string, unknown>): void {
  const parsed = schema.safeParse(fields);
  expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
}

describe("the service's own export", () => {
  const bytes = fixture("invoice-record.json");
  const record = invoiceOutput.parse(JSON.parse(new TextDecoder().decode(bytes)));

  test("the fixture is a record exactly as the API returns it", () => {
    expect(JSON.stringify(record, null, 2)).toBe(new TextDecoder().decode(bytes).trimEnd());
  });

  test("reads as create fields, its status and totals stated, computed parts left out", async () => {
    const result = await readJson(bytes, OPTIONS);
    expect(result.problems).toEqual([]);
    expect(result.rows).toBe(1);
    const [draft] = result.invoices;
    expect(draft?.place).toEqual({ element: "" });
    expect(draft?.status).toBe("paid");
    expect(draft?.totals).toEqual({ subtotal: 236_890, tax: 44_530, total: 281_420, amount_paid: 281_420, amount_due: 0 });
    const fields = draft?.fields ?? {};
    expectAccepted(createInvoice, fields);
    for (const computed of ["id", "status", "locked", "revision", "tax_breakdown", "subtotal", "total", "share_url", "paid_at", "created_at", "client_id", "template_id"]) {
      expect(fields).not.toHaveProperty(computed);
    }
    expect(fields.items).toEqual([
      { description: "Softwareentwicklung", quantity: 24, unit: "HUR", rate: 9_500 },
      { description: 'Fachbuch "Clean Code"', quantity: 1, unit: "C62", rate: 3_990, tax_rate: 7 },
      { description: "Hosting Oktober", quantity: 1, unit: "MON", rate: 4_900 },
    ]);
    expect(fields).toMatchObject({ number: "RE-2026-0117", buyer_reference: "PO-4711", delivery_date: "2026-09-30", payment: record.payment, bill_to_address: record.bill_to_address });
  });

  test("the exporting account's client and template ids are notices, not fields", async () => {
    const { notices } = await readJson(bytes, OPTIONS);
    expect(notices.map(({ element, column, value }) => ({ element, column, value }))).toEqual([
      { element: "", column: "client_id", value: '"cli_01JD8W2B7C5D3E1F9G8H6J4K2M"' },
      { element: "", column: "template_id", value: '"tpl_01JD8W0A1B2C3D4E5F6G7H8J9K"' },
    ]);
  });

  test("a stored preceding invoice keeps its number and date, not the other account's id", async () => {
    const credit = { ...record, type: "credit_note", preceding_invoice: { id: "inv_other_account", number: "RE-2026-0001", issue_date: "2026-10-01" } };
    const { invoices } = await read(JSON.stringify(credit));
    expect(invoices[0]?.fields.preceding_invoice).toEqual({ number: "RE-2026-0001", issue_date: "2026-10-01" });
  });
});

describe("create payloads, clients and products", () => {
  test("an array of invoices.create payloads, each at its pointer", async () => {
    const result = await readJson(fixture("create-payloads.json"), OPTIONS);
    const payloads = JSON.parse(new TextDecoder().decode(fixture("create-payloads.json"))) as [Record<string, unknown>, Record<string, unknown>];
    expect(result.problems).toEqual([]);
    expect(result.invoices.map((draft) => draft.place)).toEqual([{ element: "/0" }, { element: "/1" }]);
    const { client_id: _client, ...first } = payloads[0];
    expect(result.invoices.map((draft) => draft.fields)).toEqual([first, payloads[1]]);
    for (const draft of result.invoices) expectAccepted(createInvoice, draft.fields);
    expect(result.invoices.every((draft) => draft.status === undefined && draft.totals === undefined)).toBe(true);
    expect(result.notices.map((notice) => [notice.element, notice.column])).toEqual([["/0", "client_id"]]);
  });

  test("{invoices, clients, products}: each section as its kind", async () => {
    const result = await readJson(fixture("bundle.json"), OPTIONS);
    expect(result.problems).toEqual([]);
    expect(result.rows).toBe(5);
    expect(result.invoices.map((draft) => draft.place.element)).toEqual(["/invoices/0"]);
    expect(result.clients.map((draft) => draft.place.element)).toEqual(["/clients/0", "/clients/1"]);
    expect(result.products.map((draft) => draft.place.element)).toEqual(["/products/0", "/products/1"]);
    for (const draft of result.invoices) expectAccepted(createInvoice, draft.fields);
    for (const draft of result.clients) expectAccepted(createClient, draft.fields);
    for (const draft of result.products) expectAccepted(createProduct, draft.fields);
  });

  test("an array of client records: told by their keys, computed parts left out", async () => {
    const result = await readJson(fixture("clients.json"), OPTIONS);
    expect(result.problems).toEqual([]);
    expect(result.invoices).toEqual([]);
    expect(result.clients.map((draft) => draft.fields)).toEqual([
      {
        name: "Beispiel AG",
        email: "ap@beispiel.example",
        phone: "+49 89 123456",
        address: { line1: "Marktplatz 5", line2: null, city: "München", postal_code: "80331", region: "Bayern", country: "DE" },
        tax_id: "DE987654321",
        currency: "EUR",
        locale: "de-DE",
      },
      { name: "Globex Corporation", currency: "USD", locale: "en-US", notes: "Invoices to the AP mailbox only." },
    ]);
    for (const draft of result.clients) expectAccepted(createClient, draft.fields);
  });

  test("an array of product records: told by their keys", async () => {
    const result = await readJson(fixture("products.json"), OPTIONS);
    expect(result.problems).toEqual([]);
    expect(result.products.map((draft) => draft.fields)).toEqual([
      { name: "Consulting hour", unit: "HUR", rate: 12_000, currency: "EUR", tax_rate: 19, sku: "CONS-H" },
      { name: "Fachbuch", description: "Clean Code, 2. Auflage", unit: "C62", rate: 3_990, tax_rate: 7 },
    ]);
    for (const draft of result.products) expectAccepted(createProduct, draft.fields);
  });

  test("a name and a currency are a client; a name and a rate a product", async () => {
    expect((await read('[{"name": "A", "currency": "EUR"}]')).clients).toHaveLength(1);
    expect((await read('[{"name": "A", "rate": 100}]')).products).toHaveLength(1);
  });

  test("an empty array holds nothing", async () => {
    const result = await read("[]");
    expect([result.rows, result.invoices, result.problems]).toEqual([0, [], []]);
  });

  test("a byte order mark is not content", async () => {
    const result = await readJson(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('{"name": "A", "email": "a@b.example"}')]), OPTIONS);
    expect(result.clients.map((draft) => draft.fields)).toEqual([{ name: "A", email: "a@b.example" }]);
  });
});

describe("problems", () => {
  test("each bad record is a problem at its pointer, and only it is skipped", async () => {
    const result = await readJson(fixture("problems.json"), OPTIONS);
    expect(result.rows).toBe(7);
    expect(result.invoices.map((draft) => draft.place.element)).toEqual(["/0"]);
    expect(result.problems.map(({ element, column, value }) => ({ element, column, value }))).toEqual([
      { element: "/1", column: "colour", value: '"blue"' },
      { element: "/2/items/1", column: "discount", value: "5" },
      { element: "/3", column: "status", value: '"archived"' },
      { element: "/3", column: "total", value: "12.5" },
      { element: "/4", column: undefined, value: '"not an invoice"' },
      { element: "/5/bill_to_address", column: "__proto__", value: null },
      { element: "/6", column: "constructor", value: null },
    ]);
    expect(result.problems.every((problem) => problem.issue.length > 0)).toBe(true);
  });

  test("an unknown section beside invoices is a problem at the root", async () => {
    const result = await read('{"invoices": [], "suppliers": [1]}');
    expect(result.problems.map(({ element, column }) => ({ element, column }))).toEqual([{ element: "", column: "suppliers" }]);
  });

  test("a section that is no array is a problem at its pointer", async () => {
    const result = await read('{"clients": {"name": "A"}}');
    expect(result.problems.map((problem) => problem.element)).toEqual(["/clients"]);
  });

  test("pointers escape ~ and / in keys (RFC 6901)", async () => {
    const result = await read('[{"bill_to_name": "A", "a/b~c": 1}]');
    expect(result.problems[0]).toMatchObject({ element: "/0", column: "a/b~c" });
    const nested = await read('{"invoices": [{"bill_to_address": {"x/y": {"__proto__": 1}}}]}');
    expect(nested.problems[0]).toMatchObject({ element: "/invoices/0/bill_to_address/x~1y", column: "__proto__" });
  });
});

describe("prototype pollution", () => {
  const HOSTILE = [
    '{"__proto__": {"polluted": true}, "bill_to_name": "A", "issue_date": "2026-11-01"}',
    '[{"bill_to_name": "A", "items": [{"description": "x", "rate": 1, "__proto__": {"polluted": true}}]}]',
    '[{"bill_to_name": "A", "payment": {"constructor": {"prototype": {"polluted": true}}}}]',
    '{"clients": [{"name": "A", "address": {"prototype": {"polluted": true}}}]}',
    '{"products": [{"name": "A", "rate": 1, "__proto__": null}]}',
    '{"__proto__": {"polluted": true}, "invoices": []}',
  ];

  for (const text of HOSTILE) {
    test(`refused as a problem, nothing read, no prototype touched: ${text}`, async () => {
      const result = await read(text);
      expect(result.problems.length).toBeGreaterThan(0);
      expect(result.problems.some((problem) => ["__proto__", "constructor", "prototype"].includes(problem.column ?? ""))).toBe(true);
      expect([...result.invoices, ...result.clients, ...result.products]).toEqual([]);
      // What a consumer might do with a draft: merge it into a plain object.
      Object.assign({}, ...result.invoices.map((draft) => draft.fields));
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(Object.prototype).not.toHaveProperty("polluted");
    });
  }
});

describe("files that cannot be read: 422", () => {
  const MAX_DEPTH = DOCUMENT_BUDGETS.json.depth;
  const nested = (depth: number): string => `${"[".repeat(depth)}${"]".repeat(depth)}`;

  test(`nesting deeper than ${MAX_DEPTH} is refused before parsing`, async () => {
    const error = await expectRefusal(read(nested(MAX_DEPTH + 1)));
    expect(error.details).toMatchObject({ limit: "json.depth", value: MAX_DEPTH + 1, max: MAX_DEPTH });
    expect(error.message).toContain(`over the limit of ${MAX_DEPTH}`);
    await expectRefusal(read(nested(1_000_000)));
    await expectRefusal(read(`{"invoices": [${"{\"a\":".repeat(MAX_DEPTH)}1${"}".repeat(MAX_DEPTH)}]}`));
  });

  test(`${MAX_DEPTH} levels are read, and brackets inside strings do not count`, async () => {
    const result = await read(`[${nested(MAX_DEPTH - 1)}]`);
    expect(result.problems.map((problem) => problem.element)).toEqual(["/0"]);
    const quoted = await read(JSON.stringify([{ bill_to_name: "A", notes: `${"[{".repeat(100)}"\\` }]));
    expect(quoted.problems).toEqual([]);
    expect(quoted.invoices[0]?.fields.notes).toBe(`${"[{".repeat(100)}"\\`);
  });

  test("malformed JSON names the problem", async () => {
    const error = await expectRefusal(read('[{"bill_to_name": "A",]'));
    expect(error.message).toStartWith("The JSON cannot be read: ");
  });

  test("binary bytes", async () => {
    const error = await expectRefusal(readJson(new Uint8Array([0x5b, 0x00, 0x01, 0x5d]), OPTIONS));
    expect(error.message).toContain("binary");
  });

  test("UTF-16 with its byte order mark, as Windows tools save it", async () => {
    const utf16 = Uint8Array.from([0xff, 0xfe, ...[...'[{"name": "Zoë"}]'].flatMap((char) => [char.charCodeAt(0), 0])]);
    expect((await readJson(utf16, OPTIONS)).clients.map((client) => client.fields)).toEqual([{ name: "Zoë" }]);
  });

  test("a document that is no record, array or sections", async () => {
    await expectRefusal(read('"an invoice"'));
    await expectRefusal(read("42"));
    await expectRefusal(read("null"));
  });

  test(`more than ${MAX_IMPORT_ROWS} records`, async () => {
    const error = await expectRefusal(read(JSON.stringify(Array.from({ length: MAX_IMPORT_ROWS + 1 }, () => ({ name: "A" })))));
    expect(error.message).toContain("at most 10,000 rows");
    expect((await read(JSON.stringify(Array.from({ length: MAX_IMPORT_ROWS }, () => ({ name: "A" }))))).clients).toHaveLength(MAX_IMPORT_ROWS);
  });
});
