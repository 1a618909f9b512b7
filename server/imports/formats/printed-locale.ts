// The printed document's language, locale and currency: the language whose labels it prints most
// of; the locale the file states, else the first candidate for that language (the options' locale,
// the bare language, the parties' countries, the language's usual regions) under which every printed
// amount, date, quantity and percentage formats back to exactly its own text; and the currency its
// amounts' marker means there. Apart from printed.ts because it is a search of its own, by trial
// formatting, that the rest of the reading only consumes.
import { formatDate, formatMoney, formatPercent, formatQuantity } from "../../../render/format.ts";
import { LABELS, type LabelLanguage, type Labels } from "../../../render/labels/index.ts";
import { splitAmount, type Reading } from "../../domain/decimal-text.ts";
import { labelKey, LANGUAGES, type FieldRole } from "../extract/vocabulary.ts";
import type { ReadOptions } from "../model.ts";
import type { Printed, PrintedValue } from "./printed-blocks.ts";
import { currenciesOfMarker, readDay, readMoney, readNumber, readPercent, type Settled } from "./printed-values.ts";

// ---- The language ------------------------------------------------------------------------------

function labelWords(labels: Labels): string[] {
  const words = Object.values(labels).filter((value): value is string => typeof value === "string");
  return [...words, ...Object.values(labels.title)];
}

const WORDS_OF: ReadonlyMap<LabelLanguage, ReadonlySet<string>> = new Map(LANGUAGES.map((language) => [language, new Set(labelWords(LABELS[language]).map(labelKey))]));

/** The language whose labels the document prints most of; a tie goes to the options' language, then English. */
export function languageOf(labels: readonly string[], preferred: string | undefined): LabelLanguage {
  const keys = labels.map(labelKey);
  const score = (language: LabelLanguage): number => keys.filter((key) => WORDS_OF.get(language)?.has(key)).length;
  const ranked = [...LANGUAGES].sort((a, b) => score(b) - score(a) || Number(b === preferred) - Number(a === preferred) || Number(b === "en") - Number(a === "en"));
  return ranked[0] ?? "en";
}

// ---- Locale and currency -------------------------------------------------------------------------

/** Regions tried after the parties' countries when the file names no locale. */
const REGIONS: Record<LabelLanguage, readonly string[]> = {
  en: ["US", "GB", "IE", "CA", "AU", "NZ", "IN", "ZA", "SG", "CH"],
  de: ["DE", "AT", "CH", "LI", "LU", "BE"],
  fr: ["FR", "BE", "CH", "CA", "LU"],
  es: ["ES", "MX", "AR", "CO", "CL", "US"],
  it: ["IT", "CH"],
  nl: ["NL", "BE"],
  pt: ["PT", "BR"],
  ja: ["JP"],
};

export function validLocale(tag: string | null | undefined): string | null {
  if (!tag) return null;
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? null;
  } catch {
    return null;
  }
}

export const languageOfTag = (tag: string): string => new Intl.Locale(tag).language;

function localeCandidates(language: LabelLanguage, countries: readonly string[], options: ReadOptions): string[] {
  const given = validLocale(options.locale);
  const regional = countries.filter((country) => REGIONS[language].includes(country)).map((country) => `${language}-${country}`);
  // The bare language first: a region is taken only when the document prints what it alone would.
  const candidates = [given && languageOfTag(given) === language ? given : null, language, ...regional, ...REGIONS[language].map((region) => `${language}-${region}`)];
  return [...new Set(candidates.filter((candidate): candidate is string => candidate !== null))];
}

type Printing = { money: string[]; dates: string[]; quantities: string[]; percents: string[] };

function printedStrings(printed: Printed): Printing {
  const strings = (values: ReadonlyArray<PrintedValue | undefined>): string[] => values.filter((value): value is string => typeof value === "string" && value.trim() !== "");
  const dateRoles: ReadonlySet<FieldRole> = new Set(["issueDate", "dueDate", "deliveryDate"]);
  return {
    money: strings([...printed.lines.flatMap(({ cells }) => [cells.unitPrice, cells.amount]), ...printed.totals.map((total) => total.value)]),
    dates: strings(printed.facts.filter((fact) => dateRoles.has(fact.role)).map((fact) => fact.values[0])),
    quantities: strings(printed.lines.map(({ cells }) => cells.quantity)),
    percents: strings(printed.lines.map(({ cells }) => cells.taxRate)),
  };
}

/** Whether every printed value reads under `reading` and formats back to exactly its text. */
function reproduces(printing: Printing, reading: Settled): boolean {
  const { locale, currency } = reading;
  const same = <Value>(texts: readonly string[], read: (text: string) => Reading<Value>, format: (value: Value) => string): boolean =>
    texts.every((text) => {
      const value = read(text);
      return value.ok && format(value.value) === text;
    });
  try {
    return (
      same(printing.money, (text) => readMoney(text, reading), (minor) => formatMoney(minor, currency, locale)) &&
      same(printing.dates, (text) => readDay(text, reading), (day) => formatDate(day, locale)) &&
      same(printing.quantities, (text) => readNumber(text, reading), (value) => formatQuantity(value, locale)) &&
      same(printing.percents, (text) => readPercent(text, reading), (value) => formatPercent(value, locale))
    );
  } catch {
    return false;
  }
}

function markerOf(money: readonly string[]): string | null {
  for (const text of money) {
    const marker = splitAmount(text)?.marker;
    if (marker) return marker;
  }
  return null;
}

/**
 * The currencies a marker may mean under any of the locales, the options' first (an ambiguous "$"
 * is the account's when the document allows it), then each locale's own; without a marker, the options'.
 */
function currencyCandidates(marker: string | null, locales: readonly string[], options: ReadOptions): string[] {
  if (!marker) return [options.currency];
  const found = new Set(locales.flatMap((locale) => currenciesOfMarker(marker, locale)));
  return found.has(options.currency) ? [options.currency, ...[...found].filter((each) => each !== options.currency)] : [...found];
}

export function settle(printed: Printed, stated: string | null, language: LabelLanguage, countries: readonly string[], options: ReadOptions): Settled {
  const printing = printedStrings(printed);
  const marker = markerOf(printing.money);
  const locales = stated ? [stated] : localeCandidates(language, countries, options);
  const currencies = currencyCandidates(marker, locales, options);
  for (const currency of currencies) {
    for (const locale of locales) {
      if (reproduces(printing, { locale, currency })) return { locale, currency };
    }
  }
  return { locale: locales[0] ?? language, currency: currencies[0] ?? options.currency };
}
