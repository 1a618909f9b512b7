// The few words only the HTML pages print (a hidden table caption, the QR code's accessible name,
// the share page's download link), in the eight languages of render/labels (en.ts, de.ts …). They
// live here rather than in `Labels` because no other export prints them.
import type { LabelLanguage } from "../../labels/index.ts";
import { de } from "./de.ts";
import { en } from "./en.ts";
import { es } from "./es.ts";
import { fr } from "./fr.ts";
import { it } from "./it.ts";
import { ja } from "./ja.ts";
import { nl } from "./nl.ts";
import { pt } from "./pt.ts";

export type HtmlWords = {
  /** The line table's caption, read by screen readers. */
  lineItems: string;
  /** The payment QR code's accessible name. */
  paymentQrCode: string;
  downloadPdf: string;
};

const WORDS: Record<LabelLanguage, HtmlWords> = { en, de, fr, es, it, nl, pt, ja };

/** The words for a BCP 47 tag's language, as `labelsFor` picks labels: else English. */
export function htmlWordsFor(locale: string): HtmlWords {
  const language = new Intl.Locale(locale).language;
  return Object.hasOwn(WORDS, language) ? WORDS[language as LabelLanguage] : WORDS.en;
}
