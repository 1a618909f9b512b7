// The helpers the phrase files share to build a sentence. They live apart from index.ts because
// index.ts imports every phrase file: helpers there would make each phrase file import it back.
import type { Count } from "./index.ts";

/** A word's forms by plural category; `other` is the one every language has. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** The form of `forms` that `count` takes ("1 day", "2 days"; in Japanese always `other`). */
export function plural(count: Count, forms: PluralForms): string {
  return forms[count.plural] ?? forms.other;
}

/** Ends a sentence; a name ending in an abbreviation (Ltd., S.A.) lends its period rather than doubling it. */
export function stop(text: string): string {
  return text.endsWith(".") ? text : `${text}.`;
}
