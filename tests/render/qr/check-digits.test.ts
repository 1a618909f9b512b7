// ISO 7064 MOD 97-10 on published examples: IBANs of the shortest (Norway, 15) and longest
// (Malta, 31) SEPA formats and others, and the ISO 11649 sample creditor reference.
import { describe, expect, test } from "bun:test";
import { compact, isBic, isCreditorReference, isIban } from "../../../render/qr/check-digits.ts";

describe("isIban", () => {
  test.each(["NO9386011117947", "BE71096123456769", "DE89370400440532013000", "GB82WEST12345698765432", "FR1420041010050500013M02606", "MT84MALT011000012345MTLCAST001S"])(
    "%s is valid",
    (iban) => expect(isIban(iban)).toBe(true),
  );

  test.each([
    ["a changed digit", "DE89370400440532013001"],
    ["swapped check digits", "DE98370400440532013000"],
    ["too short", "DE8937040044"],
    ["not compacted", "DE89 3704 0044 0532 0130 00"],
    ["lower case", "de89370400440532013000"],
    ["no country", "8937040044053201300000"],
  ])("%s is refused", (_, iban) => expect(isIban(iban)).toBe(false));

  test("compact gives the electronic form printed IBANs are checked in", () => {
    expect(isIban(compact(" de89 3704 0044\t0532 0130 00 "))).toBe(true);
  });
});

describe("isCreditorReference", () => {
  test.each(["RF18539007547034", "RF18000000000539007547034", "RF712348231"])("%s is valid", (reference) => expect(isCreditorReference(reference)).toBe(true));

  test.each([
    ["wrong check digits", "RF19539007547034"],
    ["check digits 01", "RF01539007547034"],
    ["more than 21 characters after the check digits", "RF180000000000539007547034"],
    ["not RF", "XX18539007547034"],
    ["nothing after the check digits", "RF18"],
  ])("%s is refused", (_, reference) => expect(isCreditorReference(reference)).toBe(false));
});

describe("isBic", () => {
  test.each([
    ["COBADEFF", true],
    ["COBADEFFXXX", true],
    ["BYLADEM1001", true],
    ["COBADEF", false],
    ["COBADEFFXX", false],
    ["COBA1EFF", false],
  ])("%s → %p", (bic, valid) => expect(isBic(bic)).toBe(valid));
});
