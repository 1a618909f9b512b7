// Money rules: amounts are integers in minor units (README); every product and percentage is
// computed exactly on scaled BigInts and rounded half away from zero, never through a float product.
import { AppError } from "./errors.ts";

export const MAX_AMOUNT = Number.MAX_SAFE_INTEGER;
/** Quantities and tax rates carry at most this many decimals. */
export const SCALE_DECIMALS = 4;
const SCALE = 10n ** BigInt(SCALE_DECIMALS);

export type TaxCategory = "S" | "Z" | "E" | "AE" | "K" | "G" | "O" | "L" | "M";
/** Categories that carry no tax and so require a rate of 0 (EN 16931 BR-E-5, BR-AE-5, …). */
export const ZERO_RATE_CATEGORIES: ReadonlySet<TaxCategory> = new Set(["Z", "E", "AE", "K", "G", "O"]);

export type LineInput = { quantity: number; rate: number; tax_rate: number | null; tax_category: TaxCategory | null; discount_percent?: number };
export type TaxGroup = { category: TaxCategory; rate: number; taxable: number; tax: number };
export type Totals = { amounts: number[]; tax_breakdown: TaxGroup[]; subtotal: number; tax: number; total: number };

/**
 * The exact decimal value of a finite number as an integer scaled by 10^4, or null when it needs
 * more than four decimals. Works from the shortest round-trip string, so 0.1 is exactly 1000.
 */
export function toScaled(value: number): bigint | null {
  if (!Number.isFinite(value)) return null;
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(value));
  if (!match) return null;
  const [, sign, whole = "0", fraction = "", exponentText] = match;
  const exponent = exponentText ? Number(exponentText) : 0;
  let digits = whole + fraction;
  let decimals = fraction.length - exponent;
  if (decimals < 0) {
    digits += "0".repeat(-decimals);
    decimals = 0;
  }
  if (decimals > SCALE_DECIMALS) {
    const extra = digits.slice(digits.length - (decimals - SCALE_DECIMALS));
    if (/[^0]/.test(extra)) return null;
    digits = digits.slice(0, digits.length - (decimals - SCALE_DECIMALS));
    decimals = SCALE_DECIMALS;
  }
  const scaled = BigInt(digits) * 10n ** BigInt(SCALE_DECIMALS - decimals);
  return sign === "-" ? -scaled : scaled;
}

/** numerator / denominator rounded half away from zero; denominator > 0. */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const rounded = (magnitude * 2n + denominator) / (denominator * 2n);
  return negative ? -rounded : rounded;
}

function isSafe(value: bigint): boolean {
  return value <= BigInt(MAX_AMOUNT) && value >= -BigInt(MAX_AMOUNT);
}

function safeAmount(value: bigint, field: string): number {
  if (!isSafe(value)) {
    throw new AppError("INVALID_AMOUNT", `${field} is beyond the safe whole-unit range (±2^53−1)`, {
      field,
      issue: "unsafe calculated amount",
    });
  }
  return Number(value);
}

function scaledOrThrow(value: number, field: string): bigint {
  const scaled = toScaled(value);
  if (scaled === null) {
    throw new AppError("VALIDATION_ERROR", `${field} allows at most ${SCALE_DECIMALS} decimals`, {
      field,
      issue: `at most ${SCALE_DECIMALS} decimals`,
    });
  }
  return scaled;
}

/** round_half_away_from_zero(quantity × rate), exact. */
export function lineAmount(quantity: number, rate: number, field = "amount"): number {
  return safeAmount(divideRounded(scaledOrThrow(quantity, field) * BigInt(rate), SCALE), field);
}

/**
 * A line's money: gross = quantity × rate, its discount (EN 16931 BG-27 line allowance: BT-136 of
 * base BT-137 = gross at percentage BT-138) and net = gross − discount (BT-131), each rounded half
 * away from zero. Every total, render and e-invoice reads a line through this.
 */
export function linePrice(line: Pick<LineInput, "quantity" | "rate" | "discount_percent">, field = "amount"): { gross: number; discount: number; net: number } {
  const gross = lineAmount(line.quantity, line.rate, field);
  const discount = line.discount_percent ? percentOf(gross, line.discount_percent, field) : 0;
  return { gross, discount, net: gross - discount };
}

/** Whether quantity × rate is a safe amount (a quantity with too many decimals is another error's). */
export function isSafeLineAmount(quantity: number, rate: number): boolean {
  const scaled = toScaled(quantity);
  return scaled === null || isSafe(divideRounded(scaled * BigInt(rate), SCALE));
}

/** round_half_away_from_zero(net × percent / 100), exact. */
export function percentOf(net: number, percent: number, field = "tax"): number {
  return safeAmount(divideRounded(BigInt(net) * scaledOrThrow(percent, field), 100n * SCALE), field);
}

/** The category a line falls in when none is given: standard-rated with a rate, zero-rated without. */
function defaultCategory(rate: number): TaxCategory {
  return rate > 0 ? "S" : "Z";
}

/**
 * The VAT a line is taxed at, the one rule every total, export and e-invoice uses: its own rate,
 * else the invoice's, else 0; its own category, else S with a rate and Z without.
 */
export function lineTax(line: Pick<LineInput, "tax_rate" | "tax_category">, invoiceTaxRate: number | null): { rate: number; category: TaxCategory } {
  const rate = line.tax_rate ?? invoiceTaxRate ?? 0;
  return { rate, category: line.tax_category ?? defaultCategory(rate) };
}

/**
 * Line amounts, VAT groups and totals as EN 16931 computes them: tax per group of (category, rate)
 * on the summed line nets. A line without its own rate uses the invoice's `tax_rate`.
 */
export function computeTotals(lines: readonly LineInput[], invoiceTaxRate: number | null): Totals {
  const amounts = lines.map((line, index) => linePrice(line, `items.${index}.amount`).net);
  const groups = new Map<string, { category: TaxCategory; rate: number; taxable: bigint }>();
  lines.forEach((line, index) => {
    const { rate, category } = lineTax(line, invoiceTaxRate);
    const key = `${category}|${rate}`;
    const group = groups.get(key) ?? { category, rate, taxable: 0n };
    group.taxable += BigInt(amounts[index] ?? 0);
    groups.set(key, group);
  });
  const tax_breakdown = [...groups.values()]
    .sort((a, b) => (a.category === b.category ? a.rate - b.rate : a.category < b.category ? -1 : 1))
    .map((group) => {
      const taxable = safeAmount(group.taxable, "subtotal");
      return { category: group.category, rate: group.rate, taxable, tax: percentOf(taxable, group.rate) };
    });
  const subtotal = safeAmount(
    amounts.reduce((sum, amount) => sum + BigInt(amount), 0n),
    "subtotal",
  );
  const tax = safeAmount(
    tax_breakdown.reduce((sum, group) => sum + BigInt(group.tax), 0n),
    "tax",
  );
  const total = safeAmount(BigInt(subtotal) + BigInt(tax), "total");
  return { amounts, tax_breakdown, subtotal, tax, total };
}
