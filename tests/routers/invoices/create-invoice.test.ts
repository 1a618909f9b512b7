import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { api, type Api } from "../../helpers/http.ts";
import { invoiceInput, operation } from "../../helpers/factories.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestAccount, type TestServer } from "../../helpers/server.ts";

let server: TestServer;
let owner: TestAccount;
let client: Api;

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.account();
  client = api(server.url, owner.key);
});
afterAll(() => server.close());

describe("POST /api/invoices: happy", () => {
  test("creates a draft with totals computed from the lines", async () => {
    const reply = await client.post("/api/invoices", invoiceInput());
    expect(reply.status).toBe(201);
    expect(reply.headers.get("location")).toBe(`/api/invoices/${reply.body.id}`);
    expect(reply.body).toMatchObject({ type: "invoice", status: "draft", number: null, locked: false, revision: 1 });
    expect(reply.body.id).toMatch(/^inv_[0-9A-Z]{26}$/);
    expect(reply.body.items.map((item: { amount: number }) => item.amount)).toEqual([120_000, 4_550]);
    expect(reply.body).toMatchObject({ subtotal: 124_550, tax: 23_665, total: 148_215, amount_paid: 0, amount_due: 148_215 });
    expect(reply.body.tax_breakdown).toEqual([{ category: "S", rate: 19, taxable: 124_550, tax: 23_665 }]);
  });

  test("a stored invoice reads back identically", async () => {
    const created = await client.post("/api/invoices", invoiceInput());
    const read = await client.get(`/api/invoices/${created.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
  });

  test("taxes per VAT group on summed nets, as EN 16931", async () => {
    const reply = await client.post(
      "/api/invoices",
      invoiceInput({
        tax_rate: 19,
        items: [
          { description: "A", quantity: 1, rate: 333 },
          { description: "B", quantity: 1, rate: 333 },
          { description: "Book", quantity: 1, rate: 1_000, tax_rate: 7 },
          { description: "Export", quantity: 1, rate: 500, tax_rate: 0, tax_category: "G", tax_exemption_reason: "Export outside the EU" },
        ],
      }),
    );
    expect(reply.status).toBe(201);
    expect(reply.body.tax_breakdown).toEqual([
      { category: "G", rate: 0, taxable: 500, tax: 0 },
      { category: "S", rate: 7, taxable: 1_000, tax: 70 },
      { category: "S", rate: 19, taxable: 666, tax: 127 },
    ]);
    expect(reply.body).toMatchObject({ subtotal: 2_166, tax: 197, total: 2_363 });
  });

  test("a line's discount comes off quantity × rate before VAT; no discount (null or 0) leaves the field out", async () => {
    const reply = await client.post(
      "/api/invoices",
      invoiceInput({
        tax_rate: 7,
        items: [
          { description: "Croissants", quantity: 40, rate: 120, discount_percent: 10 },
          { description: "Sourdough", quantity: 10, rate: 450, discount_percent: null },
          { description: "Delivery", quantity: 1, rate: 1_500, discount_percent: 0 },
        ],
      }),
    );
    expect(reply.status).toBe(201);
    expect(reply.body.items.map((item: { amount: number; discount_percent?: number }) => [item.amount, item.discount_percent])).toEqual([
      [4_320, 10],
      [4_500, undefined],
      [1_500, undefined],
    ]);
    expect(reply.body).toMatchObject({ subtotal: 10_320, tax: 722, total: 11_042 });
  });

  test("seller, currency, locale and payment default from the account profile", async () => {
    const seller = await server.account();
    const seller_api = api(server.url, seller.key);
    const profile = await seller_api.put("/api/account", {
      legal_name: "Seller SARL",
      contact: { email: "billing@seller.example" },
      currency: "CHF",
      locale: "fr-CH",
      payment: { iban: "CH9300762011623852957" },
    });
    expect(profile.status).toBe(200);
    const reply = await seller_api.post("/api/invoices", { bill_to_name: "Buyer", issue_date: "2026-11-02", items: [{ description: "x", rate: 100 }] });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      from_name: "Seller SARL",
      from_email: "billing@seller.example",
      currency: "CHF",
      locale: "fr-CH",
      payment: { means: "58", iban: "CH9300762011623852957", bic: null, reference: null },
    });
  });

  test("a client id copies the client's data into bill_to", async () => {
    const made = await client.post("/api/clients", { name: "Zoë Müller", email: "zoe@example.com", address: "Hauptstr. 1", currency: "EUR" });
    const reply = await client.post("/api/invoices", invoiceInput({ bill_to_name: undefined, bill_to_email: undefined, client_id: made.body.id }));
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ client_id: made.body.id, bill_to_name: "Zoë Müller", bill_to_email: "zoe@example.com" });
    expect(reply.body.bill_to_address.line1).toBe("Hauptstr. 1");
  });

  test("the same Idempotency-Key and body return the stored response, no second invoice", async () => {
    const key = crypto.randomUUID();
    const body = invoiceInput();
    const first = await client.post("/api/invoices", body, undefined, { "idempotency-key": key });
    const again = await client.post("/api/invoices", body, undefined, { "idempotency-key": key });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const other = await client.post("/api/invoices", { ...body, notes: "different" }, undefined, { "idempotency-key": key });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe("OPERATION_REUSED");
  });

  test("200 parallel creates all succeed", async () => {
    const replies = await Promise.all(Array.from({ length: 200 }, () => client.post("/api/invoices", invoiceInput())));
    expect(replies.map((reply) => reply.status)).toEqual(Array(200).fill(201));
    expect(new Set(replies.map((reply) => reply.body.id)).size).toBe(200);
  });

  test("no locale on an account with no profile: the seller's country's, the client's, else en-US — never a refusal", async () => {
    const plain = await client.post("/api/invoices", invoiceInput({ locale: undefined }));
    expect(plain.status).toBe(201);
    expect(plain.body.locale).toBe("en-US");
    const seller = await client.post("/api/invoices", invoiceInput({ locale: undefined, from_address: { line1: "Rue de Rivoli 1", city: "Paris", country: "FR" } }));
    expect(seller.body.locale).toBe("fr-FR");
    const buyer = await client.post("/api/clients", { name: "Cliente SpA", locale: "it-IT" });
    const linked = await client.post("/api/invoices", invoiceInput({ locale: undefined, bill_to_name: undefined, bill_to_email: undefined, client_id: buyer.body.id, from_address: { country: "FR" } }));
    expect(linked.body.locale).toBe("it-IT");
    const asked = await client.post("/api/invoices", invoiceInput({ locale: "nl-BE", client_id: buyer.body.id, bill_to_name: undefined, bill_to_email: undefined }));
    expect(asked.body.locale).toBe("nl-BE");
  });

  test("the account's default locale, where the request and the invoice tell none", async () => {
    const account = await server.account();
    const rest = api(server.url, account.key);
    expect((await rest.put("/api/account", { locale: "ja-JP" })).status).toBe(200);
    expect((await rest.post("/api/invoices", invoiceInput({ locale: undefined }))).body.locale).toBe("ja-JP");
  });
});

describe("POST /api/invoices: errors", () => {
  test.each([
    ["missing bill_to_name", { bill_to_name: undefined }, "VALIDATION_ERROR", "bill_to_name", "required"],
    ["empty from_name", { from_name: "" }, "VALIDATION_ERROR", "from_name", undefined],
    ["from_name over 500", { from_name: "x".repeat(501) }, "VALIDATION_ERROR", "from_name", undefined],
    ["unknown currency", { currency: "XYZ" }, "VALIDATION_ERROR", "currency", undefined],
    ["no currency, and none on the account: never guessed", { currency: undefined }, "VALIDATION_ERROR", "currency", "required"],
    ["bad locale", { locale: "not a locale!" }, "VALIDATION_ERROR", "locale", undefined],
    ["impossible date", { issue_date: "2026-02-30" }, "VALIDATION_ERROR", "issue_date", undefined],
    ["due before issue", { due_date: "2026-10-01" }, "VALIDATION_ERROR", "due_date", undefined],
    ["unknown field", { colour: "red" }, "VALIDATION_ERROR", "colour", "unknown field"],
    ["fractional rate", { items: [{ description: "x", rate: 10.5 }] }, "INVALID_AMOUNT", "items.0.rate", undefined],
    ["rate as string", { items: [{ description: "x", rate: "100" }] }, "INVALID_AMOUNT", "items.0.rate", undefined],
    ["rate beyond 2^53", { items: [{ description: "x", rate: 2 ** 53 }] }, "INVALID_AMOUNT", "items.0.rate", undefined],
    ["total beyond 2^53", { items: [{ description: "x", quantity: 1000, rate: 2 ** 52 }] }, "INVALID_AMOUNT", "items.0.amount", undefined],
    ["five decimals in quantity", { items: [{ description: "x", quantity: 1.00001, rate: 1 }] }, "VALIDATION_ERROR", "items.0.quantity", undefined],
    ["zero-rate category with a rate", { items: [{ description: "x", rate: 1, tax_category: "E", tax_rate: 19 }] }, "VALIDATION_ERROR", "items.0.tax_rate", undefined],
    ["preceding invoice on an invoice", { preceding_invoice: { number: "INV-1" } }, "VALIDATION_ERROR", "preceding_invoice", undefined],
    ["a discount over 100 %", { items: [{ description: "x", rate: 1, discount_percent: 101 }] }, "VALIDATION_ERROR", "items.0.discount_percent", undefined],
    ["a negative discount", { items: [{ description: "x", rate: 1, discount_percent: -5 }] }, "VALIDATION_ERROR", "items.0.discount_percent", undefined],
  ])("%s → 422", async (_name, overrides, code, field, issue) => {
    const before = await client.get("/api/invoices?limit=1");
    const reply = await client.post("/api/invoices", invoiceInput(overrides));
    expect(reply.status).toBe(422);
    expect(reply.body.code).toBe(code);
    expect(reply.body.details.field).toBe(field);
    if (issue) expect(reply.body.details.issue).toBe(issue);
    const after = await client.get("/api/invoices?limit=1");
    expect(after.body.total).toBe(before.body.total);
  });

  test("malformed JSON is 400, a non-JSON body 415, an empty body 422 (nothing given)", async () => {
    const headers = { authorization: `Bearer ${owner.key}` };
    const malformed = await client.raw("/api/invoices", { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: "{oops" });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe("BAD_REQUEST");
    const text = await client.raw("/api/invoices", { method: "POST", headers: { ...headers, "content-type": "text/plain" }, body: "hello" });
    expect(text.status).toBe(415);
    expect(text.body.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    const empty = await client.raw("/api/invoices", { method: "POST", headers });
    expect(empty.status).toBe(422);
    expect(empty.body.details.field).toBe("issue_date");
  });

  test("a body over 1 MiB is 413 before parsing", async () => {
    const huge = JSON.stringify(invoiceInput({ notes: "x".repeat(1024 * 1024) }));
    const reply = await client.raw("/api/invoices", { method: "POST", headers: { authorization: `Bearer ${owner.key}`, "content-type": "application/json" }, body: huge });
    expect(reply.status).toBe(413);
    expect(reply.body.code).toBe("PAYLOAD_TOO_LARGE");
  });

  test("a foreign client id is 403, a missing one 404", async () => {
    const stranger = await server.account();
    const theirs = await api(server.url, stranger.key).post("/api/clients", { name: "Theirs" });
    const foreign = await client.post("/api/invoices", invoiceInput({ client_id: theirs.body.id }));
    expect(foreign.status).toBe(403);
    expect(foreign.body.details.field).toBe("client_id");
    const missing = await client.post("/api/invoices", invoiceInput({ client_id: "cli_missing" }));
    expect(missing.status).toBe(404);
  });
});

describe("POST /api/invoices: a credit note's preceding invoice", () => {
  async function finalizedInvoice(): Promise<{ id: string; number: string; issue_date: string }> {
    const created = await client.post("/api/invoices", invoiceInput());
    const finalized = await client.post(`/api/invoices/${created.body.id}/finalize`, operation(1));
    expect(finalized.status).toBe(200);
    return finalized.body;
  }

  test("the shape a read returns is accepted back as it is", async () => {
    const original = await finalizedInvoice();
    const note = await client.post("/api/invoices", invoiceInput({ type: "credit_note", preceding_invoice: { id: original.id } }));
    expect(note.status).toBe(201);
    expect(note.body.preceding_invoice).toEqual({ id: original.id, number: original.number, issue_date: original.issue_date });
    const again = await client.post("/api/invoices", invoiceInput({ type: "credit_note", preceding_invoice: note.body.preceding_invoice }));
    expect(again.status).toBe(201);
    expect(again.body.preceding_invoice).toEqual(note.body.preceding_invoice);
    const outside = await client.post("/api/invoices", invoiceInput({ type: "credit_note", preceding_invoice: { id: null, number: "OLD-7", issue_date: "2025-01-31" } }));
    expect(outside.body.preceding_invoice).toEqual({ id: null, number: "OLD-7", issue_date: "2025-01-31" });
    const updated = await client.put(`/api/invoices/${again.body.id}`, { ...operation(1), preceding_invoice: again.body.preceding_invoice, notes: "same reference" });
    expect(updated.status).toBe(200);
    expect(updated.body.preceding_invoice).toEqual(note.body.preceding_invoice);
  });

  test.each([
    ["number", { number: "INV-9999-0001" }],
    ["issue_date", { issue_date: "2020-01-01" }],
  ])("the id decides: a %s that disagrees is 422 naming it", async (field, disagreeing) => {
    const original = await finalizedInvoice();
    const reply = await client.post("/api/invoices", invoiceInput({ type: "credit_note", preceding_invoice: { id: original.id, ...disagreeing } }));
    expect(reply.status).toBe(422);
    expect(reply.body.details.field).toBe(`preceding_invoice.${field}`);
    expect(reply.body.details.issue).toContain(`does not match invoice ${original.id}`);
  });

  test("neither id nor number says what is expected, never a bare Invalid input", async () => {
    const reply = await client.post("/api/invoices", invoiceInput({ type: "credit_note", preceding_invoice: { issue_date: "2025-01-31" } }));
    expect(reply.status).toBe(422);
    expect(reply.body.details).toEqual({ field: "preceding_invoice", issue: "give id (a stored invoice) or number (an invoice outside the service)" });
  });
});

describe("POST /api/invoices: unions and refinements say what they expect", () => {
  test.each([
    ["an address that is neither text nor an object", { from_address: 5 }, "from_address", "expected string or object"],
    ["an unknown field inside an address object", { bill_to_address: { line1: "x", line9: "y" } }, "bill_to_address.line9", "unknown field"],
    ["an address field of the wrong type", { bill_to_address: { city: 5 } }, "bill_to_address.city", "expected string, received number"],
    ["a description of the wrong type", { items: [{ description: 5, rate: 1 }] }, "items.0.description", "expected string, received number"],
  ])("%s", async (_name, overrides, field, issue) => {
    const reply = await client.post("/api/invoices", invoiceInput(overrides));
    expect(reply.status).toBe(422);
    expect(reply.body.details).toEqual({ field, issue });
    expect(reply.body.error).not.toContain("Invalid input");
  });
});

describe("POST /api/invoices: security", () => {
  test("no key, unknown key, revoked key, wrong scope", async () => {
    await expectSecurityCases({
      server,
      owner,
      scope: "invoices:write",
      ownsResource: false,
      call: (key) => api(server.url).post("/api/invoices", invoiceInput(), key),
    });
  });
});
