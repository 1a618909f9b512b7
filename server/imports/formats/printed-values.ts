// One printed value read under the locale and currency the document settled on: money as integer
// minor units (a symbol is the currency when the locale prints it so: "$" is CAD under en-CA),
// dates, quantities and percentages, each exact through server/domain/decimal-text.ts; a
// spreadsheet's numbers (amounts in major units, rates as fractions) through their shortest decimal
// string, never a float product. Apart from printed.ts because the locale inference
// (printed-locale.ts) tries these same readers under each candidate locale.
import { currenciesOfSymbol, readAmount, readQuantity, splitAmount, type Reading } from "../../domain/decimal-text.ts";
import { dateOrderOf, readDate } from "../extract/dates.ts";
import type { PrintedValue } from "./printed-blocks.ts";
import { isoDay, minorOfNumber } from "./table-cells.ts";

/** A double as its shortest decimal string, without an exponent: 1e-7 → "0.0000001". */
export function decimalOf(value: number): string {
  const text = String(value);
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign = "", lead = "", rest = "", exponent = "0"] = match;
  const digits = lead + rest;
  const point = 1 + Number(exponent);
  if (point <= 0) return `${sign}0.${"0".repeat(-point)}${digits}`;
  return point >= digits.length ? `${sign}${digits.padEnd(point, "0")}` : `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** A decimal string times 10^shift, by moving its point: ("0.08875", 2) → "8.875". */
function shiftDecimal(text: string, shift: number): string {
  const negative = text.startsWith("-");
  const [whole = "0", fraction = ""] = text.replace(/^-/, "").split(".");
  const digits = whole + fraction.padEnd(shift, "0");
  const point = whole.length + shift;
  const shifted = `${digits.slice(0, point).replace(/^0+(?=\d)/, "")}.${digits.slice(point)}`.replace(/\.?0*$/, "") || "0";
  return negative && shifted !== "0" ? `-${shifted}` : shifted;
}

/** The locale and currency every value is read in. */
export type Settled = { locale: string; currency: string };

// Symbols by locale ("CN¥" is CNY in en, "$" USD in en and CAD in en-CA), from Intl's own formatting.
const symbolMaps = new Map<string, ReadonlyMap<string, string[]>>();
const CURRENCIES: readonly string[] = Intl.supportedValuesOf("currency");

function symbolsOf(locale: string): ReadonlyMap<string, string[]> {
  let map = symbolMaps.get(locale);
  if (!map) {
    const symbols = new Map<string, string[]>();
    for (const currency of CURRENCIES) {
      const symbol = new Intl.NumberFormat(locale, { style: "currency", currency }).formatToParts(1).find((part) => part.type === "currency")?.value;
      if (symbol) symbols.set(symbol, [...(symbols.get(symbol) ?? []), currency]);
    }
    map = symbols;
    symbolMaps.set(locale, map);
  }
  return map;
}

/** Every currency a printed marker may mean in a locale: the locale's own symbols first, then the bundled table. */
export function currenciesOfMarker(marker: string, locale: string): string[] {
  const own = symbolsOf(locale).get(marker) ?? [];
  return [...new Set([...own, ...currenciesOfSymbol(marker.normalize("NFKC"))])];
}

export function readMoney(value: PrintedValue, { locale, currency }: Settled): Reading<number> {
  if (typeof value === "number") return minorOfNumber(value, currency);
  if (typeof value !== "string") return { ok: false, expected: "an amount" };
  const parts = splitAmount(value);
  if (parts?.marker && currenciesOfMarker(parts.marker, locale).includes(currency)) {
    return readAmount(value.replace(parts.marker, currency), { currency, locale });
  }
  return readAmount(value, { currency, locale });
}

export function readDay(value: PrintedValue, { locale }: Settled): Reading<string> {
  if (value instanceof Date) return { ok: true, value: isoDay(value) };
  const date = typeof value === "string" ? readDate(value, dateOrderOf(locale)) : null;
  return date ? { ok: true, value: date.date } : { ok: false, expected: "a date" };
}

export function readNumber(value: PrintedValue, { locale }: Settled): Reading<number> {
  if (typeof value === "number") return readQuantity(decimalOf(value));
  return typeof value === "string" ? readQuantity(value, { locale }) : { ok: false, expected: "a number" };
}

/** A percentage: printed with its sign, or a spreadsheet's fraction (0.19 is 19 %). */
export function readPercent(value: PrintedValue, { locale }: Settled): Reading<number> {
  if (typeof value === "number") return readQuantity(shiftDecimal(decimalOf(value), 2));
  if (typeof value !== "string") return { ok: false, expected: "a percentage" };
  return readQuantity(value.replace(/^[%％]\s*|[\s\u00a0\u202f]*[%％]$/g, ""), { locale });
}
