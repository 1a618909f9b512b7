// Every export that has a reader reads back through the service, on an account with no profile at
// all: an invoice created on an account that has one is exported as DSL, JSON, CSV, UBL and CII,
// and each file is made an invoice again on a fresh account (invoices.createFromDsl for the DSL,
// POST /api/import for the others, sent base64 with the encoding stated). The invoices are
// generated (fast-check, fixed seed): currencies with 0, 2 and 3 decimals (JPY, KWD), locales that
// write "," or "." for decimals, lines at different VAT rates and an exempt one, decimal
// quantities, discounted lines (discount_percent) and discount lines (a negative price), long and
// non-ASCII text, credit notes and quotes, optional fields there or not. The codec round trips beside this file try the corners of each
// grammar (blanks, pipes, separators, hostile text) that this one leaves out.
//
// What each format carries, compared field by field as the same normalization of both invoices
// (the one exported and the one made from its file), and what it does not:
//
// | format | compared                                        | not compared, and why                                      |
// |--------|-------------------------------------------------|------------------------------------------------------------|
// | DSL    | number; seller's and buyer's names, e-mails and | type, tax ids, buyer reference, delivery date, payment,    |
// |        | addresses (one line of text and the country);   | units, tax categories and exemption reasons, the preceding |
// |        | issue and due dates, payment terms; currency,   | invoice: the grammar has no line for them (ADR 0012,       |
// |        | locale; the invoice's and each line's VAT rate; | render/codecs/dsl.ts); an address's parts (street, city,   |
// |        | each line's description, quantity, price and    | post code): it is one line of text and a country           |
// |        | discount ("-10%"); notes; the totals            |                                                            |
// | JSON   | every field a create takes (JSON_CARRIED, each  | client and template ids: the exporting account's records   |
// |        | line's discount and net amount among them),     |                                                            |
// |        | status, the totals                              |                                                            |
// | CSV    | type, number, issue and due dates, currency,    | addresses, e-mails, the seller's tax id, locale, payment,  |
// |        | seller's and buyer's names, the buyer's tax id, | notes, terms, buyer reference, delivery date, preceding    |
// |        | each line (unit, discount_percent, effective    | invoice: the export has no column for them; whether a rate |
// |        | VAT rate and category); the totals              | was the line's or the invoice's                            |
// | UBL,   | type, number; parties (names, e-mails, tax ids, | locale: EN 16931 has no business term for it, so the fresh |
// | CII    | addresses); buyer reference, currency, dates,   | account takes the seller country's; whether a rate was the |
// |        | terms, payment, notes, preceding invoice; each  | line's or the invoice's. A quote is no e-invoice (BT-3):   |
// |        | line with its effective rate, category,         | its export is a 422. KWD totals are written at two         |
// |        | exemption reason and discount (BG-27, a line    | decimals (BR-DEC) and checked as such on import            |
// |        | allowance); the totals (KWD's too: the import   |                                                            |
// |        | recomputes them from exact line prices)         |                                                            |
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import fc from "fast-check";
import type { InvoiceRecord } from "../../../server/domain/invoice.ts";
import { emptyProfile, type StoredProfile } from "../../../server/domain/profile.ts";
import { carried as dslCarried, DSL_FIELDS } from "../../helpers/dsl-carried.ts";
import { csvCarried, einvoiceCarried, JSON_CARRIED } from "../../helpers/export-carried.ts";
import { api, type Api } from "../../helpers/http.ts";
import { expectStatus, setProfile } from "../../helpers/invoices.ts";
import { startTestServer, type TestServer } from "../../helpers/server.ts";

const SEED = Number(process.env.SEED ?? 20_261_129);
const RUNS = Number(process.env.RUNS ?? 24);

/** The exporting account's profile: what a create leaves out comes from here. */
const SOURCE_PROFILE = {
  legal_name: "Zoë Müller Beratung GmbH",
  address: { line1: "Hauptstraße 1", city: "Berlin", postal_code: "10115", country: "DE" },
  tax_id: "DE123456789",
  contact: { email: "billing@zoe-mueller.example" },
  payment: { means: "58", iban: "DE89370400440532013000", bic: "COBADEFFXXX" },
  currency: "EUR",
  locale: "de-DE",
};
const SOURCE_STORED: StoredProfile = {
  ...emptyProfile(),
  ...SOURCE_PROFILE,
  address: { line2: null, region: null, ...SOURCE_PROFILE.address },
  contact: { name: null, phone: null, ...SOURCE_PROFILE.contact },
  payment: { reference: null, ...SOURCE_PROFILE.payment },
};

const WORDS = ["Beratung", "Müller", "Straße", "Crème brûlée", "Société", "Ærø", "コンサルティング", "東京都", "Øresund", "naïve", "Zürich", "São Paulo", "Δοκιμή", "support"];
const text = (min: number, max: number) => fc.array(fc.constantFrom(...WORDS), { minLength: min, maxLength: max }).map((words) => words.join(" "));
const longText = fc.oneof(text(1, 4), text(30, 45));
const email = fc.constantFrom("ap@globex.example", "rechnung@kunde.example", "compta@societe.example", "keiri@kabushiki.example");
const address = fc.record({
  line1: text(1, 3).map((words) => `${words} 12`),
  line2: fc.option(text(1, 2), { nil: null }),
  city: fc.constantFrom("München", "Genève", "大阪市", "Lyon", "Boston"),
  postal_code: fc.constantFrom("80331", "1204", "530-0001", "69001", "02108"),
  region: fc.option(fc.constantFrom("Bayern", "大阪府", "MA"), { nil: null }),
  country: fc.constantFrom("DE", "CH", "JP", "FR", "US", "AT"),
});
/** A VAT rate, or an exempt line with its reason. */
const tax = fc.oneof(
  fc.constantFrom(19, 7, 20, 8.1, 2.6, 10, 5.5).map((tax_rate) => ({ tax_rate })),
  fc.constant({ tax_rate: 0, tax_category: "E", tax_exemption_reason: "Steuerfrei nach § 4 Nr. 21 UStG" }),
  fc.constant({}),
);
const item = fc.record({
  description: longText,
  quantity: fc.constantFrom(1, 2, 2.5, 0.125, 10, 1.75, 3),
  unit: fc.constantFrom("C62", "HUR", "DAY", "KGM"),
  rate: fc.integer({ min: 100, max: 500_000 }),
  tax,
  // On about half the lines; undefined, which JSON drops, on the others.
  discount_percent: fc.option(fc.constantFrom(10, 2.5, 15, 33.3333, 100), { nil: undefined, freq: 2 }),
});
const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });

/** A create body for the exporting account; what is left out (undefined, so JSON drops it) the profile gives. */
const createBody = fc
  .record({
    type: fc.constantFrom("invoice", "invoice", "credit_note", "quote"),
    currency: fc.constantFrom("EUR", "USD", "JPY", "CHF", "GBP", "SEK", "KWD"),
    locale: optional(fc.constantFrom("de-DE", "fr-FR", "en-US", "ja-JP", "de-CH", "en-GB", "it-IT")),
    seller: optional(fc.record({ from_name: text(1, 3), from_address: address, from_email: fc.constant("invoices@seller.example"), from_tax_id: fc.constantFrom("CHE-123.456.789 MWST", "FR40303265045") })),
    bill_to_name: text(1, 3),
    // Always: UBL (Peppol BIS) needs the buyer's electronic address and reference (BT-49, BT-10), and every invoice here is an e-invoice.
    bill_to_email: email,
    bill_to_address: address,
    bill_to_tax_id: optional(fc.constantFrom("DE987654321", "ATU12345678")),
    buyer_reference: fc.constantFrom("04011000-12345-34", "PO 4711/Ü"),
    issue_day: fc.integer({ min: 1, max: 28 }),
    due: fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 60 })),
    terms: optional(fc.constantFrom("Zahlbar innerhalb von 14 Tagen ohne Abzug", "Net 30", "À réception")),
    delivery: fc.boolean(),
    payment: optional(fc.constantFrom({ means: "58", iban: "CH9300762011623852957", bic: null, reference: "RF18 5390 0754 7034" }, { means: "30", iban: "FR1420041010050500013M02606", bic: "BNPAFRPPXXX", reference: null })),
    notes: optional(fc.array(longText, { minLength: 1, maxLength: 3 }).map((lines) => lines.join("\n"))),
    tax_rate: optional(fc.constantFrom(19, 7.7, 0)),
    items: fc.array(item, { minLength: 1, maxLength: 5 }),
    discount: fc.option(fc.integer({ min: 1, max: 50 }), { nil: null }),
  })
  .map((drawn) => {
    const issue = `2026-10-${String(drawn.issue_day).padStart(2, "0")}`;
    const dueDate = drawn.due === null ? null : new Date(Date.parse(`${issue}T00:00:00Z`) + drawn.due * 86_400_000).toISOString().slice(0, 10);
    const items: Array<Record<string, unknown>> = drawn.items.map(({ tax: lineTax, ...line }) => ({ ...line, ...lineTax }));
    // A discount line (a negative price) below the first line's price, taxed as the first line is.
    const first = drawn.items[0];
    if (drawn.discount !== null && first) items.push({ description: "Rabatt — remise", quantity: 1, rate: -Math.ceil((first.rate * drawn.discount) / 100), ...first.tax });
    // A line without its own rate needs the invoice's (0 makes it zero-rated, which an e-invoice
    // states with a reason); when every line has one, the invoice may have none.
    const ownRates = items.every((line) => line.tax_rate !== undefined);
    const rate = drawn.tax_rate ?? (ownRates ? undefined : 19);
    return {
      type: drawn.type,
      ...(drawn.type === "credit_note" ? { preceding_invoice: { number: "RE-2026-0001", issue_date: "2026-09-30" } } : {}),
      currency: drawn.currency,
      ...(drawn.locale ? { locale: drawn.locale } : {}),
      ...drawn.seller,
      bill_to_name: drawn.bill_to_name,
      bill_to_email: drawn.bill_to_email,
      bill_to_address: drawn.bill_to_address,
      bill_to_tax_id: drawn.bill_to_tax_id,
      buyer_reference: drawn.buyer_reference,
      issue_date: issue,
      due_date: dueDate ?? (drawn.terms ? undefined : issue),
      payment_terms: drawn.terms,
      delivery_date: drawn.delivery ? issue : undefined,
      ...(drawn.payment ? { payment: drawn.payment } : {}),
      notes: drawn.notes,
      tax_rate: rate,
      tax_exemption_reason: rate === 0 ? "Ausfuhrlieferung" : undefined,
      items,
    };
  });

let server: TestServer;
let source: Api;

beforeAll(async () => {
  server = await startTestServer();
  source = api(server.url, (await server.account()).key);
  await setProfile(source, SOURCE_PROFILE);
});
afterAll(() => server.close());

/** A new account with a key and nothing in its profile: no name, address, currency or locale to fall back on. */
async function freshAccount(): Promise<Api> {
  const rest = api(server.url, (await server.account()).key);
  const profile = expectStatus(await rest.get("/api/account"), 200);
  expect({ legal_name: profile.legal_name, currency: profile.currency, locale: profile.locale }).toEqual({ legal_name: null, currency: null, locale: null });
  return rest;
}

type Format = "dsl" | "json" | "csv" | "ubl" | "cii";
const FORMATS: readonly Format[] = ["dsl", "json", "csv", "ubl", "cii"];
/** Only invoices and credit notes are e-invoices (BT-3): a quote's UBL or CII export is a 422 naming that term. */
const hasFormat = (type: string, format: Format): boolean => type !== "quote" || (format !== "ubl" && format !== "cii");

/** The invoice made from `file` on a fresh account. */
async function readBack(format: Format, file: string): Promise<InvoiceRecord> {
  const rest = await freshAccount();
  if (format === "dsl") return expectStatus(await rest.post("/api/invoices/dsl", { dsl: file }), 201).invoice;
  const reply = expectStatus(await rest.post("/api/import", { content: Buffer.from(file).toString("base64"), encoding: "base64", format }), 201);
  expect({ problems: reply.problems, created: reply.summary.invoices.create }).toEqual({ problems: [], created: 1 });
  return expectStatus(await rest.get(`/api/invoices/${reply.invoices[0].id}`), 200);
}

const totals = ({ subtotal, tax, total }: InvoiceRecord) => ({ subtotal, tax, total });
const withoutIds = ({ items }: InvoiceRecord) => items.map(({ id: _id, ...line }) => line);

/** What `format` carries of an invoice, field by field (the table above); `profile` is the seller the exporter falls back to. */
function carried(format: Format, record: InvoiceRecord, profile: StoredProfile): Record<string, unknown> {
  switch (format) {
    case "dsl": {
      const fields = dslCarried(record) as Record<string, unknown>;
      return { ...Object.fromEntries(DSL_FIELDS.map((field) => [field, fields[field]])), totals: totals(record) };
    }
    case "json":
      return { ...Object.fromEntries(JSON_CARRIED.map((field) => [field, field === "items" ? withoutIds(record) : record[field]])), status: record.status, totals: totals(record) };
    case "csv":
      return { ...csvCarried(record), totals: totals(record) };
    default:
      return { ...einvoiceCarried(record, profile), totals: totals(record) };
  }
}

async function expectRoundTrips(body: Record<string, unknown>, index: number): Promise<void> {
  const original: InvoiceRecord = expectStatus(await source.post("/api/invoices", { ...body, number: `PT-2026-${String(index + 1).padStart(3, "0")}` }), 201);
  await Promise.all(
    FORMATS.map(async (format) => {
      const reply = await source.post(`/api/invoices/${original.id}/export`, { format });
      if (!hasFormat(original.type, format)) {
        expect({ status: reply.status, term: reply.body.details?.business_term }).toEqual({ status: 422, term: "BT-3" });
        return;
      }
      const exported = expectStatus(reply, 200);
      const again = await readBack(format, exported.text);
      const want = carried(format, original, SOURCE_STORED);
      const got = carried(format, again, emptyProfile());
      for (const [field, value] of Object.entries(want)) {
        expect({ format, field, value: got[field], file: exported.text }).toEqual({ format, field, value, file: exported.text });
      }
    }),
  );
}

describe("every export reads back on an account with no profile", () => {
  test(`${RUNS} generated invoices as DSL, JSON, CSV, UBL and CII (seed ${SEED})`, async () => {
    const bodies = fc.sample(createBody, { numRuns: RUNS, seed: SEED });
    // A few invoices at a time: each is five exports and five reads on fresh accounts.
    for (let start = 0; start < bodies.length; start += 4) {
      await Promise.all(bodies.slice(start, start + 4).map((body, offset) => expectRoundTrips(body, start + offset)));
    }
  }, 60_000);
});

describe("an e-invoice in a currency with three decimals", () => {
  // Three lines of 1.255 KWD: 3.765 exactly, 3.78 as EN 16931 writes it (each line net at two decimals, BR-DEC-23).
  const kuwaiti = { currency: "KWD", bill_to_name: "Gulf Trading Co.", bill_to_email: "ap@gulf.example", bill_to_address: { line1: "Al Soor Street", city: "Kuwait City", postal_code: "15000", country: "KW" }, buyer_reference: "PO-7", issue_date: "2026-10-01", due_date: "2026-10-31", tax_rate: 0, tax_exemption_reason: "Export", items: ["Support", "Spare part", "Cable"].map((description) => ({ description, rate: 1255 })) };

  async function exported(format: "ubl" | "cii", number: string): Promise<{ original: InvoiceRecord; file: string }> {
    const original: InvoiceRecord = expectStatus(await source.post("/api/invoices", { ...kuwaiti, number }), 201);
    return { original, file: expectStatus(await source.post(`/api/invoices/${original.id}/export`, { format }), 200).text };
  }

  test("states its totals at two decimals, and imports with the exact ones its lines give", async () => {
    for (const format of ["ubl", "cii"] as const) {
      const { original, file } = await exported(format, `KW-${format}`);
      expect(file).toContain(format === "ubl" ? '<cbc:TaxExclusiveAmount currencyID="KWD">3.78</cbc:TaxExclusiveAmount>' : "<ram:TaxBasisTotalAmount>3.78</ram:TaxBasisTotalAmount>");
      const again = await readBack(format, file);
      expect(totals(again)).toEqual({ subtotal: 3765, tax: 0, total: 3765 });
      expect(totals(again)).toEqual(totals(original));
    }
  });

  test("a stated total its lines do not give, even at two decimals, is refused naming the term", async () => {
    const { file } = await exported("ubl", "KW-altered");
    const altered = file.replace('<cbc:TaxExclusiveAmount currencyID="KWD">3.78<', '<cbc:TaxExclusiveAmount currencyID="KWD">3.77<');
    expect(altered).not.toBe(file);
    const reply = await (await freshAccount()).post("/api/import", { content: Buffer.from(altered).toString("base64"), encoding: "base64", format: "ubl" });
    expect(reply.status).toBe(422);
    expect(reply.body.details.problems).toContainEqual(expect.objectContaining({ term: "BT-109", value: "3770", issue: expect.stringContaining("its lines give 3780") }));
  });
});
