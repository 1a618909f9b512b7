// ISO 4217 minor units, bundled because runtimes disagree on Intl's digits (IQD is 3 in Bun, 0 in
// Deno and Node). Every active code not listed under 0, 3 or 4 has two decimals.

const ZERO_DECIMALS = "BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF";
const THREE_DECIMALS = "BHD IQD JOD KWD LYD OMR TND";
const FOUR_DECIMALS = "CLF UYW";
const TWO_DECIMALS =
  "AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BOV BRL BSD BTN BWP BYN BZD " +
  "CAD CDF CHE CHF CHW CNY COP COU CRC CUC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL " +
  "GHS GIP GMD GTQ GYD HKD HNL HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD " +
  "LSL MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN " +
  "PGK PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE SLL SOS SRD SSP STN SVC SYP SZL " +
  "THB TJS TMT TOP TRY TTD TWD TZS UAH USD USN UYU UZS VED VES WST XCD XCG YER ZAR ZMW ZWG ZWL";

function table(): Map<string, number> {
  const exponents = new Map<string, number>();
  const groups: Array<[string, number]> = [
    [ZERO_DECIMALS, 0],
    [TWO_DECIMALS, 2],
    [THREE_DECIMALS, 3],
    [FOUR_DECIMALS, 4],
  ];
  for (const [codes, exponent] of groups) for (const code of codes.split(" ")) exponents.set(code, exponent);
  return exponents;
}

const MINOR_UNITS = table();

export const CURRENCY_CODES: readonly string[] = [...MINOR_UNITS.keys()].sort();

export function isCurrencyCode(code: string): boolean {
  return MINOR_UNITS.has(code);
}

/** Digits after the decimal point for a currency; unknown codes never reach here (validated on input). */
export function minorUnits(code: string): number {
  return MINOR_UNITS.get(code) ?? 2;
}
