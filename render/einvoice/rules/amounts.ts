// Exact decimal arithmetic on the model's amount strings. A value is an integer of units at a scale
// (10^-scale): "1255.48" is 125548n at scale 2, so no sum or product ever passes through a float and
// a rule compares exactly what the file will say.
import { formatDecimal } from "../../decimal.ts";

export type Exact = { units: bigint; scale: number };

/** xs:decimal's lexical form: a sign, digits, an optional point and fraction, at least one digit. */
const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** Thrown by `amount` so that every rule computing with a non-number fails, as xs:decimal() does. */
export class NotADecimal extends Error {
  readonly term: string;
  readonly path: string;
  readonly text: string | null;

  constructor(term: string, path: string, text: string | null) {
    super(`${path} is not a decimal number`);
    this.name = "NotADecimal";
    this.term = term;
    this.path = path;
    this.text = text;
  }
}

export function parseExact(text: string | null | undefined): Exact | null {
  const match = text === null || text === undefined ? null : DECIMAL.exec(text.trim());
  const [, sign = "", whole = "", fraction = ""] = match ?? [];
  if (!match || whole + fraction === "") return null;
  const units = BigInt(whole + fraction);
  return { units: sign === "-" ? -units : units, scale: fraction.length };
}

/** The amount at `path`, or NotADecimal naming the term: the rule that asked cannot hold. */
export function amount(text: string | null | undefined, term: string, path: string): Exact {
  const value = parseExact(text);
  if (!value) throw new NotADecimal(term, path, text ?? null);
  return value;
}

function unitsAt(value: Exact, scale: number): bigint {
  return value.units * 10n ** BigInt(scale - value.scale);
}

export function compare(a: Exact, b: Exact): -1 | 0 | 1 {
  const scale = Math.max(a.scale, b.scale);
  const [x, y] = [unitsAt(a, scale), unitsAt(b, scale)];
  return x < y ? -1 : x > y ? 1 : 0;
}

export const equal = (a: Exact, b: Exact): boolean => compare(a, b) === 0;

export function add(a: Exact, b: Exact): Exact {
  const scale = Math.max(a.scale, b.scale);
  return { units: unitsAt(a, scale) + unitsAt(b, scale), scale };
}

export const negate = (a: Exact): Exact => ({ units: -a.units, scale: a.scale });
export const subtract = (a: Exact, b: Exact): Exact => add(a, negate(b));
export const abs = (a: Exact): Exact => (a.units < 0n ? negate(a) : a);
export const sum = (values: Exact[]): Exact => values.reduce(add, { units: 0n, scale: 0 });
export const multiply = (a: Exact, b: Exact): Exact => ({ units: a.units * b.units, scale: a.scale + b.scale });
export const ZERO: Exact = { units: 0n, scale: 0 };
export const ONE: Exact = { units: 1n, scale: 0 };

function floorDivide(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  return numerator % denominator !== 0n && numerator < 0n !== denominator < 0n ? quotient - 1n : quotient;
}

/** XPath round() to `decimals` places: the nearest value, a half toward positive infinity. */
export function round(value: Exact, decimals: number): Exact {
  if (value.scale <= decimals) return value;
  const divisor = 10n ** BigInt(value.scale - decimals);
  return { units: floorDivide(value.units * 2n + divisor, 2n * divisor), scale: decimals };
}

/** Digits after the point, as the BR-DEC rules count them: string-length(substring-after(x, '.')). */
export function fractionDigits(text: string): number {
  const point = text.indexOf(".");
  return point < 0 ? 0 : text.length - point - 1;
}

/** For messages: "1255.48", "827.1" → "827.10". */
export const show = (value: Exact): string => formatDecimal(value.units, value.scale, 2);
