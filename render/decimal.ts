// Decimal strings from exact integers, shared by the human formats (format.ts) and the e-invoices:
// a value never passes through a float on its way to text.
import { SCALE_DECIMALS, toScaled } from "../server/domain/money.ts";

/** `value / 10^scale` as a decimal string, trailing zeros trimmed down to `minFraction` digits. */
export function formatDecimal(value: bigint, scale: number, minFraction: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, "0");
  const whole = digits.slice(0, digits.length - scale);
  let fraction = digits.slice(digits.length - scale);
  while (fraction.length > minFraction && fraction.endsWith("0")) fraction = fraction.slice(0, -1);
  fraction = fraction.padEnd(minFraction, "0");
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

/** A quantity or percentage (at most four decimals, checked when the record was priced) as written. */
export function formatScaled(value: number): string {
  const scaled = toScaled(value);
  if (scaled === null) throw new Error(`${value} has more than ${SCALE_DECIMALS} decimals`);
  return formatDecimal(scaled, SCALE_DECIMALS, 0);
}
