// A printed party block's lines (render/document.ts: name, address lines, country, e-mail, tax id)
// back into the invoice's from_* or bill_to_* fields, the address in render/address.ts's order.
// Apart from printed.ts because reading an address is its own small grammar, read from the end.
import { LABELS } from "../../../render/labels/index.ts";
import type { PostalAddress } from "../../domain/profile.ts";
import { countryCode, partyOf } from "../extract/parties.ts";
import { LANGUAGES } from "../extract/vocabulary.ts";
import type { Party } from "./printed-blocks.ts";

const TAX_ID_PREFIXES = [...new Set(LANGUAGES.map((language) => `${LABELS[language].taxId}${LABELS[language].colon}`))];
const EMAIL_LINE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** "10115 Berlin" read as postal code and city, by the extraction's party reader. */
function placeOf(line: string): { postal_code: string; city: string } | null {
  const address = partyOf(["name", line])?.address;
  return address?.postal_code && address.city && `${address.postal_code} ${address.city}` === line ? { postal_code: address.postal_code, city: address.city } : null;
}

/** The address lines back into fields, in render/address.ts's order: street lines, "postal code city", region. */
function addressOf(lines: readonly string[], country: string | null): PostalAddress | null {
  if (lines.length === 0 && !country) return null;
  const placeAt = lines.findLastIndex((line) => placeOf(line) !== null);
  const joined = (part: readonly string[]): string | null => (part.length > 0 ? part.join("\n") : null);
  if (placeAt < 0) {
    const [line1 = null, line2 = null, city = null, ...region] = lines;
    return { line1, line2, city, postal_code: null, region: joined(region), country };
  }
  const street = lines.slice(0, placeAt);
  return { line1: street[0] ?? null, line2: joined(street.slice(1)), ...(placeOf(lines[placeAt] as string) as { postal_code: string; city: string }), region: joined(lines.slice(placeAt + 1)), country };
}

export function partyFields(party: Party): Record<string, unknown> {
  const lines = [...party.lines];
  const prefix = (line: string | undefined) => TAX_ID_PREFIXES.find((each) => line?.startsWith(each));
  const taxPrefix = prefix(lines.at(-1));
  const taxId = taxPrefix ? (lines.pop() as string).slice(taxPrefix.length) : null;
  const email = lines.length > 1 && EMAIL_LINE.test(lines.at(-1) ?? "") ? (lines.pop() as string) : null;
  const country = lines.length > 1 ? countryCode(lines.at(-1) ?? "") : null;
  if (country) lines.pop();
  const [name = "", ...address] = lines;
  const key = party.role === "from" ? "from" : "bill_to";
  return {
    [`${key}_name`]: name,
    ...(email && { [`${key}_email`]: email }),
    ...(taxId && { [`${key}_tax_id`]: taxId }),
    ...(addressOf(address, country) && { [`${key}_address`]: addressOf(address, country) }),
  };
}
