// Extraction (server/imports/extract; POST /api/extract; the `import` tool's action extract): the
// built-in rules on PDFs the service's own renderer draws (German, a French credit note, Japanese,
// twenty lines), on plain text and on a PNG through OCR, compared with the invoices they were drawn
// from; a draft posted as it is; the OpenAI-compatible provider against a local double speaking
// Chat Completions (the request it is sent, a retry on invalid output, the errors); and the route
// and the tool with a key, keyless (402) and counted as usage.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { PDFDocument } from "pdf-lib";
import { layoutInvoice } from "../../render/templates/index.ts";
import { builtInTemplate } from "../../render/templates/template.ts";
import { renderPdf, renderPng } from "../../render/visual.ts";
import { extractedInvoiceSchema } from "../../routers/imports/draft.schema.ts";
import { loadConfig } from "../../server/platform/config.ts";
import type { InvoiceRecord } from "../../server/domain/invoice.ts";
import { AI_ANSWER_JSON_SCHEMA, type AiAnswer } from "../../server/imports/extract/ai-schema.ts";
import { extractDocument, type ExtractDeps, type ExtractionResult } from "../../server/imports/extract/index.ts";
import { api, type Api } from "../helpers/http.ts";
import { startTestServer, type TestAccount, type TestServer } from "../helpers/server.ts";
import { FRENCH_CREDIT_NOTE, GERMAN, JAPANESE } from "../../scripts/samples/invoices.ts";
import { invoice, TWENTY_LINES } from "../../scripts/samples/templates.ts";
import { PROVIDER_KEY, PROVIDER_MODEL, startAiProvider, type AiProviderDouble } from "./ai-provider.ts";
import { withMcpClient } from "../helpers/tools.ts";

const ENGLISH = invoice("extract", {
  number: "INV-2026-0042",
  due_date: "2026-12-01",
  items: [
    { description: "Consulting", quantity: 2, rate: 12_000 },
    { description: "Travel", quantity: 1, rate: 4_550 },
  ],
});

/** An invoice typed as text: columns apart by spaces, a numeric date the locale settles. */
const TEXT_INVOICE = `Acme Widgets Ltd
12 Harbour Road
Bristol BS1 4DJ

Invoice INV-7
Invoice date: 05/11/2026
Due date: 05/12/2026

Bill to: Globex Corporation

Description          Qty    Unit price    Amount
Widget, blue           4        £12.50    £50.00
Installation           2        £80.00   £160.00

Subtotal    £210.00
VAT 20%    £42.00
Total    £252.00
`;

let provider: AiProviderDouble;
let server: TestServer;
let owner: TestAccount;
let rest: Api;
let germanPdf: Uint8Array;

beforeAll(async () => {
  provider = startAiProvider();
  server = await startTestServer({ env: { OCR_WORKERS: "1" } });
  owner = await server.account();
  rest = api(server.url, owner.key);
  germanPdf = await pdfOf(GERMAN);
});
afterAll(async () => {
  await server.close();
  await provider.close();
});

function pdfOf(record: InvoiceRecord, design: "classic" | "modern" = "classic"): Promise<Uint8Array> {
  return renderPdf(layoutInvoice(record, builtInTemplate(design)));
}

const base64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString("base64");
const builtin = (): ExtractDeps => ({ ocr: server.services.ocr, config: server.services.config, draftSchema: extractedInvoiceSchema });
const withProvider = (baseUrl = provider.baseUrl): ExtractDeps => ({
  ocr: server.services.ocr,
  config: loadConfig({ AI_BASE_URL: baseUrl, AI_API_KEY: PROVIDER_KEY, AI_MODEL: PROVIDER_MODEL }),
  draftSchema: extractedInvoiceSchema,
});

/** Lines as the invoice bills them: each line's own VAT rate, or the invoice's when it has none. */
function billedLines(items: ReadonlyArray<{ description: string; quantity?: number; rate: number; tax_rate?: number | null }>, invoiceRate: number | null | undefined) {
  return items.map((item) => ({ description: item.description, quantity: item.quantity ?? 1, rate: item.rate, tax_rate: item.tax_rate ?? invoiceRate ?? null }));
}

/** What every reading of a rendered invoice must get right: number, dates, parties, lines and totals, adding up. */
function expectReadAs(result: ExtractionResult, record: InvoiceRecord): void {
  const { invoice: draft } = result;
  expect(draft).toMatchObject({ type: record.type, number: record.number!, currency: record.currency, issue_date: record.issue_date, from_name: record.from_name, bill_to_name: record.bill_to_name });
  if (record.due_date) expect(draft.due_date).toBe(record.due_date);
  expect(billedLines(draft.items ?? [], draft.tax_rate)).toEqual(billedLines(record.items, record.tax_rate));
  expect(result.document_totals).toEqual({ subtotal: record.subtotal, tax: record.tax, total: record.total });
  expect(result.consistent).toBe(true);
  for (const field of ["number", "issue_date", "from_name", "bill_to_name", "total"]) expect(result.confidence[field]).toBeGreaterThan(0.5);
  for (const value of Object.values(result.confidence)) {
    expect(value).toBeGreaterThanOrEqual(0);
    expect(value).toBeLessThanOrEqual(1);
  }
}

describe("the built-in extractor on rendered PDFs", () => {
  test("German, partly paid, two VAT rates: every field the document prints, from its text layer", async () => {
    const result = await extractDocument(builtin(), germanPdf, "pdf");
    expectReadAs(result, GERMAN);
    expect(result).toMatchObject({ provider: "builtin", source: { kind: "pdf", text_layer: true, ocr_confidence: null }, warnings: [] });
    expect(result.invoice).toMatchObject({
      delivery_date: "2026-10-30",
      from_tax_id: "DE123456789",
      from_email: "billing@zoe-mueller.example",
      from_address: { line1: "Hauptstraße 1", postal_code: "10115", city: "Berlin", country: "DE" },
      bill_to_tax_id: "DE987654321",
      bill_to_address: { line1: "Marktplatz 5", postal_code: "80331", city: "München", country: "DE" },
      payment_terms: "Zahlbar innerhalb von 30 Tagen ohne Abzug",
      payment: { iban: "DE02120300000000202051", bic: "BYLADEM1001", reference: "RE-2026-0042" },
    });
    // The document's total is before the payment received: the draft bills the whole, not what is due.
    expect(result.document_totals.total).toBe(GERMAN.total);
  });

  test("a French credit note: its type, the invoice it corrects, the exempt line and a country named in French", async () => {
    const result = await extractDocument(builtin(), await pdfOf(FRENCH_CREDIT_NOTE), "pdf");
    // The buyer's name wraps in its column ("SARL" on the next line), and only its first line is read as the name.
    expect(result.invoice.bill_to_name).toStartWith("Société Générale d'Études");
    expectReadAs(result, { ...FRENCH_CREDIT_NOTE, bill_to_name: result.invoice.bill_to_name! });
    expect(result.invoice).toMatchObject({ type: "credit_note", preceding_invoice: { number: "RE-2026-0001", issue_date: "2026-10-01" }, tax_rate: 0 });
    // "France" and "Allemagne" are FR and DE, not the withdrawn FX (France métropolitaine).
    expect(result.invoice.bill_to_address).toMatchObject({ postal_code: "69002", city: "Lyon", country: "FR" });
    expect(result.invoice.from_address).toMatchObject({ country: "DE" });
  });

  test("Japanese: yen without decimals, 10 % and the reduced 8 %, in both designs", async () => {
    for (const design of ["classic", "modern"] as const) expectReadAs(await extractDocument(builtin(), await pdfOf(JAPANESE, design), "pdf"), JAPANESE);
  });

  test("twenty lines at 7 % and 19 %: every line in order", async () => {
    const result = await extractDocument(builtin(), await pdfOf(TWENTY_LINES, "modern"), "pdf");
    expectReadAs(result, TWENTY_LINES);
    expect(result.invoice.items).toHaveLength(20);
    expect(result.invoice).toMatchObject({ bill_to_email: "ap@beispiel.example", bill_to_tax_id: "DE987654321" });
  });
});

describe("the built-in extractor on text and images", () => {
  test("plain text: columns apart by spaces; the locale settles a numeric date", async () => {
    const bytes = new TextEncoder().encode(TEXT_INVOICE);
    const british = await extractDocument(builtin(), bytes, "text", { locale: "en-GB" });
    expect(british).toMatchObject({ source: { kind: "text", text_layer: false, ocr_confidence: null }, consistent: true, document_totals: { subtotal: 21_000, tax: 4_200, total: 25_200 } });
    expect(british.invoice).toMatchObject({ number: "INV-7", currency: "GBP", from_name: "Acme Widgets Ltd", bill_to_name: "Globex Corporation", issue_date: "2026-11-05", due_date: "2026-12-05", tax_rate: 20 });
    expect(billedLines(british.invoice.items ?? [], null)).toEqual([
      { description: "Widget, blue", quantity: 4, rate: 1_250, tax_rate: null },
      { description: "Installation", quantity: 2, rate: 8_000, tax_rate: null },
    ]);
    const american = await extractDocument(builtin(), bytes, "text", { locale: "en-US" });
    expect(american.invoice).toMatchObject({ issue_date: "2026-05-11", due_date: "2026-05-12" });
  });

  test("a PNG goes through OCR, and reads as its PDF does", async () => {
    const result = await extractDocument(builtin(), await renderPng(layoutInvoice(ENGLISH, builtInTemplate("classic"))), "png");
    expectReadAs(result, ENGLISH);
    expect(result.source).toMatchObject({ kind: "png", text_layer: false });
    expect(result.source.ocr_confidence).toBeGreaterThan(50);
  });

  test("a PDF with nothing to read, bytes that are no PDF, and an empty text are 422", async () => {
    const blank = await PDFDocument.create();
    blank.addPage();
    await expect(extractDocument(builtin(), await blank.save(), "pdf")).rejects.toMatchObject({ code: "VALIDATION_ERROR", details: { issue: "no page images" } });
    const nothing = new TextEncoder().encode("  \n \n");
    await expect(extractDocument(builtin(), nothing, "text")).rejects.toMatchObject({ code: "VALIDATION_ERROR", details: { issue: "no text found" } });
    await expect(extractDocument(builtin(), new TextEncoder().encode("%PDF-1.7 and then nothing"), "pdf")).rejects.toMatchObject({ code: "VALIDATION_ERROR", details: { issue: "unreadable PDF" } });
  });
});

describe("POST /api/extract", () => {
  test("JSON with a PDF in base64; the draft posts to POST /api/invoices as it is and bills the same", async () => {
    const reply = await rest.post("/api/extract", { content: base64(germanPdf) });
    expect(reply.status).toBe(200);
    expectReadAs(reply.body, GERMAN);
    const created = await rest.post("/api/invoices", reply.body.invoice);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: "draft", number: "RE-2026-0042", subtotal: GERMAN.subtotal, tax: GERMAN.tax, total: GERMAN.total, bill_to_name: "Beispiel AG" });
    expect(created.body.items).toHaveLength(3);
  });

  test("a raw application/pdf body and a raw text/plain body", async () => {
    const headers = { authorization: `Bearer ${owner.key}` };
    const pdf = await rest.raw("/api/extract", { method: "POST", headers: { ...headers, "content-type": "application/pdf" }, body: new Blob([germanPdf.slice()]) });
    expect(pdf.status).toBe(200);
    expect(pdf.body).toMatchObject({ invoice: { number: "RE-2026-0042" }, consistent: true, source: { kind: "pdf", text_layer: true } });
    const text = await rest.raw("/api/extract?locale=en-GB", { method: "POST", headers: { ...headers, "content-type": "text/plain; charset=utf-8" }, body: TEXT_INVOICE });
    expect(text.status).toBe(200);
    expect(text.body).toMatchObject({ invoice: { number: "INV-7", issue_date: "2026-11-05" }, consistent: true, source: { kind: "text" } });
  });

  test("refusals: bytes of no kind read are 415, bad base64 422, content auto cannot tell 422, provider ai without one configured 422", async () => {
    const binary = await rest.post("/api/extract", { content: base64(Uint8Array.from([0, 1, 2, 3, 255, 254])), encoding: "base64" });
    expect(binary.status).toBe(415);
    expect(binary.body.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    // Text goes through the same rule: text with control bytes is no document either.
    expect((await rest.post("/api/extract", { content: "Invoice\u0000\u0001", encoding: "text" })).status).toBe(415);
    const bad = await rest.post("/api/extract", { content: "not base64!", encoding: "base64" });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ code: "VALIDATION_ERROR", details: { field: "content", issue: "not base64" } });
    for (const content of ["not base64!", base64(Uint8Array.from([0, 1, 2, 3, 255, 254]))]) {
      const untold = await rest.post("/api/extract", { content });
      expect(untold.status).toBe(422);
      expect(untold.body).toMatchObject({ code: "VALIDATION_ERROR", details: { field: "content", issue: "encoding not told" } });
    }
    const unconfigured = await rest.post("/api/extract", { content: TEXT_INVOICE, encoding: "text", provider: "ai" });
    expect(unconfigured.status).toBe(422);
    expect(unconfigured.body).toMatchObject({ code: "VALIDATION_ERROR", details: { field: "provider", issue: "not configured" } });
  });

  test("security: keyless is 402 with the price; a key's calls appear in GET /api/usage, failed ones do not", async () => {
    const keyless = await rest.post("/api/extract", { content: TEXT_INVOICE, encoding: "text" }, null);
    expect(keyless.status).toBe(402);
    expect(keyless.body).toMatchObject({ code: "PAYMENT_REQUIRED", details: { operation: "ai_extract", price_usd: "0.01" } });
    const invalid = await rest.post("/api/extract", { content: TEXT_INVOICE, encoding: "text" }, "svc_0000000000000000000000000000");
    expect(invalid.status).toBe(401);

    const account = await server.account({ tier: "free" });
    const client = api(server.url, account.key);
    expect((await client.post("/api/extract", { content: TEXT_INVOICE, encoding: "text" })).status).toBe(200);
    expect((await client.post("/api/extract", { content: "not base64!" })).status).toBe(422);
    const usage = await client.get("/api/usage");
    expect(usage.status).toBe(200);
    expect(usage.body).toMatchObject({ tier: "free", used: 1 });
    expect(usage.body.operations.find((row: { operation: string }) => row.operation === "ai_extract")).toMatchObject({ count: 1, price_usd: "0.01" });
  });
});

describe("the import tool over MCP", () => {
  test("action extract with a key: a draft valid against the tool's output schema", async () => {
    await withMcpClient(server.url, owner.key, async (tools) => {
      const result = await tools.call("import", { action: "extract", content: TEXT_INVOICE, encoding: "text", locale: "en-GB" });
      expect(result).toMatchObject({ provider: "builtin", consistent: true, invoice: { number: "INV-7", currency: "GBP" } });
      expect(await tools.refusal("import", { action: "extract", content: TEXT_INVOICE, encoding: "text", provider: "ai" })).toMatchObject({ code: "VALIDATION_ERROR", details: { field: "provider" } });
    });
  });
});

describe("the OpenAI-compatible provider", () => {
  const party = (name: string | null) => ({ name, email: null, tax_id: null, address: null });
  /** The German invoice as a model would answer it: the printed decimals, dates as YYYY-MM-DD. */
  const GERMAN_ANSWER: AiAnswer = {
    type: "invoice",
    number: "RE-2026-0042",
    currency: "EUR",
    issue_date: "2026-11-01",
    due_date: "2026-12-01",
    delivery_date: "2026-10-30",
    seller: { name: "Zoë Müller Beratung GmbH", email: "billing@zoe-mueller.example", tax_id: "DE123456789", address: { line1: "Hauptstraße 1", line2: null, city: "Berlin", postal_code: "10115", region: null, country: "DE" } },
    buyer: party("Beispiel AG"),
    items: [
      { description: "Beratung", quantity: "10", unit_price: "120.00", tax_rate: "19", amount: "1200.00" },
      { description: "Fachbuch", quantity: "2", unit_price: "19.99", tax_rate: "7", amount: "39.98" },
      { description: "Reisekosten", quantity: "1.5", unit_price: "45.50", tax_rate: "19", amount: "68.25" },
    ],
    subtotal: "1308.23",
    tax: "243.77",
    total: "1552.00",
    payment_terms: "Zahlbar innerhalb von 30 Tagen ohne Abzug",
    iban: "DE02 1203 0000 0000 2020 51",
    bic: "BYLADEM1001",
    payment_reference: "RE-2026-0042",
    notes: null,
  };

  test("a valid answer: the request carries the model, the key and the JSON schema; the draft adds up", async () => {
    const before = provider.requests.length;
    provider.answer({ content: JSON.stringify(GERMAN_ANSWER) });
    const result = await extractDocument(withProvider(), germanPdf, "pdf");
    expect(provider.requests.length - before).toBe(1);
    const request = provider.requests.at(-1)!;
    expect(request).toMatchObject({ path: "/v1/chat/completions", authorization: `Bearer ${PROVIDER_KEY}`, contentType: "application/json" });
    expect(request.body).toMatchObject({ model: PROVIDER_MODEL, temperature: 0, response_format: { type: "json_schema", json_schema: { name: "invoice_extraction", strict: true } } });
    expect(request.body.response_format.json_schema.schema).toEqual(AI_ANSWER_JSON_SCHEMA);
    expect(request.body.messages.map((message: { role: string }) => message.role)).toEqual(["system", "user"]);
    expect(request.body.messages[1].content).toContain("RE-2026-0042");
    expect(request.body.messages[1].content).toContain("text layer");

    expect(result).toMatchObject({ provider: "openai-compatible", consistent: true, source: { kind: "pdf", text_layer: true } });
    expectReadAs(result, GERMAN);
    expect(result.invoice).toMatchObject({ delivery_date: "2026-10-30", from_tax_id: "DE123456789", payment: { iban: "DE02120300000000202051", bic: "BYLADEM1001", reference: "RE-2026-0042" } });
    // Values found in the document are trusted more than what it does not show.
    expect(result.confidence.number).toBe(0.9);
  });

  test("an invalid answer is asked for once more, with what was wrong; a made-up number is trusted less", async () => {
    const before = provider.requests.length;
    const invalid = JSON.stringify({ ...GERMAN_ANSWER, total: "1.552,00" });
    provider.answer({ content: invalid }, { content: JSON.stringify({ ...GERMAN_ANSWER, number: "INV-9999" }) });
    const result = await extractDocument(withProvider(), germanPdf, "pdf");
    expect(provider.requests.length - before).toBe(2);
    const retry = provider.requests.at(-1)!.body.messages as Array<{ role: string; content: string }>;
    expect(retry.map((message) => message.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(retry[2]!.content).toBe(invalid);
    expect(retry[3]!.content).toContain("total");
    expect(result).toMatchObject({ provider: "openai-compatible", consistent: true, invoice: { number: "INV-9999" } });
    expect(result.confidence.number).toBe(0.5);
  });

  test("invalid output twice is 503 naming the problem, after exactly two requests", async () => {
    const before = provider.requests.length;
    provider.answer({ content: "Sure! Here is the invoice: …" }, { content: JSON.stringify({ ...GERMAN_ANSWER, items: "none" }) });
    const error = await extractDocument(withProvider(), germanPdf, "pdf").catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: "SERVICE_UNAVAILABLE", status: 503, details: { provider: "openai-compatible" } });
    expect((error as Error).message).toContain("invalid output twice");
    expect((error as Error).message).toContain("items");
    expect(provider.requests.length - before).toBe(2);
  });

  test("a provider that fails, refuses the key or is down is 503, never a 500", async () => {
    provider.answer({ status: 500, error: "The server had an error while processing your request" });
    await expect(extractDocument(withProvider(), germanPdf, "pdf")).rejects.toMatchObject({ code: "SERVICE_UNAVAILABLE", message: expect.stringContaining("HTTP 500") });
    const wrongKey: ExtractDeps = { ocr: server.services.ocr, config: loadConfig({ AI_BASE_URL: provider.baseUrl, AI_API_KEY: "sk-wrong", AI_MODEL: PROVIDER_MODEL }), draftSchema: extractedInvoiceSchema };
    await expect(extractDocument(wrongKey, germanPdf, "pdf")).rejects.toMatchObject({ code: "SERVICE_UNAVAILABLE", message: expect.stringContaining("HTTP 401") });

    const gone = startAiProvider();
    await gone.close();
    await expect(extractDocument(withProvider(gone.baseUrl), germanPdf, "pdf")).rejects.toMatchObject({ code: "SERVICE_UNAVAILABLE", message: expect.stringContaining("could not be reached") });
  });

  test("provider ai without AI_BASE_URL and AI_MODEL is 422; builtin is chosen explicitly even when one is configured", async () => {
    await expect(extractDocument(builtin(), germanPdf, "pdf", { provider: "ai" })).rejects.toMatchObject({ code: "VALIDATION_ERROR", status: 422, details: { field: "provider" } });
    const before = provider.requests.length;
    expect((await extractDocument(withProvider(), germanPdf, "pdf", { provider: "builtin" })).provider).toBe("builtin");
    expect(provider.requests.length).toBe(before);
  });

  test("over REST on a service configured with it: the default provider; down, 503 with nothing counted", async () => {
    const configured = await startTestServer({ env: { AI_BASE_URL: provider.baseUrl, AI_API_KEY: PROVIDER_KEY, AI_MODEL: PROVIDER_MODEL } });
    try {
      const account = await configured.account({ tier: "free" });
      const client = api(configured.url, account.key);
      provider.answer({ content: JSON.stringify(GERMAN_ANSWER) });
      const answered = await client.post("/api/extract", { content: base64(germanPdf) });
      expect(answered.status).toBe(200);
      expect(answered.body).toMatchObject({ provider: "openai-compatible", consistent: true, invoice: { number: "RE-2026-0042" } });
      provider.answer({ status: 503, error: "overloaded" });
      const down = await client.post("/api/extract", { content: base64(germanPdf) });
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ code: "SERVICE_UNAVAILABLE", details: { provider: "openai-compatible" } });
      expect((await client.get("/api/usage")).body.used).toBe(1);
    } finally {
      await configured.close();
    }
  });
});
