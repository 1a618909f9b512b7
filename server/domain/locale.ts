// The one rule for the locale a new invoice takes, so a locale is never a reason to refuse one
// (ADR 0034; docs/api-guide.md "Your seller profile"): what the request says, else the client's own, else
// what the document itself tells (its language, else its seller's country or tax region), else
// the account's default, else en-US. Every create (the procedure, the DSL, the import) asks here.

import { isCountryCode } from "./countries.ts";

/** What a new account and an invoice with nothing else to go by take. */
export const FALLBACK_LOCALE = "en-US";

/** Where the chosen locale came from, in the order they are asked. */
export type LocaleSource = "request" | "client" | "document" | "account" | "default";

export type LocaleChoice = { locale: string; source: LocaleSource };

/** What may settle a locale; any part may be missing. */
export type LocaleEvidence = {
  /** The request's own: a LOCALE line, a `locale` field, an import's `locale` option. */
  requested?: string | null | undefined;
  /** The locale stored on the buyer's client. */
  client?: string | null | undefined;
  /** The document's language (an e-invoice's), a BCP 47 tag or a bare language ("de"). */
  language?: string | null | undefined;
  /** ISO 3166 codes the document names, in order of weight: a DSL's TAX region, the seller's country. */
  regions?: readonly (string | null | undefined)[];
  /** The account's default locale (its profile). */
  account?: string | null | undefined;
};

/**
 * Where a country's business language differs from CLDR's likely subtags, or the code is not an
 * ISO 3166 region: EL is the EU's code for Greece, Quebec invoices in French, India's in English.
 */
const REGION_LOCALES: Readonly<Record<string, string>> = { EL: "el-GR", "CA-QC": "fr-CA", IN: "en-IN" };

const REGION_NAMES = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });

/** The locale a region speaks ("DE" → de-DE, "CA-QC" → fr-CA), by CLDR's likely subtags; undefined for no known region. */
export function localeOfRegion(region: string): string | undefined {
  const code = region.trim().toUpperCase();
  const listed = REGION_LOCALES[code];
  if (listed) return listed;
  const country = code.slice(0, 2);
  if (!/^[A-Z]{2}$/.test(country) || !(code.length === 2 || code[2] === "-") || !REGION_NAMES.of(country)) return undefined;
  const likely = new Intl.Locale(`und-${country}`).maximize();
  // ZZ (unknown region) and other codes CLDR has no data for maximize to another region.
  return likely.region === country ? `${likely.language}-${country}` : undefined;
}

/**
 * A locale invoices and the console can be written in, as Intl spells it ("de-de" → de-DE), or
 * undefined: a well-formed BCP 47 tag whose language the runtime formats numbers and dates in (Bun
 * and Deno agree: "klingon" and "tlh" have no data), and whose region, if it names one, is a country.
 */
export function supportedLocale(tag: string): string | undefined {
  const spelled = canonical(tag);
  if (!spelled || Intl.NumberFormat.supportedLocalesOf([spelled]).length !== 1) return undefined;
  const { region } = new Intl.Locale(spelled);
  return region === undefined || isCountryCode(region) ? spelled : undefined;
}

/** A tag as Intl spells it ("de-de" → de-DE), or undefined when it is none. */
function canonical(tag: string | null | undefined): string | undefined {
  if (!tag) return undefined;
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

/** A document's language as a locale: a full tag as it is; a bare language with the region it names ("de" + AT → de-AT), else its likely one. */
function localeOfLanguage(language: string | null | undefined, regions: readonly string[]): string | undefined {
  const tag = canonical(language);
  if (!tag) return undefined;
  const parsed = new Intl.Locale(tag);
  if (parsed.region) return tag;
  const region = regions.map((code) => code.trim().toUpperCase().slice(0, 2)).find((code) => REGION_NAMES.of(code) !== undefined && /^[A-Z]{2}$/.test(code));
  if (region) return `${parsed.language}-${region}`;
  const likely = parsed.maximize();
  return likely.region ? `${parsed.language}-${likely.region}` : parsed.language;
}

/** The locale for a new invoice and where it came from: request, client, document, account, then en-US. */
export function localeFor(evidence: LocaleEvidence): LocaleChoice {
  const requested = canonical(evidence.requested);
  if (requested) return { locale: requested, source: "request" };
  const client = canonical(evidence.client);
  if (client) return { locale: client, source: "client" };
  const regions = (evidence.regions ?? []).filter((region): region is string => Boolean(region));
  const document = localeOfLanguage(evidence.language, regions) ?? regions.map(localeOfRegion).find(Boolean);
  if (document) return { locale: document, source: "document" };
  const account = canonical(evidence.account);
  if (account) return { locale: account, source: "account" };
  return { locale: FALLBACK_LOCALE, source: "default" };
}

/** How a chosen locale reads in a notice: "de-DE, from the document's seller country or tax region". */
export function describeLocaleChoice(choice: LocaleChoice): string {
  const from: Record<LocaleSource, string> = {
    request: "as requested",
    client: "the client's",
    document: "from the document (its language, tax region or seller's country)",
    account: "the account's default",
    default: `the fallback, as nothing else named one (set LOCALE, a locale field, or the account's default locale)`,
  };
  return `locale ${choice.locale}: ${from[choice.source]}`;
}
