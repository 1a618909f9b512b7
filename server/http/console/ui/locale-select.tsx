// The account's invoice locale, picked by name in the person's language. The service has no list
// of locales: it takes any tag whose language the runtime formats and whose region is a country
// (supportedLocale in server/domain/locale.ts). So the choice offered is what a business would
// pick, each held to that same rule: every country's own locale (localeOfRegion, the locale the
// service gives a document from there) and, for the languages invoices are labelled in, each
// country this browser has formatting data for in that language (de-AT, fr-CH, en-IE, es-US…).
import type { JSX } from "preact";
import type { LabelLanguage } from "../../../../render/labels/index.ts";
import { COUNTRY_CODES } from "../../../domain/countries.ts";
import { localeOfRegion, supportedLocale } from "../../../domain/locale.ts";
import { displayLocale, LANGUAGES, t, type Language } from "./i18n/index.ts";

type Option = { tag: string; name: string };

/** The console speaks exactly the languages invoices are labelled in (render/labels). */
const LABEL_LANGUAGES: readonly LabelLanguage[] = Object.keys(LANGUAGES) as Language[];

/** Whether Intl formats `tag` with data of its own, rather than falling back to the bare language. */
function hasOwnData(tag: string): boolean {
  return new Intl.NumberFormat(tag).resolvedOptions().locale === tag;
}

let offered: string[] | null = null;

/** The tags offered, worked out once: they do not depend on the language they are named in. */
function offeredTags(): string[] {
  if (offered) return offered;
  const tags = new Set<string>();
  for (const country of COUNTRY_CODES) {
    const own = localeOfRegion(country);
    if (own) tags.add(own);
    for (const language of LABEL_LANGUAGES) if (hasOwnData(`${language}-${country}`)) tags.add(`${language}-${country}`);
  }
  offered = [...tags].filter((tag) => supportedLocale(tag) === tag);
  return offered;
}

/** "standard" names every tag alike, language then region ("German (Austria)", not "Austrian German"), so the list sorts by language. */
function languageNames(locale: string): Intl.DisplayNames {
  return new Intl.DisplayNames([locale], { type: "language", languageDisplay: "standard", fallback: "code" });
}

const optionsByLocale = new Map<string, Option[]>();

/** The offered locales named in `locale` ("German (Austria)"), in that language's alphabetical order. */
function localeOptions(locale: string): Option[] {
  const known = optionsByLocale.get(locale);
  if (known) return known;
  const names = languageNames(locale);
  const order = new Intl.Collator(locale);
  const options = offeredTags()
    .map((tag) => ({ tag, name: names.of(tag) ?? tag }))
    .sort((a, b) => order.compare(a.name, b.name));
  optionsByLocale.set(locale, options);
  return options;
}

/** A stored tag's name; one Intl cannot read (stored before tags were checked) shows as it is. */
function nameOf(tag: string, locale: string): string {
  try {
    return languageNames(locale).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

type Props = Omit<JSX.SelectHTMLAttributes<HTMLSelectElement>, "value"> & {
  name: string;
  /** The stored tag (or null); one the list lacks (a bare language, an unusual pairing) stays offered as it is. */
  value: string | null;
};

/** A select of locales for a form read through FormData (uncontrolled: what the person picks stays picked). */
export function LocaleSelect({ value, ...attributes }: Props): JSX.Element {
  const options = localeOptions(displayLocale());
  const stored = value ?? "";
  const unlisted = stored !== "" && !options.some((option) => option.tag === stored);
  return (
    <select {...attributes}>
      <option value="" selected={stored === ""}>
        {t("account.localeUnset")}
      </option>
      {unlisted && (
        <option value={stored} selected>
          {nameOf(stored, displayLocale())}
        </option>
      )}
      {options.map((option) => (
        <option key={option.tag} value={option.tag} selected={option.tag === stored}>
          {option.name}
        </option>
      ))}
    </select>
  );
}
