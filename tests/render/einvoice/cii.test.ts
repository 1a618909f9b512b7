// UN/CEFACT CII D16B over the invoice table: every document passes its XSD and reads back, with an
// independent parser, to exactly the model it was written from.
import { describe, expect, test } from "bun:test";
import { EN16931_GUIDELINE, toCii } from "../../../render/einvoice/cii.ts";
import { toEn16931 } from "../../../render/einvoice/model.ts";
import { CASES, caseNamed, SELLER } from "./fixtures.ts";
import { readCii } from "./read-cii.ts";
import { parser, summaryOf, text } from "./summary.ts";
import { SCHEMAS, skipXsd, validateXsd } from "./xsd.ts";

describe("CII over the invoice table", () => {
  for (const { name, record } of CASES) {
    test.skipIf(skipXsd)(`${name}: passes the CII D16B XSD`, () => {
      const xml = toCii(toEn16931(record, SELLER));
      expect(validateXsd(xml, SCHEMAS.cii)).toEqual({ valid: true, errors: "- validates\n" });
    });

    test(`${name}: reads back as the model`, () => {
      const model = toEn16931(record, SELLER);
      expect(readCii(toCii(model))).toEqual(summaryOf(model));
    });
  }
});

describe("CII document shape", () => {
  const guideline = (xml: string): string | null =>
    text(parser.parse(xml).CrossIndustryInvoice, "ExchangedDocumentContext", "GuidelineSpecifiedDocumentContextParameter", "ID");

  test("the guideline is EN 16931 unless the caller names another (XRechnung, Factur-X)", () => {
    const model = toEn16931(caseNamed("several VAT rates"), SELLER);
    expect(guideline(toCii(model))).toBe(EN16931_GUIDELINE);
    const xrechnung = "urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0";
    expect(guideline(toCii(model, { guideline: xrechnung }))).toBe(xrechnung);
  });

  test("a credit note is type 381 with the preceding invoice under the settlement", () => {
    const xml = toCii(toEn16931(caseNamed("credit note"), SELLER));
    const summary = readCii(xml);
    expect(summary.typeCode).toBe("381");
    expect(summary.preceding).toEqual({ number: "RE-2026-0001", issueDate: "2026-10-01" });
  });

  test("without a delivery the required delivery element is written empty", () => {
    const xml = toCii(toEn16931(caseNamed("zero-rated"), SELLER));
    expect(xml).toContain("<ram:ApplicableHeaderTradeDelivery/>");
  });

  test("only the VAT total carries a currency, as in the official examples", () => {
    const xml = toCii(toEn16931(caseNamed("JPY"), SELLER));
    expect([...xml.matchAll(/currencyID="([^"]*)"/g)].map((match) => match[1])).toEqual(["JPY"]);
    expect(xml).toContain('<ram:TaxTotalAmount currencyID="JPY">827.00</ram:TaxTotalAmount>');
  });
});
