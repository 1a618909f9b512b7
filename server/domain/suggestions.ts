// Suggestions from an account's own history (invoices.suggest): the lines a client is usually billed,
// with their usual rate, unit and VAT, ranked by how often and how lately they were used, fuzzily
// matched to what the agent has typed so far; and the client's usual payment terms. Pure: the caller
// hands in the recent lines (newest first), each with what it needs of its invoice.
import { daysBetween } from "./clock.ts";
import { searchFold } from "./invoice.ts";

/** A use weighs half as much every this many days, so last month's lines outrank last year's. */
const HALF_LIFE_DAYS = 180;
/** Below this a description does not match what was typed. */
const MATCH_THRESHOLD = 0.5;

/** One line of a past invoice, its VAT rate already resolved (the line's, else the invoice's). */
export type HistoryLine = {
  invoice_id: string;
  issue_date: string;
  currency: string;
  description: string;
  unit: string;
  rate: number;
  tax_rate: number;
  due_date: string | null;
  payment_terms: string | null;
};

export type LineSuggestion = {
  description: string;
  currency: string;
  unit: string;
  tax_rate: number;
  /** The rate on the most recent use, and the median over every use (minor units). */
  last_rate: number;
  median_rate: number;
  times_used: number;
  last_used: string;
  /** Frequency weighted by recency, times how well the description matches (1 without a query). */
  score: number;
};

export type TermsSuggestion = { payment_terms: string | null; due_days: number | null; based_on: number };

const normalized = (text: string): string => searchFold(text).replace(/\s+/g, " ").trim();

/** Edits (insert, delete, substitute, swap two neighbours) from one text to the other. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, row) => Array.from({ length: b.length + 1 }, (_, column) => (row === 0 ? column : column === 0 ? row : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/** 1 for equal texts, falling with each edit relative to their length: "desgin" is 0.83 of "design". */
function similarity(a: string, b: string): number {
  return 1 - editDistance(a, b) / Math.max(a.length, b.length, 1);
}

/**
 * How well `text` matches a partial description `query`, 0 to 1, case and accents aside: a prefix
 * of the whole is best, then a prefix of a word, then anywhere inside; otherwise the closest word (as
 * far as was typed) or the whole by edit distance, so "consluting" still finds "Consulting".
 */
export function matchScore(query: string, text: string): number {
  const wanted = normalized(query);
  const candidate = normalized(text);
  if (!wanted) return 1;
  if (candidate.startsWith(wanted)) return 1;
  const words = candidate.split(" ");
  if (words.some((word) => word.startsWith(wanted))) return 0.9;
  if (candidate.includes(wanted)) return 0.8;
  // A partial word is compared with as much of each word as was typed: "consl" against "consu".
  const best = Math.max(similarity(wanted, candidate), ...words.map((word) => similarity(wanted, word.slice(0, wanted.length))));
  return Math.round(best * 0.75 * 1000) / 1000;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  // An even count takes the lower middle: a rate that was really charged, never an average of two.
  return sorted[sorted.length % 2 ? middle : middle - 1] ?? 0;
}

function mostCommon<T>(values: readonly T[]): T | undefined {
  const counts = new Map<T, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best: T | undefined;
  let bestCount = 0;
  // Ties go to the value seen first: the history comes newest first.
  for (const [value, count] of counts) if (count > bestCount) [best, bestCount] = [value, count];
  return best;
}

type Use = { description: string; unit: string; tax_rate: number; rate: number; date: string };

/** The lines of `history` (newest first) grouped by description and currency, ranked. */
export function suggestLines(history: readonly HistoryLine[], options: { today: string; query?: string | undefined; currency?: string | undefined; limit: number }): LineSuggestion[] {
  const groups = new Map<string, { currency: string; uses: Use[] }>();
  // A client's lines repeat a few descriptions and dates: fold and weigh each once.
  const folded = new Map<string, string>();
  for (const line of history) {
    if (options.currency && line.currency !== options.currency) continue;
    let name = folded.get(line.description);
    if (name === undefined) folded.set(line.description, (name = normalized(line.description)));
    const key = `${line.currency}|${name}`;
    const group = groups.get(key) ?? { currency: line.currency, uses: [] };
    group.uses.push({ description: line.description, unit: line.unit, tax_rate: line.tax_rate, rate: line.rate, date: line.issue_date });
    groups.set(key, group);
  }
  const weights = new Map<string, number>();
  const weightOf = (date: string): number => {
    let weight = weights.get(date);
    if (weight === undefined) weights.set(date, (weight = 0.5 ** (Math.max(0, daysBetween(date, options.today)) / HALF_LIFE_DAYS)));
    return weight;
  };
  const suggestions: LineSuggestion[] = [];
  for (const { currency, uses } of groups.values()) {
    const latest = uses.reduce((newest, use) => (use.date > newest.date ? use : newest));
    const match = options.query ? matchScore(options.query, latest.description) : 1;
    if (match < MATCH_THRESHOLD) continue;
    const weight = uses.reduce((sum, use) => sum + weightOf(use.date), 0);
    suggestions.push({
      description: latest.description,
      currency,
      unit: mostCommon(uses.map((use) => use.unit)) ?? latest.unit,
      tax_rate: mostCommon(uses.map((use) => use.tax_rate)) ?? latest.tax_rate,
      last_rate: latest.rate,
      median_rate: median(uses.map((use) => use.rate)),
      times_used: uses.length,
      last_used: latest.date,
      score: Math.round(weight * match * 1000) / 1000,
    });
  }
  return suggestions.sort((a, b) => b.score - a.score || b.last_used.localeCompare(a.last_used) || a.description.localeCompare(b.description)).slice(0, options.limit);
}

/** The invoices the lines come from, one entry each (the first line stands for its invoice). */
function invoicesOf(history: readonly HistoryLine[]): HistoryLine[] {
  const seen = new Set<string>();
  return history.filter((line) => !seen.has(line.invoice_id) && Boolean(seen.add(line.invoice_id)));
}

/** The usual payment terms text and the median days from issue to due date, over the invoices. */
export function usualTerms(history: readonly HistoryLine[]): TermsSuggestion {
  const invoices = invoicesOf(history);
  const terms = invoices.flatMap((invoice) => (invoice.payment_terms ? [invoice.payment_terms] : []));
  const offsets = invoices.flatMap((invoice) => (invoice.due_date ? [daysBetween(invoice.issue_date, invoice.due_date)] : []));
  return { payment_terms: mostCommon(terms) ?? null, due_days: offsets.length ? median(offsets) : null, based_on: invoices.length };
}

/** The currency most of the invoices are in, for a first invoice to the same client. */
export function usualCurrency(history: readonly HistoryLine[]): string | null {
  return mostCommon(invoicesOf(history).map((invoice) => invoice.currency)) ?? null;
}

/** How many invoices the lines come from. */
export function invoiceCount(history: readonly HistoryLine[]): number {
  return invoicesOf(history).length;
}
