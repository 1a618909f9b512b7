import { describe, expect, test } from "bun:test";
import { AppError } from "../../server/domain/errors.ts";
import { computeTotals, divideRounded, lineAmount, linePrice, percentOf, toScaled } from "../../server/domain/money.ts";

describe("exact decimals", () => {
  test.each([
    [0.1, 1_000n],
    [1.005, 10_050n],
    [-2.5, -25_000n],
    [3, 30_000n],
    [1e21, 10_000_000_000_000_000_000_000_000n],
    [1.00001, null],
    [1e-7, null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
  ])("toScaled(%p) = %p", (value, scaled) => {
    expect(toScaled(value)).toBe(scaled);
  });
});

describe("round half away from zero", () => {
  test.each([
    [5n, 10n, 1n],
    [-5n, 10n, -1n],
    [15n, 10n, 2n],
    [-15n, 10n, -2n],
    [14n, 10n, 1n],
    [-14n, 10n, -1n],
    [0n, 10n, 0n],
  ])("%p / %p → %p", (numerator, denominator, expected) => {
    expect(divideRounded(numerator, denominator)).toBe(expected);
  });
});

describe("line amounts: the tricky cases", () => {
  test.each([
    ["0.1 × 3 is exactly 0.3, no float drift", 0.1, 3, 0],
    ["3 × 0.1 cents rounds to 0", 3, 0, 0],
    ["0.1 × 30 cents = 3", 0.1, 30, 3],
    ["1.005 × 100 = 100.5 → 101 (half up)", 1.005, 100, 101],
    ["-1.005 × 100 = -100.5 → -101 (half away from zero)", -1.005, 100, -101],
    ["0.5 × 1 = 0.5 → 1", 0.5, 1, 1],
    ["-0.5 × 1 = -0.5 → -1", -0.5, 1, -1],
    ["0.5 × -3 = -1.5 → -2", 0.5, -3, -2],
    ["2.5 × 3 = 7.5 → 8", 2.5, 3, 8],
    ["JPY has no minor unit: 3 × ¥1,980", 3, 1_980, 5_940],
    ["KWD has three: 1.5 × 1.250 KWD (1250 fils)", 1.5, 1_250, 1_875],
    ["largest safe amount passes", 1, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  ])("%s", (_name, quantity, rate, amount) => {
    expect(lineAmount(quantity, rate)).toBe(amount);
  });

  test("a product beyond 2^53 − 1 is INVALID_AMOUNT naming the field", () => {
    let error: unknown;
    try {
      lineAmount(2, Number.MAX_SAFE_INTEGER, "items.0.amount");
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("INVALID_AMOUNT");
    expect((error as AppError).details).toEqual({ field: "items.0.amount", issue: "unsafe calculated amount" });
  });

  test("a sum beyond 2^53 − 1 is INVALID_AMOUNT on subtotal", () => {
    const half = Math.ceil(Number.MAX_SAFE_INTEGER / 2) + 1;
    const lines = [1, 2].map(() => ({ quantity: 1, rate: half, tax_rate: 0, tax_category: null }));
    expect(() => computeTotals(lines, null)).toThrow(AppError);
  });
});

describe("tax", () => {
  test("percentOf rounds half away from zero, both signs", () => {
    expect(percentOf(250, 19)).toBe(48); // 47.5
    expect(percentOf(-250, 19)).toBe(-48);
    expect(percentOf(1_000, 7.7)).toBe(77);
    expect(percentOf(333, 5.5)).toBe(18); // 18.315
  });

  test("tax is computed per group on the summed nets, not per line", () => {
    const lines = [1, 2, 3].map(() => ({ quantity: 1, rate: 10, tax_rate: 15, tax_category: null }));
    // per line 1.5 → 2 each would give 6; on the group net 30 × 15% = 4.5 → 5
    expect(computeTotals(lines, null)).toMatchObject({ subtotal: 30, tax: 5, total: 35 });
  });

  test("lines without a rate use the invoice rate; categories default S (rate) or Z (none)", () => {
    const totals = computeTotals(
      [
        { quantity: 2, rate: 500, tax_rate: null, tax_category: null },
        { quantity: 1, rate: 100, tax_rate: 0, tax_category: null },
        { quantity: 1, rate: 100, tax_rate: 0, tax_category: "AE" },
      ],
      20,
    );
    expect(totals.tax_breakdown).toEqual([
      { category: "AE", rate: 0, taxable: 100, tax: 0 },
      { category: "S", rate: 20, taxable: 1_000, tax: 200 },
      { category: "Z", rate: 0, taxable: 100, tax: 0 },
    ]);
    expect(totals).toMatchObject({ subtotal: 1_200, tax: 200, total: 1_400 });
  });

  test("a credit line (negative quantity) reduces the group", () => {
    const totals = computeTotals(
      [
        { quantity: 1, rate: 1_000, tax_rate: 19, tax_category: null },
        { quantity: -1, rate: 250, tax_rate: 19, tax_category: null },
      ],
      null,
    );
    expect(totals).toMatchObject({ amounts: [1_000, -250], subtotal: 750, tax: 143, total: 893 });
  });
});

describe("line discounts (EN 16931 line allowance)", () => {
  test.each([
    ["10 % of 48.00", { quantity: 40, rate: 120, discount_percent: 10 }, { gross: 4_800, discount: 480, net: 4_320 }],
    ["rounded half away from zero: 12.5 % of 0.99", { quantity: 1, rate: 99, discount_percent: 12.5 }, { gross: 99, discount: 12, net: 87 }],
    ["2.5 % of 3 × 3.33", { quantity: 3, rate: 333, discount_percent: 2.5 }, { gross: 999, discount: 25, net: 974 }],
    ["all of it", { quantity: 2, rate: 500, discount_percent: 100 }, { gross: 1_000, discount: 1_000, net: 0 }],
    ["a returned item keeps its sign", { quantity: -2, rate: 500, discount_percent: 10 }, { gross: -1_000, discount: -100, net: -900 }],
    ["none", { quantity: 1.5, rate: 1_001 }, { gross: 1_502, discount: 0, net: 1_502 }],
  ])("%s", (_name, line, expected) => {
    expect(linePrice(line)).toEqual(expected);
  });

  test("the tax is on the discounted nets, grouped as ever", () => {
    const totals = computeTotals(
      [
        { quantity: 40, rate: 120, tax_rate: 7, tax_category: null, discount_percent: 10 },
        { quantity: 10, rate: 450, tax_rate: 7, tax_category: null },
      ],
      null,
    );
    expect(totals).toMatchObject({ amounts: [4_320, 4_500], subtotal: 8_820, tax: 617, total: 9_437 });
  });
});
