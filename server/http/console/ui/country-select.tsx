// A country picked by its name in the person's language, from the countries the service accepts in
// an address (server/domain/countries.ts), sent as the ISO 3166 code the service stores. Shared by
// the account's profile and the clients form.
import type { JSX } from "preact";
import { COUNTRY_CODES } from "../../../domain/countries.ts";
import { displayLocale, t } from "./i18n/index.ts";

type Option = { code: string; name: string };

/** Per display locale: naming and sorting some 250 countries is done once per language, not per render. */
const optionsByLocale = new Map<string, Option[]>();

/** Every accepted country, named in `locale` and in that language's alphabetical order. */
function countryOptions(locale: string): Option[] {
  const known = optionsByLocale.get(locale);
  if (known) return known;
  const names = new Intl.DisplayNames([locale], { type: "region", fallback: "code" });
  const order = new Intl.Collator(locale);
  const options = COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => order.compare(a.name, b.name));
  optionsByLocale.set(locale, options);
  return options;
}

type Props = Omit<JSX.SelectHTMLAttributes<HTMLSelectElement>, "value"> & {
  name: string;
  /** The stored code (or null); a code the list lacks stays offered as it is, so saving never drops it. */
  value: string | null;
};

/** A select of countries for a form read through FormData (uncontrolled: what the person picks stays picked). */
export function CountrySelect({ value, ...attributes }: Props): JSX.Element {
  const options = countryOptions(displayLocale());
  const stored = value?.toUpperCase() ?? "";
  const unlisted = stored !== "" && !options.some((option) => option.code === stored);
  return (
    <select {...attributes}>
      <option value="" selected={stored === ""}>
        {t("account.countryUnset")}
      </option>
      {unlisted && (
        <option value={stored} selected>
          {stored}
        </option>
      )}
      {options.map((option) => (
        <option key={option.code} value={option.code} selected={option.code === stored}>
          {option.name}
        </option>
      ))}
    </select>
  );
}
