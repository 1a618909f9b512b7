// Phrases that hold a count ("1 day", "3 days"): each comes as a `.one` and an `.other` key, and the
// person's language decides which a number takes (French says "1 jour" and "0 jour", Japanese has one form).
import { numberText } from "./format.ts";
import { displayLocale, t, type PhraseKey } from "./i18n/index.ts";

type CountedBase<Key> = Key extends `${infer Base}.one` ? (`${Base}.other` extends PhraseKey ? Base : never) : never;

/** A phrase that has both forms, named without its `.one` / `.other` ending. */
export type CountedPhrase = CountedBase<PhraseKey>;

/** The phrase's form for `count`, with `{n}` the count as the person writes numbers and any other values filled in. */
export function counted(phrase: CountedPhrase, count: number, values: Record<string, string | number> = {}): string {
  const form = new Intl.PluralRules(displayLocale()).select(count) === "one" ? "one" : "other";
  return t(`${phrase}.${form}` as PhraseKey, { ...values, n: numberText(count) });
}
