// The words of the sign-in link, in the eight languages the labels speak (en.ts, de.ts …): the e-mail
// (in the account profile's language) and the confirmation page (in the browser's). `SignInPhrases`
// is the key set, so a language that misses a sentence fails tsc.
import { readerFor } from "../../../../render/summary/invoice.ts";
import { de } from "./de.ts";
import { en } from "./en.ts";
import { es } from "./es.ts";
import { fr } from "./fr.ts";
import { it } from "./it.ts";
import { ja } from "./ja.ts";
import { nl } from "./nl.ts";
import { pt } from "./pt.ts";

export type SignInPhrases = {
  subject(account: string): string;
  /** What the link is for and how long it works (LINK_MINUTES). */
  body(account: string): string;
  linkLabel: string;
  /** For someone who did not ask: nothing happens without the link. */
  ignore: string;
  title: string;
  confirm(email: string): string;
  button: string;
  spent: string;
  again: string;
};

const SIGN_IN_PHRASES = { en, de, fr, es, it, nl, pt, ja } satisfies Record<string, SignInPhrases>;

/** The languages the sign-in pages and mail speak. */
export const SIGN_IN_LANGUAGES = Object.keys(SIGN_IN_PHRASES) as Array<keyof typeof SIGN_IN_PHRASES>;

/** The phrases and language for a locale or language tag (English when it is none of the eight). */
export function signInPhrases(tag: string | null): { language: string; phrases: SignInPhrases } {
  const { language } = readerFor(tag ?? "en", tag ?? "en");
  return { language, phrases: SIGN_IN_PHRASES[language] };
}
