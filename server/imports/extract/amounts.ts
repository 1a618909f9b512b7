// Amounts, quantities and rates read from a document exactly, through the DSL's reader
// (domain/decimal-text.ts): this module only decides what the reader cannot know from one cell —
// the document's currency (the symbols and codes its amounts carry) and its decimal separator (the
// mark before the currency's last digits, counted over every amount) — and strips units.
import { currenciesOfSymbol, readAmount, readQuantity, splitAmount } from "../../domain/decimal-text.ts";
import { minorUnits } from "../../domain/currencies.ts";
import type { Layout } from "./layout.ts";

export type DecimalMark = "." | ",";

/** What every amount of one document is read with. */
export type NumberStyle = {
  currency: string;
  decimal: DecimalMark;
  /** OCR read the document: a small mark may be lost or misread, so other readings are offered. */
  ocr: boolean;
};

/** Symbols written with the country after the sign ("$CA", Canadian French) or with a period ("Fr."), as the reader knows them. */
const MARKER_ALIASES: Readonly<Record<string, string>> = { $CA: "CA$", $US: "US$", $AU: "A$", $NZ: "NZ$", $HK: "HK$", $SG: "S$", $MX: "MX$", "Fr.": "CHF", Fr: "CHF", "SFr.": "CHF" };

/** A cell's text with compatibility forms folded ("￥" → "¥", narrow spaces → spaces) and known marker spellings unified. */
export function foldAmount(text: string): string {
  const folded = text.normalize("NFKC").replace(/\s+/g, " ").trim();
  const parts = splitAmount(folded);
  const alias = parts?.marker ? MARKER_ALIASES[parts.marker] : undefined;
  return alias && parts?.marker ? folded.replace(parts.marker, alias) : folded;
}

/**
 * The currencies a marker may mean, narrowed by the locale's region when the marker is shared
 * ("$" in en-CA is CAD, "¥" in zh is CNY); the first is the best guess.
 */
function currenciesFor(marker: string, locale: string | undefined): readonly string[] {
  const candidates = currenciesOfSymbol(marker);
  if (candidates.length <= 1 || !locale) return candidates;
  const { region, language } = safeLocale(locale);
  const preferred = candidates.find((currency) => (region && currency.startsWith(region)) || (language === "zh" && currency === "CNY"));
  return preferred ? [preferred, ...candidates.filter((currency) => currency !== preferred)] : candidates;
}

function safeLocale(locale: string): { region: string | undefined; language: string | undefined } {
  try {
    const parsed = new Intl.Locale(locale);
    return { region: parsed.region, language: parsed.language };
  } catch {
    return { region: undefined, language: undefined };
  }
}

export type CurrencyFinding = { currency: string; certain: boolean };

/**
 * The currency most of the document's amounts are marked with. Certain when the mark names one
 * currency (€, CHF, "US$"); a shared sign ("$", "¥") is read by the locale and flagged.
 */
export function documentCurrency(layout: Layout, locale: string | undefined): CurrencyFinding | null {
  const votes = new Map<string, number>();
  for (const line of layout.lines) {
    for (const cell of line.cells) {
      const marker = splitAmount(foldAmount(cell.text))?.marker;
      if (marker && currenciesOfSymbol(marker).length > 0) votes.set(marker, (votes.get(marker) ?? 0) + 1);
    }
  }
  const best = [...votes].sort((a, b) => b[1] - a[1])[0];
  if (!best) return null;
  const candidates = currenciesFor(best[0], locale);
  const currency = candidates[0];
  return currency ? { currency, certain: candidates.length === 1 } : null;
}

/**
 * The document's decimal mark: the mark before exactly the currency's decimals at the end of its
 * amounts, by majority; the locale's when no amount tells (a currency without decimals).
 */
export function documentDecimalMark(layout: Layout, currency: string | null, locale: string | undefined): DecimalMark {
  const decimals = currency ? minorUnits(currency) : 2;
  const votes = { ".": 0, ",": 0 };
  if (decimals > 0) {
    const tail = new RegExp(`\\d([.,])\\d{${decimals}}$`);
    for (const line of layout.lines) {
      for (const cell of line.cells) {
        const parts = splitAmount(foldAmount(cell.text));
        const mark = parts && tail.exec(parts.digits)?.[1];
        if (mark === "." || mark === ",") votes[mark]++;
      }
    }
  }
  if (votes["."] !== votes[","]) return votes["."] > votes[","] ? "." : ",";
  return localeDecimalMark(locale);
}

function localeDecimalMark(locale: string | undefined): DecimalMark {
  try {
    const mark = new Intl.NumberFormat(locale ?? "en").formatToParts(1.5).find((part) => part.type === "decimal")?.value;
    return mark === "," ? "," : ".";
  } catch {
    return ".";
  }
}

/** A locale whose decimal separator is the document's: how the reader is told which mark groups. */
const READER_LOCALE: Record<DecimalMark, string> = { ".": "en", ",": "de" };

/** An amount in minor units, or null when the cell is no amount of this document's currency. */
export function readMoney(text: string, style: NumberStyle): number | null {
  const reading = readAmount(foldAmount(text), { currency: style.currency, locale: READER_LOCALE[style.decimal] });
  return reading.ok ? reading.value : null;
}

/** A cell that is a number and nothing more: its digits and marks, with at most a short marker either side ("CHF ", " €", OCR's "©"). */
const DIGITS_ONLY = /^[^\d\-−%]{0,4}(\d[\d.,'’ ]*)(?<=\d)[^\d%]{0,4}$/;

/**
 * An amount's readings in minor units, likeliest first: the cell as written, then, when OCR read it,
 * its digits with the currency's decimals put back, since OCR drops or swaps a small decimal point
 * ("£1157", "£482 88", "€3,862,93" for 11.57, 482.88 and 3,862.93), and, in a cell without a
 * currency, the same without its first digit (the currency's sign read as one: "2440.44" for
 * £440.44). The caller keeps the reading the document confirms (a line's quantity × unit price, the
 * totals adding up).
 */
export function moneyReadings(text: string, style: NumberStyle): number[] {
  const read = readMoney(text, style);
  const readings = read === null ? [] : [read];
  const folded = text.normalize("NFKC").trim();
  const digits = style.ocr ? DIGITS_ONLY.exec(folded)?.[1]?.replace(/\D/g, "") : undefined;
  if (!digits || digits.length > 15) return readings;
  const unmarked = !splitAmount(foldAmount(folded))?.marker && digits.length > minorUnits(style.currency) + 1;
  for (const candidate of unmarked ? [digits, digits.slice(1)] : [digits]) {
    if (!readings.includes(Number(candidate))) readings.push(Number(candidate));
  }
  return readings;
}

/** Units written beside a quantity, as UN/ECE Rec. 20 codes (pieces are the default unit and stay unnamed). */
const UNIT_WORDS: ReadonlyArray<[RegExp, string]> = [
  [/^(h|hr|hrs|hour|hours|std|stunde|stunden|heure|heures|hora|horas|ora|ore|uur|時間)$/i, "HUR"],
  [/^(d|day|days|tag|tage|jour|jours|dia|días|dias|giorno|giorni|dag|dagen|日)$/i, "DAY"],
  [/^(month|months|monat|monate|mois|mes|meses|mese|mesi|maand|maanden|か月|ヶ月)$/i, "MON"],
  [/^(kg)$/i, "KGM"],
  [/^(km)$/i, "KMT"],
];

/**
 * A quantity's digits with its thousands dots taken out when the document's decimal mark is ",": the
 * reader refuses "1.000" in a comma-decimal locale as ambiguous (a one to machines), but the
 * document's own decimal commas already say its dots group.
 */
export function withoutDotGrouping(digits: string, decimal: DecimalMark | null): string {
  return decimal === "," && /^[-−]?\d{1,3}(\.\d{3})+$/.test(digits) ? digits.replaceAll(".", "") : digits;
}

export type QuantityReading = { value: number; unit: string | null };

/** "10", "1,5", "1.000" (a thousand where "," is the decimal mark), "10 h", "3 Std." → value and unit. */
export function readQuantityCell(text: string, decimal: DecimalMark): QuantityReading | null {
  const folded = text.normalize("NFKC").trim();
  const match = /^([-−]?[\d.,'’\s]*\d)\s*([\p{L}.]*)$/u.exec(folded);
  if (!match) return null;
  const digits = withoutDotGrouping((match[1] ?? "").replace(/\s/g, ""), decimal);
  const reading = readQuantity(digits, { locale: READER_LOCALE[decimal] });
  if (!reading.ok) return null;
  const word = (match[2] ?? "").replace(/\.$/, "");
  const unit = word ? (UNIT_WORDS.find(([pattern]) => pattern.test(word))?.[1] ?? null) : null;
  if (word && !unit && !/^(pcs?|pc|stk|st|x|units?|u|uds?|pz|pzs|st|個|件|式)$/i.test(word)) return null;
  return { value: reading.value, unit };
}

/**
 * A quantity's readings, likeliest first: the cell as written, then, when OCR read it, its digits
 * with one or two decimals put back ("05", "125" where 0.5 and 12.5 were printed).
 */
export function quantityReadings(text: string, style: NumberStyle): QuantityReading[] {
  const read = readQuantityCell(text, style.decimal);
  const readings = read ? [read] : [];
  const match = style.ocr ? /^(\d[\d.,]*)(?<=\d)\s*([\p{L}.]*)$/u.exec(text.normalize("NFKC").trim()) : null;
  const unit = read?.unit ?? null;
  const digits = match?.[1]?.replace(/\D/g, "");
  if (!digits || digits.length > 8) return readings;
  for (const decimals of [1, 2]) {
    const value = Number(digits) / 10 ** decimals;
    if (value > 0 && !readings.some((reading) => reading.value === value)) readings.push({ value, unit });
  }
  return readings;
}

/**
 * A rate column's cell: the percentage as written ("19 %", or a bare "19"), or, when OCR read it and
 * it reads as no rate (its decimal mark lost: "8625%"), the rates its digits could be, for the
 * caller to match against the rates of the other lines.
 */
export function rateReadings(text: string, style: NumberStyle): { rate: number | null; digits: number[] } {
  const rate = readPercent(text.includes("%") ? text : `${text}%`, style.decimal);
  const digits = rate === null && style.ocr ? /^(\d+)\s*%?$/.exec(text.replace(/[.,\s]/g, ""))?.[1] : undefined;
  if (!digits) return { rate, digits: [] };
  return { rate, digits: [1, 2, 3].map((decimals) => Number(digits) / 10 ** decimals).filter((value) => value <= 100) };
}

/** "19 %", "7,5%", "(10%)" → 19, 7.5, 10; null when the text holds no percentage. */
export function readPercent(text: string, decimal: DecimalMark): number | null {
  const match = /([-−]?\d+(?:[.,]\d+)?)\s*%/.exec(text.normalize("NFKC"));
  if (!match) return null;
  const reading = readQuantity(match[1] ?? "", { locale: READER_LOCALE[decimal] });
  return reading.ok && reading.value >= 0 && reading.value <= 100 ? reading.value : null;
}
