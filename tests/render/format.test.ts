// Localized numbers and dates: exact for every safe amount (a float route loses KWD's last digit at
// 2^53−1), the ISO 4217 digits whatever Intl thinks, and dates that no time zone can shift.
import { afterEach, describe, expect, test } from "bun:test";
import { formatCountry, formatDate, formatMoney, formatPercent, formatQuantity, machineAmount, machineNumber } from "../../render/format.ts";

const MAX = Number.MAX_SAFE_INTEGER;
const NBSP = "\u00a0";
const NNBSP = "\u202f";

describe("formatMoney", () => {
  test("EUR in de-DE, fr-FR and en", () => {
    expect(formatMoney(123_450, "EUR", "de-DE")).toBe(`1.234,50${NBSP}€`);
    expect(formatMoney(123_450, "EUR", "fr-FR")).toBe(`1${NNBSP}234,50${NBSP}€`);
    expect(formatMoney(123_450, "EUR", "en")).toBe("€1,234.50");
    expect(formatMoney(5, "EUR", "de-DE")).toBe(`0,05${NBSP}€`);
  });

  test("JPY has no decimals, KWD three", () => {
    expect(formatMoney(1_980, "JPY", "ja-JP")).toBe("￥1,980");
    expect(formatMoney(1_980, "JPY", "en-US")).toBe("¥1,980");
    expect(formatMoney(1_250, "KWD", "en")).toBe(`KWD${NBSP}1.250`);
    expect(formatMoney(5, "KWD", "en")).toBe(`KWD${NBSP}0.005`);
  });

  test("negative amounts, including those under one unit", () => {
    expect(formatMoney(-123_456, "EUR", "en")).toBe("-€1,234.56");
    expect(formatMoney(-5, "EUR", "de-DE")).toBe(`-0,05${NBSP}€`);
    expect(formatMoney(-1, "KWD", "en")).toBe(`-KWD${NBSP}0.001`);
    expect(formatMoney(-1_980, "JPY", "ja-JP")).toBe("-￥1,980");
  });

  test("exact at ±(2^53−1) minor units in every digit count", () => {
    expect(formatMoney(MAX, "EUR", "en")).toBe("€90,071,992,547,409.91");
    expect(formatMoney(MAX, "KWD", "en")).toBe(`KWD${NBSP}9,007,199,254,740.991`);
    expect(formatMoney(-MAX, "JPY", "ja-JP")).toBe("-￥9,007,199,254,740,991");
    expect(formatMoney(MAX, "CLF", "en")).toBe(`CLF${NBSP}900,719,925,474.0991`);
    // What the float route gives, and why it is not taken.
    expect(new Intl.NumberFormat("en", { minimumFractionDigits: 3 }).format(MAX / 1000)).not.toBe("9,007,199,254,740.991");
  });

  test("the fraction is written in the locale's own digits", () => {
    const arabic = formatMoney(1_005, "KWD", "ar-KW");
    expect(arabic).toContain("١٫٠٠٥");
    expect(arabic).not.toMatch(/[0-9]/);
  });
});

describe("formatQuantity and formatPercent", () => {
  test("as many decimals as the value has, up to four, localized", () => {
    expect(formatQuantity(1_234.5, "de-DE")).toBe("1.234,5");
    expect(formatQuantity(10, "de-DE")).toBe("10");
    expect(formatQuantity(0.0001, "en")).toBe("0.0001");
    expect(formatQuantity(-2.25, "fr-FR")).toBe("-2,25");
    expect(formatQuantity(123_456_789_012.3456, "en")).toBe("123,456,789,012.3456");
  });

  test("a percentage is the number of percent, never multiplied", () => {
    expect(formatPercent(19, "de-DE")).toBe(`19${NBSP}%`);
    expect(formatPercent(7.5, "fr-FR")).toBe(`7,5${NBSP}%`);
    expect(formatPercent(8.875, "en-US")).toBe("8.875%");
    expect(formatPercent(10, "ja-JP")).toBe("10%");
    expect(formatPercent(0, "en")).toBe("0%");
  });

  test("more than four decimals is refused, not rounded", () => {
    expect(() => formatQuantity(0.00001, "en")).toThrow("more than 4 decimals");
  });
});

describe("machine decimals", () => {
  test("amounts carry the currency's digits; quantities and rates only the digits they have", () => {
    expect(machineAmount(123_450, "EUR")).toBe("1234.50");
    expect(machineAmount(-5, "EUR")).toBe("-0.05");
    expect(machineAmount(1_980, "JPY")).toBe("1980");
    expect(machineAmount(MAX, "KWD")).toBe("9007199254740.991");
    expect(machineNumber(1.5)).toBe("1.5");
    expect(machineNumber(19)).toBe("19");
  });
});

describe("formatDate", () => {
  const zone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zone;
  });

  test("long and short dates per locale", () => {
    expect(formatDate("2026-11-01", "de-DE")).toBe("1. November 2026");
    expect(formatDate("2026-11-01", "de-DE", "short")).toBe("01.11.26");
    expect(formatDate("2026-11-01", "fr-FR")).toBe("1 novembre 2026");
    expect(formatDate("2026-11-01", "ja-JP")).toBe("2026年11月1日");
    expect(formatDate("2026-11-01", "en-US")).toBe("November 1, 2026");
    expect(formatDate("2026-11-01", "en-US", "short")).toBe("11/1/26");
  });

  test("the same day in every server time zone", () => {
    for (const name of ["Pacific/Kiritimati", "Etc/GMT+12", "America/Los_Angeles", "UTC"]) {
      process.env.TZ = name;
      expect({ name, date: formatDate("2026-01-01", "en-US") }).toEqual({ name, date: "January 1, 2026" });
    }
  });

  test("years below 100 stay as written", () => {
    expect(formatDate("0099-12-31", "en-US")).toBe("December 31, 99");
  });

  test("a malformed date is refused", () => {
    expect(() => formatDate("2026-1-1", "en")).toThrow("not a YYYY-MM-DD date");
  });
});

test("formatCountry names a country in the locale's language", () => {
  expect(formatCountry("DE", "fr-FR")).toBe("Allemagne");
  expect(formatCountry("JP", "ja-JP")).toBe("日本");
});

test("formats stay right after more locales than the Intl caches hold (the oldest are dropped)", () => {
  const regions = Array.from({ length: 26 * 12 }, (_, index) => `${String.fromCharCode(65 + (index % 26))}${String.fromCharCode(65 + Math.floor(index / 26))}`);
  for (const region of regions) {
    const locale = `en-${region}`;
    formatDate("2026-11-01", locale);
    formatCountry("DE", locale);
    formatMoney(123_450, "EUR", locale);
  }
  expect(formatDate("2026-11-01", "de-DE")).toBe("1. November 2026");
  expect(formatCountry("DE", "fr-FR")).toBe("Allemagne");
  expect(formatMoney(123_450, "EUR", "de-DE")).toBe(`1.234,50${NBSP}€`);
  expect(formatDate("2026-11-01", "en-US")).toBe("November 1, 2026");
});
