// The EN 16931 model: amounts at two decimals from exact integers, the BR-CO sums, and where the
// seller, buyer and VAT data come from.
import { describe, expect, test } from "bun:test";
import { minorUnits } from "../../../server/domain/currencies.ts";
import { formatDecimal } from "../../../render/decimal.ts";
import { toEn16931, type En16931Invoice } from "../../../render/einvoice/model.ts";
import { CASES, caseNamed, finalized, SELLER } from "./fixtures.ts";

/** "1234.56" → 123456n: the written amount back as an integer of hundredths. */
function hundredths(amount: string): bigint {
  expect(amount).toMatch(/^-?\d+\.\d{2}$/);
  return BigInt(amount.replace(".", ""));
}

const sum = (amounts: string[]): bigint => amounts.reduce((total, amount) => total + hundredths(amount), 0n);

describe("the BR-CO sums hold exactly in every written model", () => {
  for (const { name, record } of CASES) {
    test(name, () => {
      const { totals, lines, vatBreakdown } = toEn16931(record, SELLER);
      expect(sum(lines.map((line) => line.netAmount))).toBe(hundredths(totals.lineNetTotal)); // BR-CO-10
      expect(hundredths(totals.taxExclusive)).toBe(hundredths(totals.lineNetTotal)); // BR-CO-13, no allowances
      expect(sum(vatBreakdown.map((group) => group.taxableAmount))).toBe(hundredths(totals.taxExclusive));
      expect(sum(vatBreakdown.map((group) => group.taxAmount))).toBe(hundredths(totals.vatTotal)); // BR-CO-14
      expect(hundredths(totals.taxInclusive)).toBe(hundredths(totals.taxExclusive) + hundredths(totals.vatTotal)); // BR-CO-15
      expect(hundredths(totals.amountDue)).toBe(hundredths(totals.taxInclusive) - hundredths(totals.paid)); // BR-CO-16
      for (const group of vatBreakdown) {
        // BR-CO-17: tax = base × rate / 100 at two decimals (whole-unit currencies round to the unit,
        // within the schematron's tolerance of one).
        const exact = (Number(hundredths(group.taxableAmount)) * Number(group.rate ?? 0)) / 100;
        const slack = minorUnits(record.currency) === 0 ? 100 : 0.5;
        expect(Math.abs(Number(hundredths(group.taxAmount)) - exact)).toBeLessThanOrEqual(slack);
      }
    });
  }
});

describe("amounts are the record's own when the currency has at most two decimals", () => {
  for (const { name, record } of CASES.filter((entry) => minorUnits(entry.record.currency) <= 2)) {
    test(name, () => {
      const decimals = minorUnits(record.currency);
      const written = (minor: number): string => formatDecimal(BigInt(minor), decimals, 2);
      const { totals, vatBreakdown } = toEn16931(record, SELLER);
      expect(totals).toEqual({
        lineNetTotal: written(record.subtotal),
        taxExclusive: written(record.subtotal),
        vatTotal: written(record.tax),
        taxInclusive: written(record.total),
        paid: written(record.amount_paid),
        amountDue: written(record.amount_due),
      });
      expect(vatBreakdown.map((group) => [group.categoryCode, group.taxableAmount, group.taxAmount])).toEqual(
        record.tax_breakdown.map((group) => [group.category, written(group.taxable), written(group.tax)]),
      );
    });
  }
});

describe("worked examples", () => {
  const model = (prefix: string): En16931Invoice => toEn16931(caseNamed(prefix), SELLER);

  test("several rates: VAT per (category, rate) group on summed nets, a payment deducted", () => {
    const { totals, vatBreakdown } = model("several VAT rates");
    expect(vatBreakdown.map((group) => [group.categoryCode, group.rate, group.taxableAmount, group.taxAmount])).toEqual([
      ["S", "7", "39.98", "2.80"],
      ["S", "19", "1200.00", "228.00"],
      ["Z", "0", "15.50", "0.00"],
    ]);
    expect(totals).toEqual({
      lineNetTotal: "1255.48",
      taxExclusive: "1255.48",
      vatTotal: "230.80",
      taxInclusive: "1486.28",
      paid: "486.28",
      amountDue: "1000.00",
    });
  });

  test("JPY: whole yen written exactly, VAT rounded to the yen as the record has it", () => {
    const { totals, lines } = model("JPY");
    expect(lines.map((line) => [line.netPrice, line.netAmount])).toEqual([
      ["1980.00", "5940.00"],
      ["333.00", "2331.00"],
    ]);
    expect([totals.lineNetTotal, totals.vatTotal, totals.taxInclusive]).toEqual(["8271.00", "827.00", "9098.00"]);
  });

  test("KWD: line nets rounded half away from zero to two decimals, VAT and totals from those", () => {
    const { totals, lines, vatBreakdown } = model("KWD");
    expect(lines.map((line) => [line.netPrice, line.netAmount])).toEqual([
      ["1.235", "3.71"], // 3.705 → 3.71
      ["0.333", "0.67"], // 0.666 → 0.67
    ]);
    expect(vatBreakdown.map((group) => [group.taxableAmount, group.taxAmount])).toEqual([["4.38", "0.22"]]); // 5 % of 4.38 = 0.219
    expect([totals.lineNetTotal, totals.vatTotal, totals.taxInclusive, totals.amountDue]).toEqual(["4.38", "0.22", "4.60", "4.60"]);
  });

  test("quantities and rates are written exactly, without float noise", () => {
    const [line] = model("non-ASCII").lines;
    expect([line?.quantity, line?.netPrice, line?.netAmount, line?.rate]).toEqual(["1.5", "200.00", "300.00", "19"]);
  });

  test("a negative price moves its sign to the quantity (BR-27), the net unchanged", () => {
    const record = finalized({ tax_rate: 19, items: [{ description: "Beratung", quantity: 2, rate: 10_000 }, { description: "Rabatt", quantity: 1, rate: -2_500 }] });
    const { lines, totals } = toEn16931(record, SELLER);
    expect(lines.map((line) => [line.quantity, line.netPrice, line.netAmount])).toEqual([
      ["2", "100.00", "200.00"],
      ["-1", "25.00", "-25.00"],
    ]);
    expect(totals.lineNetTotal).toBe("175.00");
  });

  test("type codes: 380 for an invoice, 381 for a credit note with its preceding invoice", () => {
    expect(model("several VAT rates").typeCode).toBe("380");
    const credit = model("credit note");
    expect(credit.typeCode).toBe("381");
    expect(credit.precedingInvoice).toEqual({ number: "RE-2026-0001", issueDate: "2026-10-01" });
  });
});

describe("VAT categories", () => {
  test("an exemption reason is text (BT-120), a VATEX code is the code (BT-121)", () => {
    expect(toEn16931(caseNamed("exempt"), SELLER).vatBreakdown[0]).toMatchObject({
      categoryCode: "E",
      exemptionReason: "Steuerfrei nach § 4 Nr. 21 UStG",
      exemptionReasonCode: null,
    });
    expect(toEn16931(caseNamed("intra-community"), SELLER).vatBreakdown[0]).toMatchObject({
      categoryCode: "K",
      exemptionReason: null,
      exemptionReasonCode: "VATEX-EU-IC",
    });
  });

  test("standard-rated groups carry no reason even when the invoice has one", () => {
    const record = finalized({
      tax_exemption_reason: "Steuerfrei",
      items: [
        { description: "Beratung", quantity: 1, rate: 10_000, tax_rate: 19 },
        { description: "Unterricht", quantity: 1, rate: 5_000, tax_rate: 0, tax_category: "E" },
      ],
    });
    const groups = toEn16931(record, SELLER).vatBreakdown;
    expect(groups.map((group) => [group.categoryCode, group.exemptionReason])).toEqual([
      ["E", "Steuerfrei"],
      ["S", null],
    ]);
  });

  test("intra-community supply states the buyer's address (city, post code, country) as where the goods went", () => {
    expect(toEn16931(caseNamed("intra-community"), SELLER).delivery).toEqual({ date: "2026-10-28", city: "Wien", postalCode: "1010", countryCode: "AT" });
  });

  test("outside the scope of VAT: no rates, and tax ids only as tax number / legal id (BR-O-02)", () => {
    const model = toEn16931(caseNamed("outside the scope"), SELLER);
    expect(model.vatBreakdown[0]?.rate).toBeNull();
    expect(model.lines[0]?.rate).toBeNull();
    expect([model.seller.vatIdentifier, model.seller.taxRegistrationIdentifier]).toEqual([null, "DE123456789"]);
    expect([model.buyer.vatIdentifier, model.buyer.legalRegistrationIdentifier]).toEqual([null, "DE987654321"]);
  });
});

describe("parties", () => {
  test("the invoice's snapshot wins; the profile fills what the snapshot lacks", () => {
    const record = { ...finalized({ from_name: "Zoë Müller (Rechnungsstelle)" }), from_tax_id: null, from_address: null, from_email: null };
    const { seller } = toEn16931(record, SELLER);
    expect(seller.name).toBe("Zoë Müller (Rechnungsstelle)");
    expect(seller.vatIdentifier).toBe("DE123456789");
    expect(seller.address).toEqual({ line1: "Hauptstraße 1", line2: "Hinterhaus", city: "Berlin", postalCode: "10115", region: "Berlin", countryCode: "DE" });
    expect(seller.electronicAddress).toBe("billing@zoe-mueller.example");
    expect(seller.contact).toEqual({ name: "Zoë Müller", phone: "+49 30 1234567", email: "billing@zoe-mueller.example" });
  });

  test("a tax id without a country prefix is a tax number (seller BT-32) or legal id (buyer BT-47)", () => {
    const record = finalized({ from_tax_id: "201/113/40209", bill_to_tax_id: "12-3456789" });
    const { seller, buyer } = toEn16931(record, SELLER);
    expect([seller.vatIdentifier, seller.taxRegistrationIdentifier]).toEqual([null, "201/113/40209"]);
    expect([buyer.vatIdentifier, buyer.legalRegistrationIdentifier]).toEqual([null, "12-3456789"]);
  });

  test("payment instructions come from the invoice: means, IBAN, BIC, remittance reference", () => {
    const record = finalized({ payment: { reference: "RF18 5390 0754 7034" } });
    expect(toEn16931(record, SELLER).payment).toEqual({
      meansCode: "58",
      remittanceInformation: "RF18 5390 0754 7034",
      accountIdentifier: "DE02120300000000202051",
      serviceProviderIdentifier: "BYLADEM1001",
    });
  });
});
