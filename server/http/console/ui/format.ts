// Amounts and dates in the console's display locale, through the same exact formatting the
// documents use (render/format.ts): an amount is never rounded through a float on its way to screen.
import { formatAmountNumber, formatDate, formatMoney, formatQuantity } from "../../../../render/format.ts";
import { displayLocale } from "./i18n/index.ts";

export function money(minor: number, currency: string): string {
  return formatMoney(minor, currency, displayLocale());
}

/** An amount as the person would type it back into a field: the shown amount without its currency sign. */
export function amountText(minor: number, currency: string): string {
  return formatAmountNumber(minor, currency, displayLocale());
}

/** A quantity or percentage as the person would type it back (1.5 in de → "1,5"). */
export function numberText(value: number): string {
  return formatQuantity(value, displayLocale());
}

/** A calendar date (YYYY-MM-DD). */
export function day(date: string | null | undefined): string {
  return date ? formatDate(date, displayLocale(), "short") : "—";
}

/** An instant (ISO 8601), in the browser's time zone. */
export function moment(at: string | null | undefined): string {
  return at ? new Intl.DateTimeFormat(displayLocale(), { dateStyle: "medium", timeStyle: "short" }).format(new Date(at)) : "—";
}

/** A file's size as people read it, in the person's language: "12 kB", "1.5 MB" (rounded up, so a limit is never shown below itself). */
export function fileSize(bytes: number): string {
  const [unit, size] = bytes < 1024 * 1024 ? (["kilobyte", Math.ceil(bytes / 1024)] as const) : (["megabyte", Math.ceil((bytes / (1024 * 1024)) * 10) / 10] as const);
  return new Intl.NumberFormat(displayLocale(), { style: "unit", unit, unitDisplay: "short", maximumFractionDigits: 1 }).format(size);
}
