// A party's printed block (name, street, "postal code city", region, country, e-mail, tax id) read
// back into the invoice's fields. The renderer prints render/address.ts's order; other invoices
// mostly follow one of the forms recognised here ("10115 Berlin", "London EC1A 1AA",
// "Springfield, IL 62701"). Country names are Intl's, in every label language.
import type { PostalAddress } from "../../domain/profile.ts";
import { fieldLabel, labelKey, LANGUAGES } from "./vocabulary.ts";

export type PartyFields = {
  name: string;
  email: string | null;
  tax_id: string | null;
  address: PostalAddress | null;
};

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;
const PHONE = /^(?:(?:tel|phone|fon|telefon|téléphone|telefono|teléfono|telefoon|電話)\b[.:]?\s*)?\+?[\d\s()./-]{7,}$/i;
const WEB = /^(?:https?:\/\/|www\.)\S+$/i;

/**
 * Postal code then city, as the renderer prints every address and most of Europe writes it:
 * "10115 Berlin", "1012 AB Amsterdam", "1000-001 Lisboa", "100-0001 千代田区", "EC1A 1AA London".
 */
const CODE_CITY = /^((?:[A-Z]{1,2}-)?\d{4,5}(?:-\d{4})?(?: ?[A-Z]{2}(?=\s))?|\d{4}-\d{3}|\d{3}-\d{4}|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}|[A-Z]\d[A-Z] ?\d[A-Z]\d)\s+(\D.*)$/;
/** City then postal code: UK ("London EC1A 1AA"), US and Canada ("Springfield, IL 62701", "Toronto, ON M5V 2T6"). */
const CITY_CODE = /^(\D+?),?\s+(?:([A-Z]{2})\s+)?([A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}|\d{5}(?:-\d{4})?|[A-Z]\d[A-Z] ?\d[A-Z]\d)$/;

const COUNTRIES: ReadonlyMap<string, string> = (() => {
  const names = new Map<string, string>();
  const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  // Intl still names withdrawn and reserved codes ("France" is FX as well as FR, "United Kingdom" UK
  // as well as GB); maximizing turns each into the code in use, so only the codes in use are kept.
  const codes = [...letters]
    .flatMap((first) => [...letters].map((second) => first + second))
    .filter((code) => new Intl.Locale(`und-${code}`).maximize().region === code);
  for (const language of LANGUAGES) {
    const display = new Intl.DisplayNames(language, { type: "region", fallback: "none" });
    for (const code of codes) {
      let name: string | undefined;
      try {
        name = display.of(code);
      } catch {
        name = undefined;
      }
      if (name && name !== code) names.set(labelKey(name), code);
    }
  }
  for (const [alias, code] of [["USA", "US"], ["UK", "GB"], ["U.S.A.", "US"], ["England", "GB"], ["Holland", "NL"]] as const) names.set(labelKey(alias), code);
  return names;
})();

/** An ISO 3166 code for a country's name in any label language ("Deutschland", "Allemagne", "ドイツ"). */
export function countryCode(text: string): string | null {
  return COUNTRIES.get(labelKey(text)) ?? null;
}

function place(line: string): { city: string; postal_code: string; region: string | null } | null {
  const codeFirst = CODE_CITY.exec(line);
  if (codeFirst) return { postal_code: codeFirst[1] as string, city: (codeFirst[2] as string).trim(), region: null };
  const cityFirst = CITY_CODE.exec(line);
  if (cityFirst) return { city: (cityFirst[1] as string).trim(), region: cityFirst[2] ?? null, postal_code: cityFirst[3] as string };
  return null;
}

/** An address too long for its column wraps: "contabilidade@conservas.exa" / "mple" is one. */
function joinWrappedEmails(lines: readonly string[]): string[] {
  const joined: string[] = [];
  const whole = new RegExp(`^${EMAIL.source}$`);
  for (const line of lines) {
    const previous = joined.at(-1);
    if (previous && whole.test(previous) && /^\S+$/.test(line) && whole.test(previous + line) && !whole.test(line)) joined[joined.length - 1] = previous + line;
    else joined.push(line);
  }
  return joined;
}

/**
 * The block's lines as a party: the name first; e-mail, tax id, phone and country by their look;
 * of the rest, the last line shaped like "postal code city" is the place (a street may start with a
 * long house number), lines before it the street, a line after it the region.
 */
export function partyOf(lines: readonly string[]): PartyFields | null {
  const [first, ...rest] = lines.map((line) => line.trim()).filter(Boolean);
  if (!first) return null;
  const party: PartyFields = { name: first.replace(/,$/, ""), email: null, tax_id: null, address: null };
  const postal: string[] = [];
  let country: string | null = null;
  for (const line of joinWrappedEmails(rest)) {
    const label = fieldLabel(line);
    const email = EMAIL.exec(line);
    if (label?.role === "taxId" && label.rest) party.tax_id = label.rest.replace(/\s+/g, "");
    else if (email) party.email = email[0];
    else if (PHONE.test(line) || WEB.test(line)) continue;
    else if (countryCode(line)) country = countryCode(line);
    else postal.push(line);
  }
  const placeAt = postal.findLastIndex((line) => place(line) !== null);
  const found = placeAt >= 0 ? place(postal[placeAt] as string) : null;
  const street = placeAt >= 0 ? postal.slice(0, placeAt) : postal;
  const region = found?.region ?? (placeAt >= 0 ? (postal[placeAt + 1] ?? null) : null);
  if (street.length > 0 || found || country) {
    party.address = {
      line1: street[0] ?? null,
      line2: street.length > 1 ? street.slice(1).join(", ") : null,
      city: found?.city ?? null,
      postal_code: found?.postal_code ?? null,
      region,
      country,
    };
  }
  return party;
}
