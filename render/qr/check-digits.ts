// ISO 7064 MOD 97-10 check digits, shared by the IBAN (ISO 13616) and the RF creditor reference
// (ISO 11649): both move their first four characters to the end, read letters as 10–35 and are
// valid when the number leaves remainder 1 when divided by 97. The API checks an IBAN's shape only,
// so a typo reaches us here and must not end up in a payment QR code.

/** Electronic form: spaces (printed in groups of four) removed, letters upper-case. */
export function compact(text: string): string {
  return text.replace(/\s+/g, "").toUpperCase();
}

/** Remainder modulo 97 of the digits spelled by `text` (A = 10 … Z = 35), digit group by group. */
function mod97(text: string): number {
  let remainder = 0;
  for (const character of text) {
    const value = Number.parseInt(character, 36);
    remainder = (remainder * (value < 10 ? 10 : 100) + value) % 97;
  }
  return remainder;
}

const checksOut = (compacted: string): boolean => mod97(compacted.slice(4) + compacted.slice(0, 4)) === 1;

/** A compacted IBAN: country, two check digits, 11–30 alphanumerics (15–34 in all), MOD 97 = 1. */
export function isIban(compacted: string): boolean {
  return /^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(compacted) && checksOut(compacted);
}

/** A compacted RF creditor reference: "RF", two check digits, 1–21 alphanumerics, MOD 97 = 1. */
export function isCreditorReference(compacted: string): boolean {
  return /^RF[0-9]{2}[A-Z0-9]{1,21}$/.test(compacted) && checksOut(compacted);
}

/** A compacted BIC (ISO 9362): bank, country, location, optional branch: 8 or 11 characters. */
export function isBic(compacted: string): boolean {
  return /^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(compacted);
}
