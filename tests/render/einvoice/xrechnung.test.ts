// XRechnung 3.0 in both syntaxes over the invoice table: every document a German CIUS receiver
// accepts passes its XSD and the EN 16931 business rules, names XRechnung (BT-24) and Peppol's
// process (BT-23), and reads back with an independent parser as the model; every invoice XRechnung
// cannot carry is a 422 naming the business term and the BR-DE rule.
import { describe, expect, test } from "bun:test";
import { AppError } from "../../../server/domain/errors.ts";
import type { InvoiceRecord } from "../../../server/domain/invoice.ts";
import type { PostalAddress, StoredProfile } from "../../../server/domain/profile.ts";
import { toEn16931, type En16931Invoice } from "../../../render/einvoice/model.ts";
import { checkBusinessRules } from "../../../render/einvoice/rules/index.ts";
import { asXRechnung, toXRechnung, XRECHNUNG_BUSINESS_PROCESS, XRECHNUNG_CUSTOMIZATION_ID, type XRechnungSyntax } from "../../../render/einvoice/xrechnung.ts";
import { XRECHNUNG_RULES } from "../../../render/einvoice/xrechnung-rules.ts";
import { CASES, caseNamed, finalized, SELLER } from "./fixtures.ts";
import { readCii } from "./read-cii.ts";
import { readUbl } from "./read-ubl.ts";
import { parser, summaryOf, text, type Node } from "./summary.ts";
import { SCHEMAS, skipXsd, ublSchema, validateXsd } from "./xsd.ts";

const SYNTAXES: readonly XRechnungSyntax[] = ["ubl", "cii"];

/** The AppError a call throws (failing the test when it throws nothing or something else). */
function thrown(call: () => unknown): AppError {
  try {
    call();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected an AppError, nothing was thrown");
}

/** The table's fixtures XRechnung refuses, and why: everything else must be written. */
const REFUSED: Record<string, { term: string; rule: string }> = {
  "KWD (three decimals, rounded to two)": { term: "BT-53", rule: "BR-DE-9" }, // the buyer has no post code
};

const identifiers = (xml: string, syntax: XRechnungSyntax): [string | null, string | null] => {
  const parsed = parser.parse(xml) as Node;
  if (syntax === "cii") {
    const context = (parsed.CrossIndustryInvoice as Node).ExchangedDocumentContext;
    return [text(context, "GuidelineSpecifiedDocumentContextParameter", "ID"), text(context, "BusinessProcessSpecifiedDocumentContextParameter", "ID")];
  }
  const root = parsed.Invoice ?? parsed.CreditNote;
  return [text(root, "CustomizationID"), text(root, "ProfileID")];
};

const schemaOf = (xml: string, syntax: XRechnungSyntax): string => (syntax === "ubl" ? ublSchema(xml) : SCHEMAS.cii);
const readBack = (xml: string, syntax: XRechnungSyntax) => (syntax === "ubl" ? readUbl(xml) : readCii(xml));

describe("XRechnung over the invoice table", () => {
  for (const { name, record } of CASES) {
    const refused = REFUSED[name];
    for (const syntax of SYNTAXES) {
      if (refused) {
        test(`${name} (${syntax}): refused, 422 ${refused.term} (${refused.rule})`, () => {
          const error = thrown(() => toXRechnung(toEn16931(record, SELLER), syntax));
          expect(error.status).toBe(422);
          expect(error.details).toMatchObject({ business_term: refused.term, rule: refused.rule });
        });
        continue;
      }

      test.skipIf(skipXsd)(`${name} (${syntax}): passes the XSD`, () => {
        const xml = toXRechnung(toEn16931(record, SELLER), syntax);
        expect(validateXsd(xml, schemaOf(xml, syntax))).toEqual({ valid: true, errors: "- validates\n" });
      });

      test(`${name} (${syntax}): XRechnung 3.0 identifiers, the business rules hold, reads back as the model`, () => {
        const model = toEn16931(record, SELLER);
        const xml = toXRechnung(model, syntax);
        expect(identifiers(xml, syntax)).toEqual([XRECHNUNG_CUSTOMIZATION_ID, XRECHNUNG_BUSINESS_PROCESS]);
        expect(checkBusinessRules(asXRechnung(model))).toEqual([]);
        expect(readBack(xml, syntax)).toEqual(summaryOf(asXRechnung(model)));
      });
    }
  }
});

describe("what XRechnung writes beyond EN 16931", () => {
  test("the identifiers are XRechnung 3.0's and Peppol's billing process", () => {
    expect(XRECHNUNG_CUSTOMIZATION_ID).toBe("urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0");
    expect(XRECHNUNG_BUSINESS_PROCESS).toBe("urn:fdc:peppol.eu:2017:poacc:billing:01:1.0");
  });

  for (const syntax of SYNTAXES) {
    test(`not subject to VAT (O), ${syntax}: the breakdown states rate 0 (BR-DE-14), the line no rate (BR-O-05)`, () => {
      const summary = readBack(toXRechnung(toEn16931(caseNamed("outside the scope"), SELLER), syntax), syntax);
      expect(summary.groups.map((group) => [group.category, group.rate])).toEqual([["O", "0"]]);
      expect(summary.lines.map((line) => line.rate)).toEqual([null]);
    });

    test(`intra-community supply (K), ${syntax}: the deliver-to address has city and post code (BR-DE-10/11)`, () => {
      const summary = readBack(toXRechnung(toEn16931(caseNamed("intra-community"), SELLER), syntax), syntax);
      expect(summary.delivery).toEqual({ date: "2026-10-28", city: "Wien", postalCode: "1010", country: "AT" });
    });

    test(`a Skonto term as the last line of BT-20, ${syntax}: written with the line break BR-DE-18 asks for`, () => {
      const terms = "Zahlbar innerhalb von 30 Tagen ohne Abzug\n#SKONTO#TAGE=14#PROZENT=2.00#";
      const xml = toXRechnung(toEn16931(finalized({ payment_terms: terms }), SELLER), syntax);
      expect(readBack(xml, syntax).paymentTerms).toBe(`${terms}\n`);
    });
  }

  test("a model from another source is not changed by asXRechnung", () => {
    const model = toEn16931(caseNamed("outside the scope"), SELLER);
    const before = structuredClone(model);
    asXRechnung(model);
    expect(model).toEqual(before);
  });
});

type Refusal = { name: string; record?: () => InvoiceRecord; profile?: StoredProfile; model?: (model: En16931Invoice) => En16931Invoice; term: string; rule: string; field: string };

const withContact = (contact: Partial<StoredProfile["contact"]>): StoredProfile => ({ ...SELLER, contact: { ...SELLER.contact, ...contact } });
/** The invoice keeps the seller's address and e-mail as issued, so these change on the record. */
const fromAddress = (changes: Partial<PostalAddress>): (() => InvoiceRecord) => () => {
  const record = finalized({});
  if (!record.from_address) throw new Error("the fixture's seller has an address");
  return { ...record, from_address: { ...record.from_address, ...changes } };
};
const paidBy = (means: string, iban: string | null = null): (() => InvoiceRecord) => () => ({ ...finalized({}), payment: { means, iban, bic: null, reference: null } });

const REFUSALS: Refusal[] = [
  { name: "no Leitweg-ID", record: () => finalized({ buyer_reference: null }), term: "BT-10", rule: "BR-DE-15", field: "buyer_reference" },
  { name: "no payment instructions", record: () => ({ ...finalized({}), payment: null }), term: "BG-16", rule: "BR-DE-1", field: "payment" },
  { name: "an IBAN with wrong check digits for SEPA transfer", record: paidBy("58", "DE03120300000000202051"), term: "BT-84", rule: "BR-DE-19", field: "payment.iban" },
  { name: "payment by card", record: paidBy("48"), term: "BT-87", rule: "BR-DE-24-a", field: "payment.means" },
  { name: "SEPA direct debit", record: paidBy("59"), term: "BT-89", rule: "BR-DE-25-a", field: "payment.means" },
  { name: "a malformed Skonto line", record: () => finalized({ payment_terms: "#SKONTO#TAGE=14#PROZENT=2#\nsonst 30 Tage" }), term: "BT-20", rule: "BR-DE-18", field: "payment_terms" },
  { name: "no seller contact name", profile: withContact({ name: null }), term: "BT-41", rule: "BR-DE-5", field: "contact.name" },
  { name: "no seller phone", profile: withContact({ phone: null }), term: "BT-42", rule: "BR-DE-6", field: "contact.phone" },
  { name: "a seller phone without three digits", profile: withContact({ phone: "+49" }), term: "BT-42", rule: "BR-DE-27", field: "contact.phone" },
  {
    name: "no seller e-mail anywhere",
    record: () => ({ ...finalized({}), from_email: null }),
    profile: withContact({ email: null }),
    term: "BT-43",
    rule: "BR-DE-7",
    field: "contact.email",
  },
  {
    name: "a seller e-mail that is no address",
    record: () => ({ ...finalized({}), from_email: "billing at zoe-mueller" }),
    term: "BT-43",
    rule: "BR-DE-28",
    field: "contact.email",
  },
  { name: "no seller city", record: fromAddress({ city: null }), term: "BT-37", rule: "BR-DE-3", field: "from_address.city" },
  { name: "no seller post code", record: fromAddress({ postal_code: null }), term: "BT-38", rule: "BR-DE-4", field: "from_address.postal_code" },
  { name: "no buyer e-mail", record: () => finalized({ bill_to_email: null }), term: "BT-49", rule: "PEPPOL-EN16931-R010", field: "bill_to_email" },
  {
    name: "no buyer city",
    record: () => finalized({ bill_to_address: { line1: "Marktplatz 5", postal_code: "80331", country: "DE" } }),
    term: "BT-52",
    rule: "BR-DE-8",
    field: "bill_to_address.city",
  },
  {
    name: "no buyer post code",
    record: () => finalized({ bill_to_address: { line1: "Marktplatz 5", city: "München", country: "DE" } }),
    term: "BT-53",
    rule: "BR-DE-9",
    field: "bill_to_address.postal_code",
  },
  // What the service's records cannot produce, but a model built elsewhere could.
  { name: "a corrected-invoice type code outside the list", model: (m) => ({ ...m, typeCode: "393" as En16931Invoice["typeCode"] }), term: "BT-3", rule: "BR-DE-17", field: "type" },
  {
    name: "standard rate without any seller tax identifier",
    model: (m) => ({ ...m, seller: { ...m.seller, vatIdentifier: null, taxRegistrationIdentifier: null } }),
    term: "BT-31",
    rule: "BR-DE-16",
    field: "from_tax_id",
  },
  {
    name: "a deliver-to address without city",
    model: (m) => ({ ...m, delivery: { date: "2026-10-30", city: null, postalCode: "80331", countryCode: "DE" } }),
    term: "BT-77",
    rule: "BR-DE-10",
    field: "bill_to_address.city",
  },
  {
    name: "a deliver-to address without post code",
    model: (m) => ({ ...m, delivery: { date: "2026-10-30", city: "München", postalCode: null, countryCode: "DE" } }),
    term: "BT-78",
    rule: "BR-DE-11",
    field: "bill_to_address.postal_code",
  },
];

describe("toXRechnung refuses what XRechnung rejects, naming the business term and the rule", () => {
  for (const refusal of REFUSALS) {
    for (const syntax of SYNTAXES) {
      test(`${refusal.name} (${syntax}) → 422 ${refusal.term} (${refusal.rule})`, () => {
        const model = toEn16931(refusal.record?.() ?? finalized({}), refusal.profile ?? SELLER);
        const error = thrown(() => toXRechnung(refusal.model?.(model) ?? model, syntax));
        expect(error.code).toBe("VALIDATION_ERROR");
        expect(error.status).toBe(422);
        expect(error.message).toStartWith(`${refusal.term} `);
        expect(error.details).toMatchObject({ business_term: refusal.term, rule: refusal.rule, field: refusal.field });
      });
    }
  }

  test("a VAT breakdown without a rate is refused (BR-DE-14) where asXRechnung cannot fill one in", () => {
    const model = toEn16931(caseNamed("several VAT rates"), SELLER);
    const [first, ...rest] = model.vatBreakdown;
    if (!first) throw new Error("no breakdown");
    const error = thrown(() => toXRechnung({ ...model, vatBreakdown: [{ ...first, rate: null }, ...rest] }, "ubl"));
    expect(error.details).toMatchObject({ business_term: "BT-119", rule: "BR-DE-14" });
  });

  test("every rule in the table is exercised above", () => {
    const exercised = new Set([...REFUSALS.map((refusal) => refusal.rule), "BR-DE-14", "PEPPOL-EN16931-R020", "BR-DE-23-a"]);
    expect(XRECHNUNG_RULES.map((rule) => rule.id).filter((id) => !exercised.has(id))).toEqual([]);
  });

  test("BR-DE-23-a and PEPPOL-EN16931-R020 hold for any record (EN 16931 needs the IBAN, the contact e-mail is the address)", () => {
    const noIban = { ...toEn16931(finalized({}), SELLER), payment: { meansCode: "58", remittanceInformation: null, accountIdentifier: null, serviceProviderIdentifier: null } };
    expect(thrown(() => toXRechnung(noIban, "cii")).details).toMatchObject({ business_term: "BT-84", rule: "BR-DE-23-a" });
    const noAddress = toEn16931(finalized({}), SELLER);
    const error = thrown(() => toXRechnung({ ...noAddress, seller: { ...noAddress.seller, electronicAddress: null } }, "ubl"));
    expect(error.details).toMatchObject({ business_term: "BT-34", rule: "PEPPOL-EN16931-R020" });
  });

  test("an EN 16931 business rule still refuses after the BR-DE rules pass", () => {
    const model = toEn16931(finalized({}), SELLER);
    const error = thrown(() => toXRechnung({ ...model, totals: { ...model.totals, taxInclusive: "1.00" } }, "cii"));
    expect(error.details).toMatchObject({ rule: "BR-CO-15", business_term: "BT-112" });
  });
});
