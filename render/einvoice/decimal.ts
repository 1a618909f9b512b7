// Decimal strings for e-invoices, written from exact integers: an amount never passes through a
// float, so "1980.00" yen and "0.30" euro are exactly what the record holds.
import { divideRounded } from "../../server/domain/money.ts";
import { minorUnits } from "../../server/domain/currencies.ts";
import { formatDecimal } from "../decimal.ts";

/** EN 16931 amounts carry two decimals (BR-DEC-*). */
export const AMOUNT_DECIMALS = 2;

/** Whether a written amount ("0.00", "-0.00") is zero. */
export function isZeroAmount(amount: string): boolean {
  return !/[1-9]/.test(amount);
}

/**
 * How a currency's minor units become two-decimal amounts. Amounts are carried in "working units":
 * the currency's own minor unit when it has at most two decimals (so yen stay whole yen and VAT is
 * what the record computed), else hundredths, rounded half away from zero from the line amounts.
 */
export type AmountScale = {
  /** Decimals of a working unit: min(currency decimals, 2). */
  decimals: number;
  /** Minor units of the currency → working units. */
  toWork(minor: number): bigint;
  /** Working units → an EN 16931 amount string with exactly two decimals. */
  amount(work: bigint): string;
  /** Working units → the currency's minor units (a reader's view of a written amount). */
  toMinor(work: bigint): number;
  /** A unit price (BT-146) in minor units, exact, with at least two decimals. */
  price(minor: number): string;
};

export function amountScale(currency: string): AmountScale {
  const minor = minorUnits(currency);
  const decimals = Math.min(minor, AMOUNT_DECIMALS);
  const divisor = 10n ** BigInt(minor - decimals);
  return {
    decimals,
    toWork: (value) => divideRounded(BigInt(value), divisor),
    amount: (work) => formatDecimal(work, decimals, AMOUNT_DECIMALS),
    toMinor: (work) => Number(work * divisor),
    price: (value) => formatDecimal(BigInt(value), minor, AMOUNT_DECIMALS),
  };
}
