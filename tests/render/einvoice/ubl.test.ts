// UBL 2.1 (Peppol BIS Billing 3.0) over the invoice table: every document passes its XSD and reads
// back, with an independent parser, to exactly the model it was written from.
import { describe, expect, test } from "bun:test";
import { toEn16931 } from "../../../render/einvoice/model.ts";
import { PEPPOL_CUSTOMIZATION_ID, PEPPOL_PROFILE_ID, toUbl } from "../../../render/einvoice/ubl.ts";
import { CASES, caseNamed, SELLER } from "./fixtures.ts";
import { readUbl } from "./read-ubl.ts";
import { parser, summaryOf, text } from "./summary.ts";
import { skipXsd, ublSchema, validateXsd } from "./xsd.ts";

function written(record: (typeof CASES)[number]["record"]): { xml: string; model: ReturnType<typeof toEn16931> } {
  const model = toEn16931(record, SELLER);
  return { model, xml: toUbl(model) };
}

describe("UBL over the invoice table", () => {
  for (const { name, record } of CASES) {
    test.skipIf(skipXsd)(`${name}: passes the UBL 2.1 XSD`, () => {
      const { xml } = written(record);
      expect(validateXsd(xml, ublSchema(xml))).toEqual({ valid: true, errors: "- validates\n" });
    });

    test(`${name}: reads back as the model`, () => {
      const { xml, model } = written(record);
      expect(readUbl(xml)).toEqual(summaryOf(model));
      // Every amount is in the document currency (UBL requires currencyID on each).
      const currencies = new Set([...xml.matchAll(/currencyID="([^"]*)"/g)].map((match) => match[1]));
      expect([...currencies]).toEqual([record.currency]);
    });
  }
});

describe("UBL document shape", () => {
  test("an invoice is a Peppol BIS Billing 3.0 Invoice with type code 380", () => {
    const { xml } = written(caseNamed("several VAT rates"));
    const root = parser.parse(xml).Invoice;
    expect(text(root, "CustomizationID")).toBe(PEPPOL_CUSTOMIZATION_ID);
    expect(text(root, "ProfileID")).toBe(PEPPOL_PROFILE_ID);
    expect(text(root, "InvoiceTypeCode")).toBe("380");
    expect(xml).toContain('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"');
  });

  test("a credit note is a CreditNote (381) naming the preceding invoice, its due date under PaymentMeans", () => {
    const { xml } = written(caseNamed("credit note"));
    const root = parser.parse(xml).CreditNote;
    expect(text(root, "CreditNoteTypeCode")).toBe("381");
    expect(text(root, "BillingReference", "InvoiceDocumentReference", "ID")).toBe("RE-2026-0001");
    expect(text(root, "BillingReference", "InvoiceDocumentReference", "IssueDate")).toBe("2026-10-01");
    expect(text(root, "PaymentMeans", "PaymentDueDate")).toBe("2026-12-01");
    expect(text(root, "DueDate")).toBeNull();
    expect(root.CreditNoteLine).toHaveLength(1);
  });

  test("non-ASCII text is written as UTF-8 characters, markup escaped, control characters dropped", () => {
    const { xml } = written(caseNamed("non-ASCII"));
    expect(xml).toContain("Ελληνικά Προϊόντα Α.Ε.");
    expect(xml).toContain("R&amp;D &lt;phase 2&gt;");
    expect(xml).not.toContain("\u0007");
    expect(readUbl(xml).note).toBe("Zoë Müller grüßt 東京株式会社");
  });

  test("200 lines keep their order and ids", () => {
    const { xml } = written(caseNamed("200 lines"));
    expect(readUbl(xml).lines.map((line) => line.id)).toEqual(Array.from({ length: 200 }, (_, index) => String(index + 1)));
  });
});
