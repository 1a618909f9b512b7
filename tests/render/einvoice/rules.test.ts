// The EN 16931 business rules on the model: every fixture passes them, each implemented rule catches
// its own crafted violation, every official rule in scope is either implemented or listed as not
// applicable, and the first violation surfaces as a 422 naming the rule and the business term.
import { describe, expect, test } from "bun:test";
import { AppError } from "../../../server/domain/errors.ts";
import { toEn16931, type En16931Invoice } from "../../../render/einvoice/model.ts";
import { assertBusinessRules, BUSINESS_RULES, checkBusinessRules, NOT_APPLICABLE, WRITTEN_BY_THE_WRITERS } from "../../../render/einvoice/rules/index.ts";
import { CASES, caseNamed, finalized, SELLER } from "./fixtures.ts";
import { BASES, RULE_BREAKS } from "./rule-breaks.ts";

const modelOf = (prefix: string): En16931Invoice => toEn16931(caseNamed(prefix), SELLER);
const ruleIds = (model: En16931Invoice): string[] => checkBusinessRules(model).map((violation) => violation.rule);

/**
 * Rules a fixture breaks because the model lacks a term, not because the fixture is wrong. The
 * model has no Seller identifier (BT-29) or legal registration identifier (BT-30), and BR-O-02
 * forbids the seller's VAT identifier (BT-31), so nothing can satisfy BR-CO-26 for category O.
 * Remove the entry when the model carries BT-29 or BT-30; the test then insists on none.
 */

describe("every fixture passes every business rule", () => {
  for (const { name, record } of CASES) {
    test(name, () => expect(ruleIds(toEn16931(record, SELLER))).toEqual([]));
  }
});

test("a negative invoice passes: signs on quantities and amounts, prices positive, VAT compared by size", () => {
  const record = finalized({ due_date: null, tax_rate: 19, items: [{ description: "Korrektur", quantity: 3, rate: -3_333 }] });
  const model = toEn16931(record, SELLER);
  expect([model.lines[0]?.netPrice, model.vatBreakdown[0]?.taxAmount, model.totals.amountDue]).toEqual(["33.33", "-19.00", "-118.99"]);
  expect(ruleIds(model)).toEqual([]);
});

describe("each rule reports its crafted violation", () => {
  for (const { rule, base, path, breaks } of RULE_BREAKS) {
    test(`${rule} (${BASES[base]}, ${path})`, () => {
      const valid = modelOf(BASES[base]);
      expect(ruleIds(valid)).not.toContain(rule);
      const broken = structuredClone(valid);
      breaks(broken);
      const violation = checkBusinessRules(broken).find((found) => found.rule === rule);
      expect(violation?.path).toBe(path);
    });
  }
});

describe("the rule inventory", () => {
  const implemented = BUSINESS_RULES.map((rule) => rule.id);
  const notApplicable = NOT_APPLICABLE.flatMap((entry) => entry.rules);
  const range = (prefix: string, numbers: number[]): string[] => numbers.map((n) => `${prefix}-${String(n).padStart(2, "0")}`);
  const upTo = (last: number): number[] => Array.from({ length: last }, (_, index) => index + 1);
  // The ids of EN16931-model.sch (ConnectingEurope/eInvoicing-EN16931) the issue asks for.
  const OFFICIAL = [
    ...range("BR", [...upTo(33), 36, 37, 38, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 61, 62, 63, 64, 65, 66, 67]),
    ...range("BR-CO", upTo(26).slice(2)),
    ...range("BR-DEC", [1, 2, 5, 6, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 23, 24, 25, 27, 28]),
    ...["BR-S", "BR-Z", "BR-E", "BR-AE", "BR-G"].flatMap((prefix) => range(prefix, upTo(10))),
    ...range("BR-IC", upTo(12)),
    ...range("BR-O", upTo(14)),
  ];

  test("every official rule in scope is implemented, not applicable, or left to the writers: once", () => {
    const accounted = [...implemented, ...notApplicable, ...WRITTEN_BY_THE_WRITERS];
    expect([...accounted].sort()).toEqual([...OFFICIAL].sort());
  });

  test("every implemented rule has exactly one crafted violation", () => {
    expect(RULE_BREAKS.map((entry) => entry.rule).sort()).toEqual([...implemented].sort());
  });

  test("texts are official wording, not ids", () => {
    for (const rule of BUSINESS_RULES) expect(rule.text).not.toMatch(/^\[?BR-/);
  });
});

describe("BR-CO-17 and BR-S-09 allow the official schematron's one unit of slack, strictly", () => {
  const withTax = (taxAmount: string): string[] => {
    const model = modelOf(BASES.S);
    const group = model.vatBreakdown[1]; // S 19 %: 1200.00 → 228.00
    if (!group) throw new Error("no S 19 % group");
    group.taxAmount = taxAmount; // BR-CO-14 and the totals then disagree too; only these two are looked at
    return ruleIds(model).filter((id) => id === "BR-CO-17" || id === "BR-S-09");
  };

  test("0.99 off passes (whole-unit currencies round VAT to the unit)", () => {
    expect(withTax("228.99")).toEqual([]);
    expect(withTax("227.01")).toEqual([]);
  });

  test("a full unit off fails both", () => {
    expect(withTax("229.00")).toEqual(["BR-CO-17", "BR-S-09"]);
    expect(withTax("227.00")).toEqual(["BR-CO-17", "BR-S-09"]);
  });

  test("JPY: 827.00 yen of VAT on 8271.00 at 10 % (827.10) holds", () => {
    expect(ruleIds(modelOf("JPY"))).toEqual([]);
  });
});

describe("assertBusinessRules", () => {
  test("passes a valid model", () => {
    expect(() => assertBusinessRules(modelOf(BASES.S))).not.toThrow();
  });

  test("throws 422 VALIDATION_ERROR naming the first broken rule and its business term", () => {
    const model = modelOf(BASES.S);
    model.totals.lineNetTotal = "1255.49";
    let caught: unknown;
    try {
      assertBusinessRules(model);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    const error = caught as AppError;
    const text = "Sum of Invoice line net amount (BT-106) = Σ Invoice line net amount (BT-131).";
    expect([error.code, error.status, error.message]).toEqual(["VALIDATION_ERROR", 422, `BR-CO-10 ${text}`]);
    expect(error.details).toEqual({ field: "totals.lineNetTotal", issue: text, rule: "BR-CO-10", business_term: "BT-106" });
  });

  test("an amount that is no number breaks every rule computing with it", () => {
    const model = modelOf(BASES.S);
    model.totals.lineNetTotal = "12,55";
    const found = checkBusinessRules(model).filter((violation) => violation.path === "totals.lineNetTotal");
    expect(found.map((violation) => violation.rule)).toEqual(["BR-CO-10", "BR-CO-13"]);
    expect(found[0]?.found).toBe('"12,55" is not a decimal number');
  });
});
