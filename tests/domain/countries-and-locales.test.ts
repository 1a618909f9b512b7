// What an address's country and a locale may be (server/domain/countries.ts, supportedLocale in
// server/domain/locale.ts): the ISO 3166-1 countries and Kosovo, and locales the runtime formats in,
// in a country when they name one.
import { expect, test } from "bun:test";
import { COUNTRY_CODES, isCountryCode } from "../../server/domain/countries.ts";
import { supportedLocale } from "../../server/domain/locale.ts";

test("249 ISO 3166-1 countries and Kosovo, each one Intl can name; groups and unassigned codes are none", () => {
  expect(COUNTRY_CODES).toHaveLength(250);
  expect(new Set(COUNTRY_CODES).size).toBe(250);
  const names = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
  expect(COUNTRY_CODES.filter((code) => names.of(code) === undefined)).toEqual([]);
  for (const code of ["DE", "GR", "XK", "US"]) expect(isCountryCode(code)).toBe(true);
  for (const code of ["XX", "EU", "UN", "EL", "ZZ", "de", "DEU"]) expect(isCountryCode(code)).toBe(false);
});

test.each([
  ["de-DE", "de-DE"],
  ["de-de", "de-DE"],
  ["fr", "fr"],
  ["sr-Latn-RS", "sr-Latn-RS"],
  ["en-XK", "en-XK"],
])("%s is supported, spelled %s", (tag, spelled) => {
  expect(supportedLocale(tag)).toBe(spelled);
});

test.each(["klingon", "tlh", "zz", "de-XX", "en-EU", "not a locale!", ""])("%s is not a supported locale", (tag) => {
  expect(supportedLocale(tag)).toBeUndefined();
});
