// Amounts and dates in the console's display locale, through the same exact formatting the
// documents use (render/format.ts): an amount is never rounded through a float on its way to screen.
import { formatDate, formatMoney } from "../../../../render/format.ts";
import { displayLocale } from "./i18n/index.ts";

export function money(minor: number, currency: string): string {
  return formatMoney(minor, currency, displayLocale());
}

/** A calendar date (YYYY-MM-DD). */
export function day(date: string | null | undefined): string {
  return date ? formatDate(date, displayLocale(), "short") : "—";
}

/** An instant (ISO 8601), in the browser's time zone. */
export function moment(at: string | null | undefined): string {
  return at ? new Intl.DateTimeFormat(displayLocale(), { dateStyle: "medium", timeStyle: "short" }).format(new Date(at)) : "—";
}
