// An invoice that lacks what an e-invoice needs gets 422 naming the business term, never a file.
import { describe, expect, test } from "bun:test";
import { AppError } from "../../../server/domain/errors.ts";
import type { InvoiceFieldsInput, InvoiceRecord } from "../../../server/domain/invoice.ts";
import { newInvoice } from "../../../server/domain/invoice.ts";
import type { TaxCategory } from "../../../server/domain/money.ts";
import type { StoredProfile } from "../../../server/domain/profile.ts";
import { toCii } from "../../../render/einvoice/cii.ts";
import { toEn16931 } from "../../../render/einvoice/model.ts";
import { toUbl } from "../../../render/einvoice/ubl.ts";
import { finalized, SELLER } from "./fixtures.ts";

/** The AppError a call throws (failing the test when it throws nothing else). */
function thrown(call: () => unknown): AppError {
  try {
    call();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected an AppError, nothing was thrown");
}

function expectTerm(error: AppError, term: string, field: string): void {
  expect(error.code).toBe("VALIDATION_ERROR");
  expect(error.status).toBe(422);
  expect(error.message.startsWith(`${term} `)).toBe(true);
  expect(error.details).toMatchObject({ business_term: term, field });
  expect(typeof error.details?.issue).toBe("string");
}

type ItemInput = NonNullable<InvoiceFieldsInput["items"]>[number];
const line = (category: TaxCategory, extra: Partial<ItemInput> = {}): ItemInput => ({ description: "Leistung", quantity: 1, rate: 10_000, tax_rate: 0, tax_category: category, ...extra });
const withoutSellerData = (changes: Partial<StoredProfile>): StoredProfile => ({ ...SELLER, ...changes });

type Case = { name: string; record: () => InvoiceRecord; profile?: StoredProfile; term: string; field: string };

const CASES: Case[] = [
  { name: "a quote", record: () => finalized({ type: "quote" }), term: "BT-3", field: "type" },
  { name: "a purchase order", record: () => finalized({ type: "purchase_order" }), term: "BT-3", field: "type" },
  { name: "a draft without a number", record: () => ({ ...finalized({}), number: null, locked: false, status: "draft" }), term: "BT-1", field: "number" },
  { name: "no lines", record: () => finalized({ items: [] }), term: "BG-25", field: "items" },
  { name: "a line without a name", record: () => finalized({ items: [{ description: "  ", quantity: 1, rate: 100 }] }), term: "BT-153", field: "items.0.description" },
  {
    name: "no seller name anywhere",
    record: () => ({ ...finalized({}), from_name: "" }),
    profile: withoutSellerData({ legal_name: null }),
    term: "BT-27",
    field: "from_name",
  },
  {
    name: "no seller country",
    record: () => ({ ...finalized({}), from_address: null }),
    profile: withoutSellerData({ address: null }),
    term: "BT-40",
    field: "from_address.country",
  },
  {
    name: "no seller VAT id or tax number",
    record: () => ({ ...finalized({}), from_tax_id: null }),
    profile: withoutSellerData({ tax_id: null }),
    term: "BT-31",
    field: "from_tax_id",
  },
  { name: "a blank buyer name", record: () => ({ ...finalized({}), bill_to_name: "  " }), term: "BT-44", field: "bill_to_name" },
  { name: "no buyer country", record: () => finalized({ bill_to_address: "Somewhere 1" }), term: "BT-55", field: "bill_to_address.country" },
  {
    name: "reverse charge without the buyer's VAT id",
    record: () => finalized({ bill_to_tax_id: null, items: [line("AE", { tax_exemption_reason: "Reverse charge" })] }),
    term: "BT-48",
    field: "bill_to_tax_id",
  },
  {
    name: "intra-community supply to a buyer id without country prefix",
    record: () => finalized({ bill_to_tax_id: "13585627", delivery_date: "2026-10-30", items: [line("K", { tax_exemption_reason: "VATEX-EU-IC" })] }),
    term: "BT-48",
    field: "bill_to_tax_id",
  },
  {
    name: "intra-community supply without a delivery date",
    record: () => finalized({ items: [line("K", { tax_exemption_reason: "VATEX-EU-IC" })] }),
    term: "BT-72",
    field: "delivery_date",
  },
  {
    name: "export by a seller with only a national tax number",
    record: () => finalized({ from_tax_id: "201/113/40209", items: [line("G", { tax_exemption_reason: "Export" })] }),
    term: "BT-31",
    field: "from_tax_id",
  },
  ...(["E", "AE", "K", "G", "O"] as const).map((category) => ({
    name: `category ${category} without an exemption reason`,
    record: () => finalized({ delivery_date: "2026-10-30", items: [line(category)] }),
    term: "BT-120",
    field: "tax_exemption_reason",
  })),
  {
    name: "outside the scope of VAT mixed with standard rate",
    record: () => finalized({ tax_exemption_reason: "Nicht steuerbar", items: [line("O"), { description: "Beratung", quantity: 1, rate: 100, tax_rate: 19 }] }),
    term: "BT-118",
    field: "items",
  },
  { name: "standard rate at 0 %", record: () => finalized({ items: [line("S")] }), term: "BT-119", field: "tax_rate" },
  { name: "an amount due without due date or payment terms", record: () => finalized({ due_date: null }), term: "BT-9", field: "due_date" },
  {
    name: "SEPA credit transfer without an IBAN",
    record: () => finalized({ payment: { means: "58", iban: null } }),
    term: "BT-84",
    field: "payment.iban",
  },
];

describe("toEn16931 refuses what EN 16931 cannot carry, naming the business term", () => {
  for (const { name, record, profile, term, field } of CASES) {
    test(`${name} → 422 ${term}`, () => {
      const invoice = record();
      expectTerm(thrown(() => toEn16931(invoice, profile ?? SELLER)), term, field);
    });
  }

  test("the message reads like the issue's example", () => {
    const error = thrown(() => toEn16931(finalized({ bill_to_tax_id: null, items: [line("AE", { tax_exemption_reason: "Reverse charge" })] }), SELLER));
    expect(error.message).toStartWith("BT-48 buyer VAT identifier");
  });

  test("nothing is due once paid in full, so no due date is needed (BR-CO-25)", () => {
    const invoice = finalized({ due_date: null });
    const paid = { ...invoice, amount_paid: invoice.total, amount_due: 0 };
    expect(toEn16931(paid, SELLER).totals.amountDue).toBe("0.00");
  });

  test("a draft straight from newInvoice has no number yet", () => {
    const draft = newInvoice({ id: "inv_draft", input: { bill_to_name: "X", currency: "EUR", locale: "de-DE", issue_date: "2026-11-01" }, profile: SELLER, resolved: {}, now: new Date() });
    expectTerm(thrown(() => toEn16931(draft, SELLER)), "BT-1", "number");
  });
});

describe("Peppol BIS Billing 3.0 (UBL) adds its own requirements; CII (EN 16931) does not", () => {
  const peppol: Array<[string, Partial<InvoiceRecord>, StoredProfile, string, string]> = [
    ["no buyer reference", { buyer_reference: null }, SELLER, "BT-10", "buyer_reference"],
    ["no buyer e-mail", { bill_to_email: null }, SELLER, "BT-49", "bill_to_email"],
    ["no seller e-mail", { from_email: null }, { ...SELLER, contact: { ...SELLER.contact, email: null } }, "BT-34", "from_email"],
  ];
  for (const [name, changes, profile, term, field] of peppol) {
    test(`${name} → 422 ${term} for UBL, while CII is written`, () => {
      const model = toEn16931({ ...finalized({}), ...changes }, profile);
      expectTerm(thrown(() => toUbl(model)), term, field);
      expect(toCii(model)).toContain("<rsm:CrossIndustryInvoice");
    });
  }
});
