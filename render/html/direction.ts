// Which way the page reads. The labels come in left-to-right languages only, so what can make an
// invoice right-to-left is its parties: when both names are Arabic or Hebrew text the page is
// right-to-left; when only one is, the locale's script breaks the tie. Each piece of text that runs
// against the page carries dir="auto", so the browser lays it out by its own first letter.
import { paragraphDirection, type Direction } from "../fonts/bidi.ts";
import type { InvoiceRecord } from "../../server/domain/invoice.ts";

/** ISO 15924 scripts written right to left (the ones CLDR gives a locale). */
const RTL_SCRIPTS = new Set(["Arab", "Hebr", "Syrc", "Thaa", "Nkoo", "Adlm", "Rohg", "Mand", "Samr"]);

/** The direction of the locale's script: "ar-EG" and "he" read right to left. */
export function localeDirection(locale: string): Direction {
  const script = new Intl.Locale(locale).maximize().script;
  return script && RTL_SCRIPTS.has(script) ? "rtl" : "ltr";
}

export function pageDirection(record: Pick<InvoiceRecord, "from_name" | "bill_to_name" | "locale">): Direction {
  const rightToLeft = [record.from_name, record.bill_to_name].filter((name) => paragraphDirection(name) === "rtl").length;
  if (rightToLeft === 1) return localeDirection(record.locale);
  return rightToLeft === 2 ? "rtl" : "ltr";
}

/** Whether text starts with a letter of the other direction than the page's (then it gets dir="auto"). */
export function readsAgainst(value: string, page: Direction): boolean {
  return paragraphDirection(value) !== page;
}
