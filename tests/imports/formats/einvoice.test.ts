// The e-invoice readers (UBL, CII, XRechnung, Factur-X) on files this service did not write: every
// official EN 16931 example (tests/fixtures/imports/einvoice, from ../shared/einvoice/examples) reads
// without a problem, and the invoice the domain builds from its draft has the totals the document
// states (BT-109, BT-110, BT-112, BT-113, BT-115), exactly. A line whose one allowance is a
// percentage its net amount agrees with reads as that line with its discount; any other line
// allowance or charge keeps the net amount at quantity 1. Hostile and wrong files are 422s.
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { PDFDocument } from "pdf-lib";
import { toCii } from "../../../render/einvoice/cii.ts";
import { toEn16931 } from "../../../render/einvoice/model.ts";
import { toUbl } from "../../../render/einvoice/ubl.ts";
import { exportInvoice } from "../../../render/export.ts";
import { builtInTemplate } from "../../../render/templates/template.ts";
import { RECORD_KEYS } from "../../../routers/imports/record-keys.ts";
import { AppError } from "../../../server/domain/errors.ts";
import { newInvoice, type InvoiceFieldsInput, type InvoiceRecord } from "../../../server/domain/invoice.ts";
import { emptyProfile } from "../../../server/domain/profile.ts";
import { readCii } from "../../../server/imports/formats/cii.ts";
import { facturXAttachment, readFacturX } from "../../../server/imports/formats/facturx.ts";
import { readUbl } from "../../../server/imports/formats/ubl.ts";
import { readXRechnung } from "../../../server/imports/formats/xrechnung.ts";
import type { FormatReader, InvoiceDraft, ReadResult, StatedTotals } from "../../../server/imports/model.ts";
import { caseNamed, SELLER } from "../../render/einvoice/fixtures.ts";

const FIXTURES = new URL("../../fixtures/imports/einvoice/", import.meta.url).pathname;
const OPTIONS = { currency: "EUR", today: "2026-11-01", recordKeys: RECORD_KEYS };
const utf8 = new TextEncoder();

function examples(syntax: "ubl" | "cii"): string[] {
  return readdirSync(`${FIXTURES}${syntax}`).filter((file) => /\.xml$/i.test(file)).sort();
}

async function read(reader: FormatReader, bytes: Uint8Array | string): Promise<ReadResult> {
  return reader(typeof bytes === "string" ? utf8.encode(bytes) : bytes, OPTIONS);
}

async function example(syntax: "ubl" | "cii", file: string): Promise<{ result: ReadResult; draft: InvoiceDraft }> {
  const result = await read(syntax === "ubl" ? readUbl : readCii, new Uint8Array(readFileSync(`${FIXTURES}${syntax}/${file}`)));
  const [draft] = result.invoices;
  if (!draft || result.invoices.length !== 1) throw new Error(`${file}: ${result.invoices.length} invoices`);
  return { result, draft };
}

/** The invoice the domain builds from a draft (an account whose profile gives only the locale), with the payment the file states recorded. */
function recordOf(draft: InvoiceDraft): InvoiceRecord {
  const record = newInvoice({ id: "inv_import", input: draft.fields as InvoiceFieldsInput, profile: { ...emptyProfile(), locale: "en" }, resolved: {}, now: new Date("2026-11-01T09:00:00Z") });
  const paid = draft.totals?.amount_paid ?? 0;
  return { ...record, amount_paid: paid, amount_due: record.total - paid };
}

const TOTAL_KEYS = ["subtotal", "tax", "total", "amount_paid", "amount_due"] as const;

function computed(record: InvoiceRecord, stated: StatedTotals): StatedTotals {
  return Object.fromEntries(TOTAL_KEYS.filter((key) => stated[key] !== undefined).map((key) => [key, record[key]]));
}

/**
 * Where an official example states totals our money rule cannot give, by how much (stated −
 * computed, minor units) and why. huf_example_cii.xml: the one S 27 % group is 69180.00 HUF, whose
 * VAT is 18678.60 exactly; the file states 18679.00, the VAT rounded to whole forints as Hungarian
 * practice does (EN 16931 BR-CO-17 tolerates it). The record computes VAT per group to the currency's
 * ISO 4217 minor unit (HUF has 2), half away from zero, and has no way to hold a stated VAT amount,
 * so the import reports this 0.40 HUF mismatch rather than recomputing anything.
 */
const KNOWN_DIFFERENCES: Record<string, StatedTotals> = {
  "huf_example_cii.xml": { subtotal: 0, tax: 40, total: 40, amount_paid: 0, amount_due: 40 },
};

/** Examples whose only category is O (outside the scope of VAT), which state no BT-110. */
const WITHOUT_VAT_TOTAL = new Set(["CII_example7.xml", "XRechnung-O.xml"]);

describe("every official EN 16931 example reads with the totals it states", () => {
  for (const syntax of ["ubl", "cii"] as const) {
    for (const file of examples(syntax)) {
      test(`${syntax.toUpperCase()} ${file}`, async () => {
        const { result, draft } = await example(syntax, file);
        expect(result.problems).toEqual([]);
        const stated = draft.totals ?? {};
        // BT-109, BT-112 and BT-115 are mandatory (BR-13, BR-14, BR-15); BT-110 is left out by the two examples without VAT.
        expect([stated.subtotal, stated.total, stated.amount_due].every((amount) => typeof amount === "number")).toBe(true);
        expect(stated.tax === undefined).toBe(WITHOUT_VAT_TOTAL.has(file));
        const record = recordOf(draft);
        const known = KNOWN_DIFFERENCES[file];
        if (!known) {
          expect(computed(record, stated)).toEqual(stated);
          return;
        }
        const differences = Object.fromEntries(Object.entries(computed(record, stated)).map(([key, value]) => [key, (stated[key as keyof StatedTotals] ?? 0) - (value ?? 0)]));
        expect(differences).toEqual(known);
      });
    }
  }
});

describe("business terms by value", () => {
  test("UBL BIS3_Invoice_positive: seller, buyer, line, payment means, dates; a payment account that is no IBAN left out with a notice", async () => {
    const { draft, result } = await example("ubl", "BIS3_Invoice_positive.XML");
    expect(result.notices).toEqual([{ element: "/Invoice/PaymentMeans/PayeeFinancialAccount/ID", term: "BT-84", value: "1234567891234", issue: expect.stringContaining("not an IBAN") }]);
    expect(draft.fields).toMatchObject({
      type: "invoice",
      number: "12345",
      from_name: "Company A",
      from_tax_id: "DK12345678",
      from_address: { line1: "Street", city: "Copenhagen", postal_code: "1057", country: "DK" },
      bill_to_name: "Company B",
      bill_to_tax_id: "DK87654321",
      bill_to_address: { line1: "Bjerkåsholmen 125", city: "Slemmestad", postal_code: "NO-3470", country: "DK" },
      buyer_reference: "n/a",
      currency: "DKK",
      issue_date: "2019-01-25",
      due_date: "2019-02-24",
      delivery_date: "2019-01-25",
      notes: "text",
      payment: { means: "58", reference: "12345667890", iban: null, bic: null },
      items: [{ description: "text", quantity: 1, unit: "KWH", rate: 62_574_354, tax_rate: 25, tax_category: "S" }],
    });
  });

  test("UBL BIS3_Invoice_negativ: a quantity of −1 gives negative totals", async () => {
    const { draft } = await example("ubl", "BIS3_Invoice_negativ.XML");
    expect(draft.fields.items).toEqual([{ description: "text", quantity: -1, unit: "KWH", rate: 62_574_354, tax_rate: 25, tax_category: "S" }]);
    expect(draft.totals).toEqual({ subtotal: -62_574_354, tax: -15_643_589, total: -78_217_943, amount_due: -78_217_943 });
  });

  test("UBL ubl-tc434-example2: allowances and charges as lines, a folded line, an exemption reason, a prepayment", async () => {
    const { draft, result } = await example("ubl", "ubl-tc434-example2.xml");
    const items = draft.fields.items as Array<Record<string, unknown>>;
    expect(items.at(-2)).toEqual({ description: "Promotion discount", quantity: 1, rate: -10_000, tax_rate: 25, tax_category: "S" });
    expect(items.at(-1)).toEqual({ description: "Freight", quantity: 1, rate: 10_000, tax_rate: 25, tax_category: "S" });
    // Line 1 carries a line allowance and charge: kept at its net amount BT-131, quantity and price named.
    expect(items[0]).toEqual({ description: "Laptop computer (2 EA × 1273.00 per 1)", quantity: 1, rate: 127_300, tax_rate: 25, tax_category: "S" });
    expect(items.find((item) => item.tax_category === "E")).toMatchObject({ tax_exemption_reason: "Exempt New Means of Transport" });
    expect(draft.totals).toMatchObject({ amount_paid: 100_000 });
    expect(result.notices.map((notice) => notice.term)).toEqual(["BT-131", "BG-20", "BG-21"]);
    expect(result.notices[0]).toMatchObject({ element: "/Invoice/InvoiceLine[1]/LineExtensionAmount", value: "1273.00" });
  });

  test("UBL ubl-tc434-creditnote1: a CreditNote is a credit note, BT-120 reaches its exempt line", async () => {
    const { draft } = await example("ubl", "ubl-tc434-creditnote1.xml");
    expect(draft.fields).toMatchObject({
      type: "credit_note",
      from_email: "john.doole@mysuppliercompany.be",
      bill_to_email: "pete.smith@mycustomercompany.be",
      payment: { means: "1", reference: "010676609538", iban: "BE91000000143476", bic: "BPOTBEB1" },
      items: [{ description: "Exonération du versement du PP", quantity: 1, unit: "C62", rate: 10_011, tax_rate: 0, tax_category: "E", tax_exemption_reason: "Taxes are not applicable" }],
    });
  });

  test("CII CII-BR-CO-10-RoundingIssue: lines that cancel out, a preceding reference an invoice cannot keep, placeholder IBAN and BIC left out", async () => {
    const { draft, result } = await example("cii", "CII-BR-CO-10-RoundingIssue.xml");
    expect(draft.fields).toMatchObject({
      from_name: "Seller GmbH",
      from_tax_id: "DE 123 456 789",
      from_email: "test@example.com",
      payment_terms: "Fällig nach Belegdatum + 10 Tage",
      due_date: "2021-03-26",
      payment: { means: "30", reference: null, iban: null, bic: null },
    });
    expect((draft.fields.items as unknown[]).length).toBe(4);
    expect(draft.fields).not.toHaveProperty("preceding_invoice");
    expect(result.notices).toEqual([
      expect.objectContaining({ term: "BT-84", value: "IBAN", element: expect.stringMatching(/\/IBANID$/), issue: expect.stringContaining("left out") }),
      expect.objectContaining({ term: "BT-86", value: "BIC", element: expect.stringMatching(/\/BICID$/), issue: expect.stringContaining("not a BIC") }),
      expect.objectContaining({ term: "BG-3", value: "0" }),
    ]);
    expect(draft.totals).toEqual({ subtotal: 0, tax: 0, total: 0, amount_paid: 0, amount_due: 0 });
  });

  test("CII XRechnung-O: outside the scope of VAT (O) with a 0 rate, a due date before the issue date left out with a notice", async () => {
    const { draft, result } = await example("cii", "XRechnung-O.xml");
    const items = draft.fields.items as Array<Record<string, unknown>>;
    expect(items.every((item) => item.tax_category === "O" && item.tax_rate === 0)).toBe(true);
    expect(draft.fields).not.toHaveProperty("due_date");
    expect(result.notices).toContainEqual(expect.objectContaining({ term: "BT-9", value: "2021-01-01" }));
    // The seller's electronic address (scheme EM) and the IBAN are the placeholder "XX".
    expect(draft.fields).toMatchObject({ from_email: null, payment: { iban: null, bic: "HELADEFFXXX" } });
    expect(result.notices).toContainEqual(expect.objectContaining({ term: "BT-34", value: "XX", element: expect.stringContaining("/SellerTradeParty/URIUniversalCommunication/URIID"), issue: expect.stringContaining("not an e-mail address") }));
    expect(result.notices).toContainEqual(expect.objectContaining({ term: "BT-84", value: "XX" }));
  });

  test("an IBAN written in groups is kept without blanks; a contact's e-mail that is none is left out as BT-58", async () => {
    const text = readFileSync(`${FIXTURES}ubl/ubl-tc434-creditnote1.xml`, "utf8").replace("<cbc:ID>BE91000000143476</cbc:ID>", "<cbc:ID>BE91 0000 0014 3476</cbc:ID>").replace("pete.smith@mycustomercompany.be", "pete.smith at mycustomercompany");
    const result = await read(readUbl, text);
    expect(result.invoices[0]?.fields).toMatchObject({ from_email: "john.doole@mysuppliercompany.be", bill_to_email: null, payment: { iban: "BE91000000143476", bic: "BPOTBEB1" } });
    expect(result.notices).toEqual([{ element: "/CreditNote/AccountingCustomerParty/Party/Contact/ElectronicMail", term: "BT-58", value: "pete.smith at mycustomercompany", issue: expect.stringContaining("left out") }]);
  });
});

describe("line discounts: one allowance given as a percentage (BT-138) is the record's discount", () => {
  const record = caseNamed("line discounts: 10 %");
  const model = toEn16931(record, SELLER);
  const files = { UBL: { reader: readUbl, xml: toUbl(model) }, CII: { reader: readCii, xml: toCii(model) } };
  const FIRST_NET = { UBL: "/Invoice/InvoiceLine[1]/LineExtensionAmount", CII: "/CrossIndustryInvoice/SupplyChainTradeTransaction/IncludedSupplyChainTradeLineItem[1]/SpecifiedLineTradeSettlement/SpecifiedTradeSettlementLineMonetarySummation/LineTotalAmount" };
  /** Line 1 as the fallback reads it: 10 × 120.00 less 10 % is 1080.00, kept at quantity 1. */
  const FOLDED = { description: "Beratung (10 C62 × 120.00)", quantity: 1, rate: 108_000, tax_rate: 19, tax_category: "S" };

  for (const [syntax, { reader, xml }] of Object.entries(files)) {
    test(`${syntax}: every discounted line reads as itself with its discount, no notice; the domain gives the stated totals`, async () => {
      const result = await read(reader, xml);
      expect({ problems: result.problems, notices: result.notices }).toEqual({ problems: [], notices: [] });
      const [draft] = result.invoices;
      if (!draft) throw new Error("no invoice");
      expect(draft.fields.items).toEqual([
        { description: "Beratung", quantity: 10, unit: "C62", rate: 12_000, tax_rate: 19, tax_category: "S", discount_percent: 10 },
        { description: "Fachbuch", quantity: 3, unit: "C62", rate: 1_999, tax_rate: 7, tax_category: "S", discount_percent: 12.5 },
        { description: "Werbegeschenk", quantity: 2, unit: "C62", rate: 2_500, tax_rate: 19, tax_category: "S", discount_percent: 100 },
        { description: "Kleinteile", quantity: 7, unit: "C62", rate: 333, tax_rate: 19, tax_category: "S", discount_percent: 3.3333 },
        // A negative line is read as written: the sign on the quantity (BR-27), the same net.
        { description: "Rückvergütung Wartung", quantity: -1, unit: "C62", rate: 2_000, tax_rate: 19, tax_category: "S", discount_percent: 10 },
        { description: "Anfahrt", quantity: 1, unit: "C62", rate: 4_500, tax_rate: 19, tax_category: "S" },
      ]);
      const stated = draft.totals ?? {};
      expect(computed(recordOf(draft), stated)).toEqual(stated);
      expect(stated).toMatchObject({ subtotal: record.subtotal, tax: record.tax, total: record.total });
    });
  }

  /** The first line's allowance changed in each syntax, and why it is no longer the record's discount. */
  const CHANGES: Array<{ name: string; ubl: [string | RegExp, string]; cii: [string | RegExp, string] }> = [
    {
      name: "stated as an amount only (no BT-138, no BT-137)",
      ubl: [/<cbc:MultiplierFactorNumeric>10<\/cbc:MultiplierFactorNumeric>([\s\S]*?)<cbc:BaseAmount currencyID="EUR">1200.00<\/cbc:BaseAmount>/, "$1"],
      cii: [/<ram:CalculationPercent>10<\/ram:CalculationPercent>\s*<ram:BasisAmount>1200.00<\/ram:BasisAmount>/, ""],
    },
    {
      // The net is the same as a 10 % discount gives: only the indicator tells the two apart.
      name: "marked as a charge",
      ubl: ["<cbc:ChargeIndicator>false</cbc:ChargeIndicator>", "<cbc:ChargeIndicator>true</cbc:ChargeIndicator>"],
      cii: ["<udt:Indicator>false</udt:Indicator>", "<udt:Indicator>true</udt:Indicator>"],
    },
    {
      // A charge of 0 % changes no amount: the line is still refused, as it has more than one.
      name: "beside a second one, a charge of 0 %",
      ubl: [
        "</cac:AllowanceCharge>",
        '</cac:AllowanceCharge><cac:AllowanceCharge><cbc:ChargeIndicator>true</cbc:ChargeIndicator><cbc:AllowanceChargeReason>Freight</cbc:AllowanceChargeReason><cbc:MultiplierFactorNumeric>0</cbc:MultiplierFactorNumeric><cbc:Amount currencyID="EUR">0.00</cbc:Amount><cbc:BaseAmount currencyID="EUR">1200.00</cbc:BaseAmount></cac:AllowanceCharge>',
      ],
      cii: [
        "</ram:SpecifiedTradeAllowanceCharge>",
        "</ram:SpecifiedTradeAllowanceCharge><ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>true</udt:Indicator></ram:ChargeIndicator><ram:CalculationPercent>0</ram:CalculationPercent><ram:BasisAmount>1200.00</ram:BasisAmount><ram:ActualAmount>0.00</ram:ActualAmount><ram:Reason>Freight</ram:Reason></ram:SpecifiedTradeAllowanceCharge>",
      ],
    },
    {
      name: "at a percentage the net amount does not match (11 %)",
      ubl: ["<cbc:MultiplierFactorNumeric>10<", "<cbc:MultiplierFactorNumeric>11<"],
      cii: ["<ram:CalculationPercent>10<", "<ram:CalculationPercent>11<"],
    },
    {
      name: "at a percentage with more decimals than the record holds",
      ubl: ["<cbc:MultiplierFactorNumeric>10<", "<cbc:MultiplierFactorNumeric>10.00001<"],
      cii: ["<ram:CalculationPercent>10<", "<ram:CalculationPercent>10.00001<"],
    },
  ];

  for (const change of CHANGES) {
    for (const [syntax, { reader, xml }] of Object.entries(files)) {
      test(`${syntax}: an allowance ${change.name} keeps today's reading, quantity 1 at the net amount with a notice`, async () => {
        const [pattern, replacement] = syntax === "UBL" ? change.ubl : change.cii;
        const changed = xml.replace(pattern, replacement);
        expect(changed).not.toBe(xml);
        const result = await read(reader, changed);
        expect(result.problems).toEqual([]);
        expect(result.notices).toEqual([expect.objectContaining({ term: "BT-131", element: FIRST_NET[syntax as keyof typeof FIRST_NET], value: "1080.00" })]);
        const items = result.invoices[0]?.fields.items as Array<Record<string, unknown>>;
        expect(items[0]).toEqual(FOLDED);
        expect(items[1]).toMatchObject({ description: "Fachbuch", discount_percent: 12.5 });
      });
    }
  }
});

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

const UBL_OPEN = `<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">`;

describe("hostile and wrong files are 422s naming the problem", () => {
  const hostile: Array<[string, string, RegExp]> = [
    ["external entity (XXE)", `<?xml version="1.0"?><!DOCTYPE Invoice [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${UBL_OPEN}<cbc:ID>&xxe;</cbc:ID></Invoice>`, /DOCTYPE/],
    [
      "billion laughs",
      `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>${UBL_OPEN}<cbc:ID>&lol3;</cbc:ID></Invoice>`,
      /DOCTYPE/,
    ],
    ["malformed", `${UBL_OPEN}<cbc:ID>1</cbc:IDX></Invoice>`, /not well-formed/],
    ["a wrong root", `<Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2"><ID>1</ID></Order>`, /root element is Order in namespace urn:oasis:names:specification:ubl:schema:xsd:Order-2/],
    ["a wrong namespace", `<Invoice xmlns="urn:example:invoice"><ID>1</ID></Invoice>`, /root element is Invoice in namespace urn:example:invoice/],
  ];
  for (const reader of [readUbl, readCii, readXRechnung]) {
    for (const [name, xml, message] of hostile) {
      test(`${reader === readUbl ? "UBL" : reader === readCii ? "CII" : "XRechnung"}: ${name}`, async () => {
        const error = await refusal(read(reader, xml));
        expect([error.code, error.status]).toEqual(["VALIDATION_ERROR", 422]);
        expect(error.message).toMatch(message);
      });
    }
  }

  test("CII read as UBL names the CII root it found", async () => {
    const cii = readFileSync(`${FIXTURES}cii/CII_example1.xml`, "utf8");
    const error = await refusal(read(readUbl, cii));
    expect(error.message).toBe("Not a UBL 2.1 Invoice or CreditNote: the XML's root element is CrossIndustryInvoice in namespace urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100");
  });

  test("XRechnung refuses an EN 16931 document that does not name XRechnung (BT-24)", async () => {
    const error = await refusal(read(readXRechnung, readFileSync(`${FIXTURES}cii/CII_example1.xml`, "utf8")));
    expect(error.details).toMatchObject({ business_term: "BT-24", issue: "not xrechnung" });
    expect(error.message).toContain('"urn:cen.eu:en16931:2017"');
  });
});

describe("Factur-X", () => {
  const payload = (record: InvoiceRecord) => ({ record, profile: SELLER, template: builtInTemplate("modern"), format: "facturx" as const, syntax: "cii" as const, createdAt: "2026-11-01T09:00:00.000Z" });

  test("a PDF made by the service's exporter reads back its invoice", async () => {
    const record = caseNamed("several VAT rates");
    const { bytes } = await exportInvoice(payload(record));
    expect(await facturXAttachment(bytes)).not.toBeNull();
    const result = await read(readFacturX, bytes);
    expect(result.problems).toEqual([]);
    const [draft] = result.invoices;
    expect(draft?.fields).toMatchObject({ number: record.number, from_name: record.from_name, bill_to_name: record.bill_to_name, currency: "EUR" });
    expect(draft?.totals).toEqual({ subtotal: record.subtotal, tax: record.tax, total: record.total, amount_paid: record.amount_paid, amount_due: record.amount_due });
  });

  test("a PDF without an attachment is a 422", async () => {
    const document = await PDFDocument.create();
    document.addPage();
    const bytes = await document.save();
    expect(await facturXAttachment(bytes)).toBeNull();
    const error = await refusal(read(readFacturX, bytes));
    expect([error.status, error.message]).toEqual([422, expect.stringContaining("no Factur-X/ZUGFeRD XML attached")]);
  });

  test("an attachment that inflates past 10 MB is refused, not inflated", async () => {
    const document = await PDFDocument.create();
    document.addPage();
    await document.attach(new Uint8Array(11 * 1024 * 1024), "factur-x.xml", { mimeType: "text/xml" });
    const error = await refusal(read(readFacturX, await document.save()));
    expect({ status: error.status, details: error.details }).toMatchObject({ status: 413, details: { limit: "facturx.attachmentBytes", value: 10 * 1024 * 1024 + 1, max: 10 * 1024 * 1024 } });
  });

  test("a file that is no PDF is a 422", async () => {
    const error = await refusal(read(readFacturX, "%PDF-1.7 not really"));
    expect(error.status).toBe(422);
  });
});
