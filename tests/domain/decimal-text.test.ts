// Human-written amounts and quantities read exactly, by the separator rules at the top of
// server/domain/decimal-text.ts: every accepted form with its minor units, every refusal with what
// it asks for instead.
import { describe, expect, test } from "bun:test";
import { currenciesOfSymbol, readAmount, readQuantity, symbolOf } from "../../server/domain/decimal-text.ts";

const NBSP = "\u00A0";
const NARROW_NBSP = "\u202F";
const THIN = "\u2009";

describe("amounts accepted", () => {
  test.each([
    ["€1,200.50", "EUR", 120_050],
    ["1.200,50 €", "EUR", 120_050],
    ["EUR 1200.5", "EUR", 120_050],
    ["1200.50EUR", "EUR", 120_050],
    ["$12", "USD", 1_200],
    ["US$12", "USD", 1_200],
    ["¥1200", "JPY", 1_200],
    ["¥1,200", "JPY", 1_200],
    ["¥1.200", "JPY", 1_200],
    ["1 200,50", "EUR", 120_050],
    [`1${NBSP}200,50`, "EUR", 120_050],
    [`1${NARROW_NBSP}200,50`, "EUR", 120_050],
    [`1${THIN}200,50`, "EUR", 120_050],
    ["1'200.50", "CHF", 120_050],
    ["CHF 1’234.50", "CHF", 123_450],
    ["1 234 567,89 €", "EUR", 123_456_789],
    ["1,200,000", "EUR", 120_000_000],
    ["1.200.000", "EUR", 120_000_000],
    ["1.200.000,5", "EUR", 120_000_050],
    ["-€5.00", "EUR", -500],
    ["€-5.00", "EUR", -500],
    ["−€5", "EUR", -500],
    ["-0.00", "EUR", 0],
    ["KWD1.250", "KWD", 1_250],
    ["KWD 12.5", "KWD", 12_500],
    ["-KWD3.005", "KWD", -3_005],
    ["CLF1.2345", "CLF", 12_345],
    ["120", "EUR", 12_000],
    ["89.5", "EUR", 8_950],
    ["0,5", "EUR", 50],
    ["1200.5000", "EUR", 120_050],
    ["£3", "GBP", 300],
    ["R$10,00", "BRL", 1_000],
    ["10 zł", "PLN", 1_000],
    ["9007199254740991", "JPY", Number.MAX_SAFE_INTEGER],
  ])("%p in %s = %p", (text, currency, minor) => {
    expect(readAmount(text, { currency })).toEqual({ ok: true, value: minor });
  });

  test("a single separator before three digits: the locale decides when the currency does not", () => {
    expect(readAmount("1,200", { currency: "EUR", locale: "en-US" })).toEqual({ ok: true, value: 120_000 });
    expect(readAmount("1,200", { currency: "EUR", locale: "de-DE" })).toEqual({ ok: true, value: 120 });
    expect(readAmount("€1.234", { currency: "EUR", locale: "de-DE" })).toEqual({ ok: true, value: 123_400 });
    expect(readAmount("€1.500", { currency: "EUR", locale: "en-US" })).toEqual({ ok: true, value: 150 });
    expect(readAmount("KWD1,250", { currency: "KWD", locale: "en" })).toEqual({ ok: true, value: 1_250_000 });
  });
});

describe("amounts refused", () => {
  test.each([
    ["1,200", "EUR", undefined, "an unambiguous amount: write 1200.00 or 1.20 (or add a LOCALE line)"],
    ["€1.234", "EUR", undefined, "an unambiguous amount: write 1234.00 or 1.234 (or add a LOCALE line)"],
    ["KWD1,250", "KWD", undefined, "an unambiguous amount: write 1250.000 or 1.250 (or add a LOCALE line)"],
    ["$5", "EUR", undefined, "an amount in EUR: the amount is in $ but the invoice's currency is EUR"],
    ["¥5", "USD", undefined, "an amount in USD: the amount is in ¥ but the invoice's currency is USD"],
    ["EUR 5", "CHF", undefined, "an amount in CHF: the amount is in EUR but the invoice's currency is CHF"],
    ["12 kr", "EUR", undefined, 'a currency symbol or ISO code such as € or EUR, not "kr"'],
    ["5 eur", "EUR", undefined, 'a currency symbol or ISO code such as € or EUR, not "eur"'],
    ["€1.234", "EUR", "en-US", "at most 2 decimals for EUR"],
    ["1.5", "JPY", undefined, "no decimals for JPY"],
    ["KWD1.2345", "KWD", undefined, "at most 3 decimals for KWD"],
    ["99999999999999999", "EUR", undefined, "an amount within ±(2^53 − 1) minor units of EUR"],
    ["9007199254740992", "JPY", undefined, "an amount within ±(2^53 − 1) minor units of JPY"],
    ["abc", "EUR", undefined, "an amount such as €1,200.50 or 1200.50"],
    ["", "JPY", undefined, "an amount such as ¥1,200 or 1200"],
    ["€", "KWD", undefined, "an amount such as KWD1,200.500 or 1200.500"],
    ["1..2", "EUR", undefined, "an amount such as €1,200.50 or 1200.50"],
    ["1,200.50.3", "EUR", undefined, "an amount such as €1,200.50 or 1200.50"],
    ["1.200 000", "EUR", undefined, "an amount such as €1,200.50 or 1200.50"],
    ["1,2,3", "EUR", undefined, "digits in groups of three after each grouping separator: an amount such as €1,200,000.50 or 1200000.50"],
    ["12345,678.00", "USD", undefined, "digits in groups of three after each grouping separator: an amount such as $1,200,000.50 or 1200000.50"],
    ["€5 €", "EUR", undefined, "an amount such as €1,200.50 or 1200.50"],
    ["--5", "EUR", undefined, "an amount such as €1,200.50 or 1200.50"],
    ["- 5", "EUR", undefined, "an amount such as €1,200.50 or 1200.50"],
  ])("%p in %s (locale %p)", (text, currency, locale, expected) => {
    expect(readAmount(text, { currency, locale })).toEqual({ ok: false, expected });
  });
});

describe("quantities", () => {
  test.each([
    ["1.5", 1.5],
    ["0,5", 0.5],
    ["-2", -2],
    ["−2", -2],
    ["1.125", 1.125],
    ["0.0001", 0.0001],
    ["2.50000", 2.5],
    ["1,000,000", 1_000_000],
    ["1 000,25", 1_000.25],
    ["-0", 0],
  ])("%p = %p", (text, value) => {
    expect(readQuantity(text)).toEqual({ ok: true, value });
  });

  test.each([
    ["1.12345", undefined, "at most 4 decimals"],
    ["1,000", undefined, "an unambiguous number: write 1000 or 1 (or add a LOCALE line)"],
    ["two", undefined, "a number such as 2, 1.5 or 0,25"],
    ["1e3", undefined, "a number such as 2, 1.5 or 0,25"],
    ["12345678901234567", undefined, "a number of at most 15 significant digits"],
  ])("%p refused", (text, locale, expected) => {
    expect(readQuantity(text, { locale })).toEqual({ ok: false, expected });
  });

  test("a comma before three digits is the locale's to decide", () => {
    expect(readQuantity("1,000", { locale: "de-DE" })).toEqual({ ok: true, value: 1 });
    expect(readQuantity("1,000", { locale: "en-US" })).toEqual({ ok: true, value: 1_000 });
  });
});

describe("currency symbols", () => {
  test("the exporter's symbol, else the ISO code", () => {
    expect(["EUR", "USD", "CAD", "GBP", "JPY", "CNY", "INR", "PLN", "CZK", "BRL", "CHF", "SEK", "KWD"].map(symbolOf)).toEqual([
      "€", "$", "$", "£", "¥", "¥", "₹", "zł", "Kč", "R$", "CHF", "SEK", "KWD",
    ]);
  });

  test("a symbol identifies a currency only when it names exactly one", () => {
    expect(currenciesOfSymbol("€")).toEqual(["EUR"]);
    expect(currenciesOfSymbol("£")).toEqual(["GBP"]);
    expect(currenciesOfSymbol("¥")).toEqual(["JPY", "CNY"]);
    expect(currenciesOfSymbol("$")).toContain("USD");
    expect(currenciesOfSymbol("$").length).toBeGreaterThan(1);
    expect(currenciesOfSymbol("CHF")).toEqual(["CHF"]);
    expect(currenciesOfSymbol("kr")).toEqual([]);
  });

  test("every currency's written symbol reads back as a set holding that currency", () => {
    for (const currency of ["EUR", "USD", "MXN", "JPY", "CNY", "KRW", "THB", "NGN", "CHF", "KWD", "CLF"]) {
      expect(currenciesOfSymbol(symbolOf(currency))).toContain(currency);
    }
  });
});
