// Calendar dates as invoices print them, in the renderer's eight languages and the common numeric
// forms: "2026-11-01", "01.11.2026", "11/1/26", "2026/11/01", "2026年11月1日", "1. November 2026",
// "1 de noviembre de 2026", "Nov 1st, 2026". Month names come from Intl for each language (long and
// short), not from a typed list, so they are the names the renderer's formatDate prints.
import { LANGUAGES } from "./vocabulary.ts";

export type DateReading = {
  /** YYYY-MM-DD. */
  date: string;
  /** True when day and month could be swapped (03/05/2026) and the locale chose. */
  ambiguous: boolean;
};

/** Lower case, no accents, no periods: "März" → "marz", "févr." → "fevr". */
function monthKey(name: string): string {
  return name.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\./g, "").trim();
}

const MONTHS: ReadonlyMap<string, number> = (() => {
  const months = new Map<string, number>();
  for (const language of LANGUAGES) {
    for (const style of ["long", "short"] as const) {
      const format = new Intl.DateTimeFormat(language, { month: style, timeZone: "UTC" });
      for (let month = 1; month <= 12; month++) {
        const key = monthKey(format.format(Date.UTC(2026, month - 1, 15)));
        if (/^\p{L}+$/u.test(key) && !months.has(key)) months.set(key, month);
      }
    }
  }
  // Four-letter English abbreviations ("Sept") that Intl does not print.
  months.set("sept", 9);
  return months;
})();

/** Where a locale puts the day in a numeric date: "dmy" (most of the world), "mdy" (US), "ymd" (ja). */
export type DateOrder = "dmy" | "mdy" | "ymd";

export function dateOrderOf(locale: string | undefined): DateOrder {
  if (!locale) return "dmy";
  try {
    const parts = new Intl.DateTimeFormat(locale, { timeZone: "UTC" }).formatToParts(Date.UTC(2026, 10, 21));
    const order = parts.filter((part) => part.type === "day" || part.type === "month" || part.type === "year").map((part) => part.type[0]).join("");
    return order === "mdy" || order === "ymd" ? order : "dmy";
  } catch {
    return "dmy";
  }
}

function isoOf(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1900 || year > 2199) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null;
  return date.toISOString().slice(0, 10);
}

/** A two-digit year is this century's. */
function fullYear(text: string): number {
  const year = Number(text);
  return text.length === 2 ? 2000 + year : year;
}

const NUMERIC_YMD = /(?<![\d])(\d{4})[-./](\d{1,2})[-./](\d{1,2})(?![\d])/;
const JAPANESE = /(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日/;
const NUMERIC = /(?<![\d.\/-])(\d{1,2})([./-])(\d{1,2})\2(\d{4}|\d{2})(?![\d])/;
// The day's period may come back from OCR as a comma ("19, Juli 2026").
const DAY_MONTH_YEAR = /(?<![\p{L}\d])(\d{1,2})(?:[.,]|er|º|°|st|nd|rd|th)?\s*(?:de\s+|-)?(\p{L}{3,}\.?)\s*(?:de\s+|-|,\s*)?(\d{4})(?![\d])/u;
const MONTH_DAY_YEAR = /(?<![\p{L}])(\p{L}{3,}\.?)\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})(?![\d])/u;

/**
 * The first date in `text`, or null. Numeric day-month order comes from the values when one is
 * above 12, else from `order` (the document's locale), and is then flagged as ambiguous.
 */
export function readDate(text: string, order: DateOrder = "dmy"): DateReading | null {
  const folded = text.normalize("NFKC");
  const iso = NUMERIC_YMD.exec(folded) ?? JAPANESE.exec(folded);
  if (iso) {
    const date = isoOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
    if (date) return { date, ambiguous: false };
  }
  const named = DAY_MONTH_YEAR.exec(folded);
  if (named) {
    const month = MONTHS.get(monthKey(named[2] ?? ""));
    const date = month ? isoOf(Number(named[3]), month, Number(named[1])) : null;
    if (date) return { date, ambiguous: false };
  }
  const american = MONTH_DAY_YEAR.exec(folded);
  if (american) {
    const month = MONTHS.get(monthKey(american[1] ?? ""));
    const date = month ? isoOf(Number(american[3]), month, Number(american[2])) : null;
    if (date) return { date, ambiguous: false };
  }
  const numeric = NUMERIC.exec(folded);
  if (numeric) {
    const first = Number(numeric[1]);
    const second = Number(numeric[3]);
    const year = fullYear(numeric[4] ?? "");
    const monthFirst = first > 12 ? false : second > 12 ? true : order === "mdy";
    const date = monthFirst ? isoOf(year, first, second) : isoOf(year, second, first);
    if (date) return { date, ambiguous: first <= 12 && second <= 12 && first !== second };
  }
  return null;
}
