// A line's discount as EN 16931 writes it, a line allowance (BG-27): the worked sums of the discount
// fixtures, the exact elements in UBL and CII, and on every fixture in both syntaxes, read back with
// an independent parser, the arithmetic Peppol BIS checks on line allowances (PEPPOL-EN16931-R040,
// R041, R042, R120), which EN 16931 itself leaves to the seller. XSD, the EN 16931 business rules
// and read-back run over the same fixtures in ubl/cii/xrechnung/facturx.test.ts and rules.test.ts.
import { describe, expect, test } from "bun:test";
import { toCii } from "../../../render/einvoice/cii.ts";
import { toEn16931 } from "../../../render/einvoice/model.ts";
import { abs, compare, multiply, parseExact, show, subtract, sum, type Exact } from "../../../render/einvoice/rules/amounts.ts";
import { toUbl } from "../../../render/einvoice/ubl.ts";
import { CASES, caseNamed, SELLER } from "./fixtures.ts";
import { readCii } from "./read-cii.ts";
import { readUbl } from "./read-ubl.ts";
import type { Summary } from "./summary.ts";

const model = (prefix: string) => toEn16931(caseNamed(prefix), SELLER);

function exact(text: string | null): Exact {
  const value = parseExact(text);
  if (!value) throw new Error(`${JSON.stringify(text)} is not a decimal`);
  return value;
}

/** Peppol's u:slack(actual, expected, 0.02): the two differ by at most 0.02. */
const TWO_CENTS: Exact = { units: 2n, scale: 2 };
const withinSlack = (actual: Exact, expected: Exact): boolean => compare(abs(subtract(actual, expected)), TWO_CENTS) <= 0;

/** What breaks Peppol's line allowance arithmetic in a written document, one text per break. */
function peppolBreaks(summary: Summary): string[] {
  const breaks: string[] = [];
  for (const line of summary.lines) {
    const allowances = line.allowances.map((allowance) => exact(allowance.amount));
    // R120: net = quantity × (price / base quantity, which is 1 here) + charges − allowances.
    const expected = subtract(multiply(exact(line.quantity), exact(line.price)), sum(allowances));
    if (!withinSlack(exact(line.net), expected)) breaks.push(`R120 line ${line.id}: ${line.net} ≠ ${show(expected)}`);
    for (const allowance of line.allowances) {
      if (allowance.charge !== "false") breaks.push(`line ${line.id}: charge indicator ${allowance.charge}`);
      // R041, R042: a base amount and a percentage come together.
      if ((allowance.base === null) !== (allowance.percentage === null)) breaks.push(`R041/R042 line ${line.id}`);
      if (allowance.base === null || allowance.percentage === null) continue;
      // R040: amount = base × percentage / 100.
      const product = multiply(exact(allowance.base), exact(allowance.percentage));
      const computed = { units: product.units, scale: product.scale + 2 };
      if (!withinSlack(exact(allowance.amount), computed)) breaks.push(`R040 line ${line.id}: ${allowance.amount} ≠ ${show(computed)}`);
    }
  }
  return breaks;
}

describe("worked sums: each discount is taken off quantity × price at the line's own VAT rate", () => {
  test("10 %, 12.5 % at 7 %, 100 %, 3.3333 %, a negative line and one without", () => {
    const { lines, vatBreakdown, totals } = model("line discounts: 10 %");
    const discount = (amount: string, baseAmount: string, percentage: string) => [{ amount, baseAmount, percentage, reason: "Discount", reasonCode: "95" }];
    expect(lines.map((line) => [line.quantity, line.netPrice, line.netAmount, line.rate, line.allowances])).toEqual([
      ["10", "120.00", "1080.00", "19", discount("120.00", "1200.00", "10")],
      ["3", "19.99", "52.47", "7", discount("7.50", "59.97", "12.5")], // 7.49625 → 7.50
      ["2", "25.00", "0.00", "19", discount("50.00", "50.00", "100")],
      ["7", "3.33", "22.53", "19", discount("0.78", "23.31", "3.3333")], // 0.77699… → 0.78
      // The price is never negative (BR-27): the sign moves to the quantity, and base, allowance and net keep it.
      ["-1", "20.00", "-18.00", "19", discount("-2.00", "-20.00", "10")],
      ["1", "45.00", "45.00", "19", []],
    ]);
    expect(vatBreakdown.map((group) => [group.categoryCode, group.rate, group.taxableAmount, group.taxAmount])).toEqual([
      ["S", "7", "52.47", "3.67"], // 3.6729
      ["S", "19", "1129.53", "214.61"], // 1080.00 + 0.00 + 22.53 − 18.00 + 45.00; 214.6107
    ]);
    expect(totals).toEqual({ lineNetTotal: "1182.00", taxExclusive: "1182.00", vatTotal: "218.28", taxInclusive: "1400.28", paid: "0.00", amountDue: "1400.28" });
  });

  test("a credit note: 15 % off 2.5 × 120.00, 5 % off 19.99 at 7 %", () => {
    const { typeCode, lines, vatBreakdown, totals } = model("line discounts on a credit note");
    expect(typeCode).toBe("381");
    expect(lines.map((line) => [line.netAmount, line.allowances.map((allowance) => [allowance.baseAmount, allowance.percentage, allowance.amount])])).toEqual([
      ["255.00", [["300.00", "15", "45.00"]]],
      ["18.99", [["19.99", "5", "1.00"]]], // 0.9995 → 1.00
    ]);
    expect(vatBreakdown.map((group) => [group.rate, group.taxableAmount, group.taxAmount])).toEqual([
      ["7", "18.99", "1.33"],
      ["19", "255.00", "48.45"],
    ]);
    expect([totals.lineNetTotal, totals.vatTotal, totals.taxInclusive]).toEqual(["273.99", "49.78", "323.77"]);
  });

  test("KWD: base, allowance and net are each the record's amount rounded to two decimals", () => {
    const { lines, totals } = model("line discounts in KWD");
    expect(lines.map((line) => [line.netPrice, line.netAmount, line.allowances.map((allowance) => [allowance.baseAmount, allowance.amount])])).toEqual([
      ["1.235", "3.33", [["3.71", "0.37"]]], // 3.705 → 3.71; 0.3705 → 0.371 → 0.37; 3.334 → 3.33
      ["0.333", "0.62", [["0.67", "0.05"]]], // 0.666 → 0.67; 0.04995 → 0.050 → 0.05; 0.616 → 0.62
    ]);
    expect([totals.lineNetTotal, totals.vatTotal, totals.taxInclusive]).toEqual(["3.95", "0.20", "4.15"]);
  });
});

describe("the allowance as the official examples write it", () => {
  test("UBL: in the invoice line before the item, amounts in the document currency", () => {
    const xml = toUbl(model("line discounts: 10 %"));
    const [, firstLine = ""] = /<cac:InvoiceLine>([\s\S]*?)<\/cac:InvoiceLine>/.exec(xml) ?? [];
    const element = (name: string) => firstLine.indexOf(`<${name}`);
    expect(firstLine.replace(/\s+/g, "")).toContain(
      '<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:AllowanceChargeReasonCode>95</cbc:AllowanceChargeReasonCode><cbc:AllowanceChargeReason>Discount</cbc:AllowanceChargeReason><cbc:MultiplierFactorNumeric>10</cbc:MultiplierFactorNumeric><cbc:AmountcurrencyID="EUR">120.00</cbc:Amount><cbc:BaseAmountcurrencyID="EUR">1200.00</cbc:BaseAmount></cac:AllowanceCharge>',
    );
    expect(element("cbc:LineExtensionAmount")).toBeLessThan(element("cac:AllowanceCharge"));
    expect(element("cac:AllowanceCharge")).toBeLessThan(element("cac:Item"));
  });

  test("UBL: a credit note line carries it too", () => {
    const summary = readUbl(toUbl(model("line discounts on a credit note")));
    expect(summary.lines.map((line) => line.allowances)).toEqual([
      [{ charge: "false", amount: "45.00", base: "300.00", percentage: "15", reason: "Discount", code: "95" }],
      [{ charge: "false", amount: "1.00", base: "19.99", percentage: "5", reason: "Discount", code: "95" }],
    ]);
  });

  test("CII: in the line settlement between its VAT and its monetary summation", () => {
    const xml = toCii(model("line discounts: 10 %"));
    const [, settlement = ""] = /<ram:SpecifiedLineTradeSettlement>([\s\S]*?)<\/ram:SpecifiedLineTradeSettlement>/.exec(xml) ?? [];
    expect(settlement.replace(/\s+/g, "")).toBe(
      "<ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:ApplicableTradeTax>" +
        "<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>false</udt:Indicator></ram:ChargeIndicator><ram:CalculationPercent>10</ram:CalculationPercent><ram:BasisAmount>1200.00</ram:BasisAmount><ram:ActualAmount>120.00</ram:ActualAmount><ram:ReasonCode>95</ram:ReasonCode><ram:Reason>Discount</ram:Reason></ram:SpecifiedTradeAllowanceCharge>" +
        "<ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>1080.00</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>",
    );
  });

  test("a line without a discount writes no allowance", () => {
    const lines = readUbl(toUbl(model("several VAT rates"))).lines;
    expect(lines.every((line) => line.allowances.length === 0)).toBe(true);
    expect(toCii(model("several VAT rates"))).not.toContain("SpecifiedTradeAllowanceCharge");
  });
});

describe("Peppol's line allowance arithmetic holds in every written document (R040, R041, R042, R120)", () => {
  for (const { name, record } of CASES) {
    test(name, () => {
      const written = toEn16931(record, SELLER);
      expect({ ubl: peppolBreaks(readUbl(toUbl(written))), cii: peppolBreaks(readCii(toCii(written))) }).toEqual({ ubl: [], cii: [] });
    });
  }

  test("and the check catches an allowance that does not add up", () => {
    const written = model("line discounts: 10 %");
    const [first] = written.lines;
    const [allowance] = first?.allowances ?? [];
    if (!allowance) throw new Error("no allowance");
    allowance.amount = "120.03";
    expect(peppolBreaks(readUbl(toUbl(written)))).toEqual(["R120 line 1: 1080.00 ≠ 1079.97", "R040 line 1: 120.03 ≠ 120.00"]);
  });

  test("the fixtures checked hold nine allowances, one of them on a negative line", () => {
    const amounts = CASES.flatMap(({ record }) => toEn16931(record, SELLER).lines.flatMap((line) => line.allowances.map((allowance) => allowance.amount)));
    expect(amounts.length).toBe(9);
    expect(amounts.filter((amount) => amount.startsWith("-"))).toEqual(["-2.00"]);
  });
});
