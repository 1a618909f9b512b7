// Numbers and dates as a reader of the invoice's locale expects them. Exact by construction: a value
// is split into a BigInt whole part and its fraction digits, Intl lays out the whole part (grouping,
// sign, currency, numbering system) and the fraction digits are put back verbatim, so no amount,
// quantity or rate passes through a float product or Intl's own rounding.
import { minorUnits } from "../server/domain/currencies.ts";
import { SCALE_DECIMALS, toScaled } from "../server/domain/money.ts";
import { formatDecimal, formatScaled } from "./decimal.ts";

// Intl objects cost tens of microseconds to make (a DateTimeFormat ~60 µs) and an invoice asks for
// a handful of them dozens of times: each is made once per locale and options. Locales come from
// invoices, so the caches are bounded (the oldest entry goes first).
const INTL_CACHE_LIMIT = 256;

function cached<Value>(cache: Map<string, Value>, key: string, make: () => Value): Value {
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    if (cache.size >= INTL_CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
    cache.set(key, value);
  }
  return value;
}

/** A number format and the numbering system it resolved to (resolvedOptions() allocates on every call). */
type NumberFormat = { format: Intl.NumberFormat; numberingSystem: string };
const numberFormats = new Map<string, NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const regionNames = new Map<string, Intl.DisplayNames>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): NumberFormat {
  return cached(numberFormats, `${locale} ${JSON.stringify(options)}`, () => {
    const format = new Intl.NumberFormat(locale, options);
    return { format, numberingSystem: format.resolvedOptions().numberingSystem };
  });
}

/**
 * `value / 10^scale` shown with its first `fractionDigits` fraction digits (the caller knows the
 * rest are zeros). Options carry the style (currency, unit); the digits are ours.
 */
function exactNumber(locale: string, value: bigint, scale: number, fractionDigits: number, options: Intl.NumberFormatOptions): string {
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  const divisor = 10n ** BigInt(scale);
  const whole = magnitude / divisor;
  const fraction = (magnitude % divisor).toString().padStart(scale, "0").slice(0, fractionDigits);
  const { format, numberingSystem } = numberFormat(locale, { ...options, minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits });
  // BigInt has no −0, so −0.05 lays out the sign through the number −0 (Intl shows its minus sign).
  const laidOut = negative ? (whole === 0n ? -0 : -whole) : whole;
  const digits = numberFormat(locale, { numberingSystem, useGrouping: false, minimumIntegerDigits: Math.max(fraction.length, 1) }).format;
  return format
    .formatToParts(laidOut)
    .map((part) => (part.type === "fraction" ? digits.format(BigInt(fraction)) : part.value))
    .join("");
}

/** An amount in minor units with exactly the currency's ISO 4217 decimals: 123450 EUR in de → "1.234,50 €". */
export function formatMoney(minor: number, currency: string, locale: string): string {
  const decimals = minorUnits(currency);
  return exactNumber(locale, BigInt(minor), decimals, decimals, { style: "currency", currency });
}

/** An amount without its currency sign, as a person types it back: 123450 EUR in de → "1.234,50". */
export function formatAmountNumber(minor: number, currency: string, locale: string): string {
  const decimals = minorUnits(currency);
  return exactNumber(locale, BigInt(minor), decimals, decimals, {});
}

/** A quantity or rate (at most four decimals, checked when priced) with its scaled digits and how many matter. */
function scaledOf(value: number): { scaled: bigint; fractionDigits: number } {
  const scaled = toScaled(value);
  if (scaled === null) throw new Error(`${value} has more than ${SCALE_DECIMALS} decimals`);
  const fraction = formatScaled(value).split(".")[1] ?? "";
  return { scaled, fractionDigits: fraction.length };
}

/** A quantity with as many decimals as it has (up to four): 1234.5 in de → "1.234,5". */
export function formatQuantity(value: number, locale: string): string {
  const { scaled, fractionDigits } = scaledOf(value);
  return exactNumber(locale, scaled, SCALE_DECIMALS, fractionDigits, {});
}

/** A percentage given as its number of percent (19 → "19 %" in de); never multiplied by 100. */
export function formatPercent(value: number, locale: string): string {
  const { scaled, fractionDigits } = scaledOf(value);
  return exactNumber(locale, scaled, SCALE_DECIMALS, fractionDigits, { style: "unit", unit: "percent" });
}

/** An amount as a machine decimal with the currency's digits, for CSV and the DSL: "1234.50", "-0.05". */
export function machineAmount(minor: number, currency: string): string {
  const decimals = minorUnits(currency);
  return formatDecimal(BigInt(minor), decimals, decimals);
}

/** A quantity or rate as a machine decimal without trailing zeros: "2.5", "19". */
export function machineNumber(value: number): string {
  return formatScaled(value);
}

export type DateStyle = "long" | "short";

/**
 * A calendar date (YYYY-MM-DD) for the locale. It names a day, not an instant, so it is laid out at
 * midnight UTC in UTC: the server's time zone can never move it to the day before.
 */
export function formatDate(date: string, locale: string, style: DateStyle = "long"): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new Error(`${date} is not a YYYY-MM-DD date`);
  const day = new Date(0);
  // setUTCFullYear, unlike Date.UTC, keeps years 0–99 as written instead of mapping them to 19xx.
  day.setUTCFullYear(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return cached(dateFormats, `${locale} ${style}`, () => new Intl.DateTimeFormat(locale, { dateStyle: style, timeZone: "UTC" })).format(day);
}


/** A country's name in the locale's language ("DE" in fr → "Allemagne"), or the code when unknown. */
export function formatCountry(code: string, locale: string): string {
  return cached(regionNames, locale, () => new Intl.DisplayNames(locale, { type: "region", fallback: "code" })).of(code) ?? code;
}
