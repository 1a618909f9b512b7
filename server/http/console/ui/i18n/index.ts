// The console's phrases in the eight label languages. English is in the first load; the others are
// chunks of their own, fetched when picked. The choice: the person's own pick (kept with them by the
// service once they are signed in, and in this browser for the first paint), else the browser's
// languages, else English — never an account's invoice locale.
import type { InterfaceLanguage } from "../../../../domain/interface-languages.ts";
import { en, type PhraseKey, type Phrases } from "./en.ts";

export type { PhraseKey, Phrases };

export const LANGUAGES = { en: "English", de: "Deutsch", fr: "Français", es: "Español", it: "Italiano", nl: "Nederlands", pt: "Português", ja: "日本語" } as const satisfies Record<InterfaceLanguage, string>;
export type Language = keyof typeof LANGUAGES;

const LOADERS: Record<Exclude<Language, "en">, () => Promise<Phrases>> = {
  de: () => import("./de.ts").then((module) => module.de),
  fr: () => import("./fr.ts").then((module) => module.fr),
  es: () => import("./es.ts").then((module) => module.es),
  it: () => import("./it.ts").then((module) => module.it),
  nl: () => import("./nl.ts").then((module) => module.nl),
  pt: () => import("./pt.ts").then((module) => module.pt),
  ja: () => import("./ja.ts").then((module) => module.ja),
};

const STORED_CHOICE = "console.language";

let language: Language = "en";
let phrases: Phrases = en;

function isLanguage(value: string): value is Language {
  return Object.hasOwn(LANGUAGES, value);
}

/** The first of the candidates (BCP 47 tags, most wanted first) that the console speaks; English otherwise. */
export function pickLanguage(candidates: ReadonlyArray<string | null | undefined>): Language {
  for (const candidate of candidates) {
    const primary = candidate?.toLowerCase().split("-")[0] ?? "";
    if (isLanguage(primary)) return primary;
  }
  return "en";
}

export function storedLanguage(): string | null {
  try {
    return localStorage.getItem(STORED_CHOICE);
  } catch {
    return null;
  }
}

/** Loads and applies a language; `remember` keeps the person's own pick for their next visit. */
export async function applyLanguage(next: Language, options: { remember?: boolean } = {}): Promise<void> {
  phrases = next === "en" ? en : await LOADERS[next]();
  language = next;
  document.documentElement.lang = language;
  if (options.remember) {
    try {
      localStorage.setItem(STORED_CHOICE, next);
    } catch {
      // Storage refused (private mode): the pick lasts for this page only.
    }
  }
}

export function currentLanguage(): Language {
  return language;
}

/**
 * The locale numbers, money and dates are shown in: the person's own, as their browser says it, when
 * it speaks the console's language (de-CH formats numbers as the Swiss do); never the account's
 * invoice locale, which is for the buyers the invoices go to.
 */
export function displayLocale(): string {
  return navigator.languages.find((tag) => tag.toLowerCase().startsWith(`${language}-`)) ?? language;
}

/** A phrase with its `{name}` placeholders filled in. */
export function t(key: PhraseKey, values: Record<string, string | number> = {}): string {
  const phrase = phrases[key] ?? en[key];
  return phrase.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
