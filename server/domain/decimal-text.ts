// Numbers as people write them ("€1.200,50", "1 200,50 €", "KWD1.250", "0,5") read exactly: the
// digits stay text until BigInt (amounts) or Number of a short decimal string (quantities) takes
// them, so no value passes through a float product. Also the one table of currency symbols that the
// DSL exporter writes and this reader accepts.
//
// Separator rules, the contract (a grouping mark is "." "," "'" "’" or a space: U+0020, no-break
// U+00A0, narrow no-break U+202F, thin U+2009; spaces and apostrophes always group):
// 1. "." and "," both present: the last one is the decimal separator (it appears once), the other
//    groups;
// 2. one of "." or "," appearing more than once (1,200,000 or 1.200.000): grouping;
// 3. a single "." or "," followed by 1, 2 or 4+ digits is the decimal separator (1200.5, 1200,50,
//    0,5): a grouping separator is always followed by exactly 3 digits, so this is never ambiguous;
//    so is a single one after a space or apostrophe grouping (1 200,50);
// 4. a single "." or "," followed by exactly 3 digits: for an amount, grouping when the currency has
//    no decimals (¥1,200 = 1200) and "." is the decimal point when it has 3 (KWD1.250 = 1250 fils,
//    the machine form the exporter writes); for a quantity "." is the decimal point. Otherwise the
//    locale decides by its decimal separator, and without one the text is ambiguous and refused:
//    never a guess. A locale whose decimal separator is "," makes that "." ambiguous too (in de-DE
//    "1.000" is a thousand to its writer, a one to the machine rule);
// 5. more fraction digits than allowed (the currency's ISO 4217 digits, 4 for a quantity) are
//    refused unless the extra ones are zeros (€1.500 read as a decimal is 150 cents);
// 6. grouped digits come in threes after the first group of 1 to 3; an amount is a safe integer of
//    minor units (|x| ≤ 2^53 − 1).
import { isCurrencyCode, minorUnits } from "./currencies.ts";
import { MAX_AMOUNT, SCALE_DECIMALS, toScaled } from "./money.ts";

export type Reading<Value> = { ok: true; value: Value } | { ok: false; expected: string };

// The symbol each currency is written with, and so every currency a symbol may mean. Bundled, not
// Intl: runtimes disagree on narrow symbols. A currency absent here is written as its ISO code.
const SYMBOLS: Readonly<Record<string, readonly string[]>> = {
  "€": ["EUR"],
  $: ["USD", "CAD", "AUD", "NZD", "SGD", "HKD", "MXN", "ARS", "CLP", "COP", "BSD", "BBD", "BZD", "BMD", "BND", "FJD", "GYD", "JMD", "KYD", "LRD", "NAD", "SBD", "SRD", "TTD", "XCD"],
  "£": ["GBP"],
  "¥": ["JPY", "CNY"],
  "₹": ["INR"],
  "₩": ["KRW"],
  "₺": ["TRY"],
  "₪": ["ILS"],
  "₫": ["VND"],
  "฿": ["THB"],
  "₱": ["PHP"],
  "₴": ["UAH"],
  "₦": ["NGN"],
  "₽": ["RUB"],
  "₸": ["KZT"],
  "₾": ["GEL"],
  "₼": ["AZN"],
  "₮": ["MNT"],
  "₵": ["GHS"],
  "₡": ["CRC"],
  "₲": ["PYG"],
  "₭": ["LAK"],
  zł: ["PLN"],
  Kč: ["CZK"],
  R$: ["BRL"],
};

/** Prefixed dollars people write to be clear; read, never written (the exporter writes "$" and CURRENCY). */
const READ_ONLY_SYMBOLS: Readonly<Record<string, string>> = {
  US$: "USD",
  CA$: "CAD",
  A$: "AUD",
  AU$: "AUD",
  NZ$: "NZD",
  S$: "SGD",
  HK$: "HKD",
  MX$: "MXN",
  NT$: "TWD",
};

const SYMBOL_OF = new Map(Object.entries(SYMBOLS).flatMap(([symbol, currencies]) => currencies.map((currency) => [currency, symbol] as const)));

/** The short symbol the exporter writes ("€", "$", "¥"), or the ISO code where there is none ("CHF", "KWD"). */
export function symbolOf(currency: string): string {
  return SYMBOL_OF.get(currency) ?? currency;
}

/** Every currency a symbol or ISO code may mean: "€" → [EUR], "$" → [USD, CAD, …], "CHF" → [CHF], "kr" → []. */
export function currenciesOfSymbol(symbol: string): readonly string[] {
  const listed = SYMBOLS[symbol] ?? (READ_ONLY_SYMBOLS[symbol] ? [READ_ONLY_SYMBOLS[symbol]] : undefined);
  if (listed) return listed;
  // Codes only in capitals: "cup", "all" and "try" are words in descriptions before they are pesos, leks and lira.
  return isCurrencyCode(symbol) ? [symbol] : [];
}

const GROUP_SPACE = "[ \\u00A0\\u202F\\u2009]";
// Digits with separators, starting and ending with a digit (a stray separator is another's problem).
const DIGITS = `\\d(?:(?:[\\d.,'’]|${GROUP_SPACE})*\\d)?`;
// Sign, currency marker, sign, digits, marker; a sign is glued to what follows it ("-€5", "€ -5").
// The marker is any run without digits, blanks, separators or signs; which ones mean money is the table's.
const MARKER = "[^\\d\\s.,'’\\-−]+";
const AMOUNT = new RegExp(`^([-−]?)(?:(${MARKER}?)\\s*)?([-−]?)(${DIGITS})(?:\\s*(${MARKER}))?$`);
const QUANTITY = new RegExp(`^([-−]?)(${DIGITS})$`);

export type AmountParts = { negative: boolean; marker: string | null; digits: string };

/** An amount's shape without its meaning: sign, currency marker as written, digits with separators; null when it is no amount. */
export function splitAmount(text: string): AmountParts | null {
  const match = AMOUNT.exec(text.trim());
  if (!match) return null;
  const [, signBefore = "", before = "", signAfter = "", digits = "", after = ""] = match;
  if ((signBefore && signAfter) || (before && after)) return null;
  return { negative: Boolean(signBefore || signAfter), marker: before || after || null, digits };
}

type Mark = "." | ",";
type MarkMeaning = "decimal" | "group" | "ambiguous";
type Digits =
  | { kind: "ok"; whole: string; fraction: string }
  | { kind: "malformed" }
  | { kind: "grouping" }
  /** A single mark before three digits that nothing decides: the digits either side of it. */
  | { kind: "ambiguous"; whole: string; fraction: string };

/** Whole and fraction digits of "1.200,50"-like text, by the rules above; `threeAfter` is rule 4. */
function splitDigits(text: string, threeAfter: (mark: Mark) => MarkMeaning): Digits {
  const pieces = text.split(/([.,'’ \u00A0\u202F\u2009])/);
  const runs = pieces.filter((_, index) => index % 2 === 0);
  const separators = pieces.filter((_, index) => index % 2 === 1);
  if (runs.some((run) => run === "")) return { kind: "malformed" };
  const marks = separators.filter((separator): separator is Mark => separator === "." || separator === ",");
  const last = separators.length - 1;
  let decimalAt = -1;
  if (new Set(marks).size === 2) {
    const mark = separators[last];
    if (mark !== "." && mark !== ",") return { kind: "malformed" };
    if (marks.filter((each) => each === mark).length > 1) return { kind: "malformed" };
    decimalAt = last;
  } else if (marks.length === 1) {
    const mark = marks[0] as Mark;
    if (separators.indexOf(mark) !== last) return { kind: "malformed" };
    const meaning = separators.length > 1 || runs[last + 1]?.length !== 3 ? "decimal" : threeAfter(mark);
    if (meaning === "ambiguous") return { kind: "ambiguous", whole: runs.slice(0, -1).join(""), fraction: runs[last + 1] ?? "" };
    if (meaning === "decimal") decimalAt = last;
  }
  const wholeRuns = decimalAt === -1 ? runs : runs.slice(0, -1);
  const grouping = new Set(decimalAt === -1 ? separators : separators.slice(0, -1));
  if (grouping.size > 1) return { kind: "malformed" };
  if (grouping.size === 1) {
    const [first = "", ...rest] = wholeRuns;
    if (first.length > 3 || rest.some((run) => run.length !== 3)) return { kind: "grouping" };
  }
  return { kind: "ok", whole: wholeRuns.join(""), fraction: decimalAt === -1 ? "" : (runs.at(-1) ?? "") };
}

const decimalSeparators = new Map<string, string | null>();

/** The locale's decimal separator ("," for de-DE), or null for a tag Intl refuses (the caller validated it, the reader stays total). */
function decimalSeparatorOf(locale: string): string | null {
  let separator = decimalSeparators.get(locale);
  if (separator === undefined) {
    try {
      separator = new Intl.NumberFormat(locale).formatToParts(1.1).find((part) => part.type === "decimal")?.value ?? null;
    } catch {
      separator = null;
    }
    decimalSeparators.set(locale, separator);
  }
  return separator;
}

function byLocale(mark: Mark, locale: string | undefined): MarkMeaning {
  const decimal = locale ? decimalSeparatorOf(locale) : null;
  if (decimal === mark) return "decimal";
  return decimal === "." || decimal === "," ? "group" : "ambiguous";
}

/** "." before three digits in the machine form (a quantity, a 3-decimal amount): a decimal point unless the locale groups with it. */
function machinePoint(locale: string | undefined): MarkMeaning {
  return locale && decimalSeparatorOf(locale) === "," ? "ambiguous" : "decimal";
}

/**
 * A machine decimal ("1.250", "KWD1.250") as `locale` reads it back: where "." may group (de-DE),
 * three fraction digits are ambiguous (rule 4), so they take a fourth, zero digit ("1.2500").
 */
export function machineFor(text: string, locale: string | undefined): string {
  return machinePoint(locale) === "ambiguous" && /\.\d{3}$/.test(text) ? `${text}0` : text;
}

/** Extra fraction digits beyond `limit` that are not all zeros. */
function tooPrecise(fraction: string, limit: number): boolean {
  return /[^0]/.test(fraction.slice(limit));
}

/** A decimal's machine form trimmed of trailing zeros down to `keep` digits: ("1", "200", 2) → "1.20". */
function machine(whole: string, fraction: string, keep: number): string {
  let digits = fraction.padEnd(keep, "0");
  while (digits.length > keep && digits.endsWith("0")) digits = digits.slice(0, -1);
  return digits ? `${whole}.${digits}` : whole;
}

function fail<Value>(expected: string): Reading<Value> {
  return { ok: false, expected };
}

/** "an amount such as €1,200.50 or 1200.50" with the currency's own digits; `grouped` shows a longer grouping. */
function amountExample(currency: string, grouped = "1,200"): string {
  const decimals = minorUnits(currency);
  const fraction = decimals ? `.${"5".padEnd(decimals, "0")}` : "";
  return `an amount such as ${symbolOf(currency)}${grouped}${fraction} or ${grouped.replaceAll(",", "")}${fraction}`;
}

export type AmountOptions = { currency: string; locale?: string | undefined };

/** An amount in integer minor units of `currency`: "€1,200.50" → 120050, "¥1,200" → 1200, "KWD1.250" → 1250. */
export function readAmount(text: string, { currency, locale }: AmountOptions): Reading<number> {
  const parts = splitAmount(text);
  if (!parts) return fail(amountExample(currency));
  if (parts.marker !== null) {
    const currencies = currenciesOfSymbol(parts.marker);
    if (currencies.length === 0) return fail(`a currency symbol or ISO code such as ${symbolOf(currency)} or ${currency}, not "${parts.marker}"`);
    if (!currencies.includes(currency)) return fail(`an amount in ${currency}: the amount is in ${parts.marker} but the invoice's currency is ${currency}`);
  }
  const decimals = minorUnits(currency);
  const split = splitDigits(parts.digits, (mark) => (decimals === 0 ? "group" : mark === "." && decimals === 3 ? machinePoint(locale) : byLocale(mark, locale)));
  if (split.kind === "malformed") return fail(amountExample(currency));
  if (split.kind === "grouping") return fail(`digits in groups of three after each grouping separator: ${amountExample(currency, "1,200,000")}`);
  if (split.kind === "ambiguous") {
    const grouped = machine(split.whole + split.fraction, "", decimals);
    return fail(`an unambiguous amount: write ${grouped} or ${machine(split.whole, split.fraction, decimals)}${locale ? "" : " (or add a LOCALE line)"}`);
  }
  if (tooPrecise(split.fraction, decimals)) return fail(decimals === 0 ? `no decimals for ${currency}` : `at most ${decimals} decimals for ${currency}`);
  const magnitude = BigInt(split.whole + split.fraction.slice(0, decimals).padEnd(decimals, "0"));
  if (magnitude > BigInt(MAX_AMOUNT)) return fail(`an amount within ±(2^53 − 1) minor units of ${currency}`);
  return { ok: true, value: parts.negative && magnitude !== 0n ? -Number(magnitude) : Number(magnitude) };
}

export type QuantityOptions = { locale?: string | undefined };

/** A quantity (or percentage) with at most 4 decimals, negative allowed: "1.5", "0,5", "-2", "1,000,000". */
export function readQuantity(text: string, { locale }: QuantityOptions = {}): Reading<number> {
  const match = QUANTITY.exec(text.trim());
  if (!match) return fail("a number such as 2, 1.5 or 0,25");
  const [, sign = "", digits = ""] = match;
  const split = splitDigits(digits, (mark) => (mark === "." ? machinePoint(locale) : byLocale(mark, locale)));
  if (split.kind === "malformed") return fail("a number such as 2, 1.5 or 0,25");
  if (split.kind === "grouping") return fail("digits in groups of three after each grouping separator, such as 1,000,000");
  if (split.kind === "ambiguous") {
    return fail(`an unambiguous number: write ${split.whole + split.fraction} or ${machine(split.whole, split.fraction, 0)}${locale ? "" : " (or add a LOCALE line)"}`);
  }
  if (tooPrecise(split.fraction, SCALE_DECIMALS)) return fail(`at most ${SCALE_DECIMALS} decimals`);
  const fraction = split.fraction.slice(0, SCALE_DECIMALS);
  // Number of a decimal string with ≤ 4 decimals is the value toScaled reads back, as long as the
  // digits fit a double's 15–17 significant ones; beyond that the number would silently change.
  const value = Number(`${sign ? "-" : ""}${split.whole}.${fraction || "0"}`) || 0;
  const scaled = BigInt(split.whole + fraction.padEnd(SCALE_DECIMALS, "0"));
  if (toScaled(value) !== (sign ? -scaled : scaled)) return fail("a number of at most 15 significant digits");
  return { ok: true, value };
}
