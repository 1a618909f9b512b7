// Revenue analytics as pure functions over pre-aggregated rows (ADR 0013): the database keeps sums
// per day, per due date and per client-month; these functions turn them into periods, changes,
// aging buckets, days sales outstanding and top clients. Money is never summed across currencies:
// every result is per currency.
import { addDays, daysBetween } from "./clock.ts";
import type { InvoiceStatus, InvoiceType } from "./lifecycle.ts";

export const GRANULARITIES = ["day", "week", "month", "quarter", "year"] as const;
export type Granularity = (typeof GRANULARITIES)[number];

export const AGING_BUCKETS = ["current", "1-30", "31-60", "61-90", "90+"] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

/** A series longer than this is refused: ask for a coarser granularity or a shorter range. */
export const MAX_PERIODS = 1000;

/**
 * Documents of one type and status in one currency issued on one day (invoice_days) or in one month
 * (invoice_months, dated its first day), with their summed totals.
 */
export type TotalsRow = { currency: string; date: string; type: InvoiceType; status: InvoiceStatus; count: number; total: number };
/** What open invoices of one status owe in one currency (open_receivables). */
export type OwedRow = { currency: string; status: InvoiceStatus; count: number; amount_due: number };
/** The same in one aging bucket. */
export type DueRow = OwedRow & { bucket: AgingBucket };
/** Revenue of one client (an id, or `name:` + the billed name) over some days in one currency. */
export type ClientRevenueRow = { currency: string; client_key: string; client_id: string | null; name: string; revenue: number; count: number };

/**
 * What a document adds to revenue, the dashboard's rule (ADR 0008 "Dashboard"): a paid invoice its
 * total, a credit note sent, viewed or paid minus its total, anything else nothing. The triggers of
 * migration 0004 apply the same rule in SQL; a test keeps them equal.
 */
export function revenueOf(type: InvoiceType, status: InvoiceStatus, total: number): number {
  if (!countsAsRevenue(type, status)) return 0;
  return type === "credit_note" ? -total : total;
}

export function countsAsRevenue(type: InvoiceType, status: InvoiceStatus): boolean {
  return (type === "invoice" && status === "paid") || (type === "credit_note" && (status === "sent" || status === "viewed" || status === "paid"));
}

/** Invoices that were issued to a client for payment: sent, viewed, paid or overdue (DSO's credit sales). */
function isInvoiced(type: InvoiceType, status: InvoiceStatus): boolean {
  return type === "invoice" && (status === "sent" || status === "viewed" || status === "paid" || status === "overdue");
}

function isoWeek(date: string): { year: number; week: number; monday: string } {
  const day = new Date(`${date}T00:00:00Z`);
  const weekday = (day.getUTCDay() + 6) % 7;
  const monday = addDays(date, -weekday);
  // The ISO week-year is the year of the week's Thursday.
  const thursday = addDays(monday, 3);
  const year = Number(thursday.slice(0, 4));
  const week = Math.floor(daysBetween(`${year}-01-01`, thursday) / 7) + 1;
  return { year, week, monday };
}

/** The period a date falls in: its key ("2026-W48", "2026-11", "2026-Q4") and first day. */
export function periodOf(date: string, granularity: Granularity): { key: string; start: string } {
  const year = date.slice(0, 4);
  switch (granularity) {
    case "day":
      return { key: date, start: date };
    case "week": {
      const week = isoWeek(date);
      return { key: `${week.year}-W${String(week.week).padStart(2, "0")}`, start: week.monday };
    }
    case "month":
      return { key: date.slice(0, 7), start: `${date.slice(0, 7)}-01` };
    case "quarter": {
      const quarter = Math.floor((Number(date.slice(5, 7)) - 1) / 3);
      return { key: `${year}-Q${quarter + 1}`, start: `${year}-${String(quarter * 3 + 1).padStart(2, "0")}-01` };
    }
    case "year":
      return { key: year, start: `${year}-01-01` };
  }
}

/** The first day of the month `months` after (or before) the month of `date`. */
export function firstOfMonth(date: string, months = 0): string {
  const index = Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1 + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}-01`;
}

function nextPeriodStart(start: string, granularity: Granularity): string {
  switch (granularity) {
    case "day":
      return addDays(start, 1);
    case "week":
      return addDays(start, 7);
    case "month":
      return firstOfMonth(start, 1);
    case "quarter":
      return firstOfMonth(start, 3);
    case "year":
      return `${Number(start.slice(0, 4)) + 1}-01-01`;
  }
}

export type Period = { period: string; start: string; end: string };

/** The periods covering from…to, the first and last clipped to the range; null when over MAX_PERIODS. */
export function periodsBetween(from: string, to: string, granularity: Granularity): Period[] | null {
  const periods: Period[] = [];
  let { key, start } = periodOf(from, granularity);
  while (start <= to) {
    if (periods.length === MAX_PERIODS) return null;
    const next = nextPeriodStart(start, granularity);
    periods.push({ period: key, start: start < from ? from : start, end: addDays(next, -1) > to ? to : addDays(next, -1) });
    start = next;
    key = periodOf(start, granularity).key;
  }
  return periods;
}

/** The range of equal length just before from…to, for the period-over-period comparison. */
export function previousRange(from: string, to: string): { from: string; to: string } {
  const days = daysBetween(from, to) + 1;
  return { from: addDays(from, -days), to: addDays(from, -1) };
}

export type Change = { change: number; change_percent: number | null };

/** The change from `previous` to `current`; the percentage is null when there was nothing before. */
export function changeBetween(current: number, previous: number): Change {
  const change = current - previous;
  return { change, change_percent: previous === 0 ? null : Math.round((change / Math.abs(previous)) * 10_000) / 100 };
}

export type SeriesPoint = Period & { revenue: number; count: number } & Change;
export type RevenueSummary = {
  total: number;
  count: number;
  previous_total: number;
  previous_count: number;
  /** Invoices sent, viewed, paid or overdue issued in the range: DSO's credit sales. */
  invoiced: number;
  series: SeriesPoint[];
} & Change;

/**
 * Revenue per period of one currency: `current` covers the range, `previous` the range of equal
 * length before it. A row falls in the period of its date (a month row in its month's period, so
 * month rows serve month, quarter and year series; day and week series need day rows).
 */
export function revenueSeries(current: readonly TotalsRow[], previous: readonly TotalsRow[], granularity: Granularity, periods: readonly Period[]): RevenueSummary {
  const byPeriod = new Map(periods.map((period) => [period.period, { revenue: 0, count: 0 }]));
  let invoiced = 0;
  for (const row of current) {
    const point = byPeriod.get(periodOf(row.date, granularity).key);
    if (point) {
      point.revenue += revenueOf(row.type, row.status, row.total);
      point.count += countsAsRevenue(row.type, row.status) ? row.count : 0;
    }
    if (isInvoiced(row.type, row.status)) invoiced += row.total;
  }
  const before = previous.reduce((sum, row) => ({ total: sum.total + revenueOf(row.type, row.status, row.total), count: sum.count + (countsAsRevenue(row.type, row.status) ? row.count : 0) }), { total: 0, count: 0 });
  let last = 0;
  const series = periods.map((period, index) => {
    const { revenue, count } = byPeriod.get(period.period) ?? { revenue: 0, count: 0 };
    const point = { ...period, revenue, count, ...(index === 0 ? { change: 0, change_percent: null } : changeBetween(revenue, last)) };
    last = revenue;
    return point;
  });
  const total = series.reduce((sum, point) => sum + point.revenue, 0);
  const count = series.reduce((sum, point) => sum + point.count, 0);
  return { total, count, previous_total: before.total, previous_count: before.count, invoiced, series, ...changeBetween(total, before.total) };
}

export type AgingSummary = {
  outstanding: { amount: number; count: number };
  overdue: { amount: number; count: number };
  buckets: Array<{ bucket: AgingBucket; amount: number; count: number }>;
};

/** The most days late each bucket holds, in order; later than the last is "90+". Due today is current. */
const LATE_LIMITS: ReadonlyArray<readonly [AgingBucket, number]> = [
  ["current", 0],
  ["1-30", 30],
  ["31-60", 60],
  ["61-90", 90],
];
export const LAST_AGING_BUCKET: AgingBucket = "90+";

/**
 * The buckets as due dates, for `today` in the account's time zone: a debt is in the first bucket
 * whose cutoff its due date is on or after, else the last (no due date: current). The database
 * groups by these (db/queries/analytics.ts).
 */
export function agingCutoffs(today: string): Array<{ bucket: AgingBucket; dueOnOrAfter: string }> {
  return LATE_LIMITS.map(([bucket, days]) => ({ bucket, dueOnOrAfter: addDays(today, -days) }));
}

export function agingOf(rows: readonly DueRow[]): AgingSummary {
  const buckets = new Map(AGING_BUCKETS.map((bucket) => [bucket, { bucket, amount: 0, count: 0 }]));
  for (const row of rows) {
    const bucket = buckets.get(row.bucket);
    if (bucket) {
      bucket.amount += row.amount_due;
      bucket.count += row.count;
    }
  }
  const all = [...buckets.values()];
  const late = all.filter((bucket) => bucket.bucket !== "current");
  const sum = (list: typeof all) => ({ amount: list.reduce((total, bucket) => total + bucket.amount, 0), count: list.reduce((total, bucket) => total + bucket.count, 0) });
  return { outstanding: sum(all), overdue: sum(late), buckets: all };
}

/**
 * Days sales outstanding: what is owed now over what was invoiced in the range, times its days
 * (the standard receivables ÷ credit sales × days); null when nothing was invoiced.
 */
export function daysSalesOutstanding(outstanding: number, invoiced: number, range: { from: string; to: string }): number | null {
  if (invoiced <= 0) return null;
  return Math.round((outstanding / invoiced) * (daysBetween(range.from, range.to) + 1) * 10) / 10;
}

/** Whole months inside from…to, and the partial months at either end as day ranges. */
export function splitIntoMonths(from: string, to: string): { months: { from: string; to: string } | null; edges: Array<{ from: string; to: string }> } {
  const firstWhole = from.endsWith("-01") ? from.slice(0, 7) : nextPeriodStart(`${from.slice(0, 7)}-01`, "month").slice(0, 7);
  const afterTo = addDays(to, 1);
  const lastWhole = afterTo.endsWith("-01") ? addDays(afterTo, -1).slice(0, 7) : addDays(`${to.slice(0, 7)}-01`, -1).slice(0, 7);
  if (firstWhole > lastWhole) return { months: null, edges: [{ from, to }] };
  const edges: Array<{ from: string; to: string }> = [];
  if (`${firstWhole}-01` > from) edges.push({ from, to: addDays(`${firstWhole}-01`, -1) });
  const lastDay = addDays(nextPeriodStart(`${lastWhole}-01`, "month"), -1);
  if (lastDay < to) edges.push({ from: addDays(lastDay, 1), to });
  return { months: { from: firstWhole, to: lastWhole }, edges };
}

/**
 * A range of one client-revenue aggregate, added or taken away: whole years (YYYY), whole months
 * (YYYY-MM) or days (YYYY-MM-DD), from…to.
 */
export type RevenuePart = { grain: "year" | "month" | "day"; from: string; to: string; sign: 1 | -1 };

/**
 * What reading a part costs, in rows: an account's clients mostly all appear in a year and in a
 * month, a fraction of them in a day.
 */
const PART_COST = { year: 1, month: 1, day: 0.2 } as const;

type Plan = { parts: RevenuePart[]; cost: number };
const plan = (parts: RevenuePart[]): Plan => ({ parts, cost: parts.reduce((sum, part) => sum + PART_COST[part.grain] * periodCount(part), 0) });
const negated = (parts: RevenuePart[]): RevenuePart[] => parts.map((part) => ({ ...part, sign: part.sign === 1 ? -1 : 1 }));
const cheaper = (a: Plan, b: Plan): Plan => (b.cost < a.cost ? b : a);

function periodCount(part: RevenuePart): number {
  if (part.grain === "day") return daysBetween(part.from, part.to) + 1;
  if (part.grain === "year") return Number(part.to) - Number(part.from) + 1;
  const [fromYear, fromMonth] = part.from.split("-").map(Number) as [number, number];
  const [toYear, toMonth] = part.to.split("-").map(Number) as [number, number];
  return (toYear - fromYear) * 12 + (toMonth - fromMonth) + 1;
}

const lastOfMonth = (month: string): string => addDays(nextPeriodStart(`${month}-01`, "month"), -1);

/** Days from…to within one month: those days, or the whole month less the days around them. */
function monthPlan(from: string, to: string): Plan {
  const month = from.slice(0, 7);
  const first = `${month}-01`;
  const last = lastOfMonth(month);
  const days = plan([{ grain: "day", from, to, sign: 1 }]);
  if (from === first && to === last) return plan([{ grain: "month", from: month, to: month, sign: 1 }]);
  const outside = [...(from > first ? [{ grain: "day" as const, from: first, to: addDays(from, -1), sign: -1 as const }] : []), ...(to < last ? [{ grain: "day" as const, from: addDays(to, 1), to: last, sign: -1 as const }] : [])];
  return cheaper(days, plan([{ grain: "month", from: month, to: month, sign: 1 }, ...outside]));
}

/** Days from…to within one year: month by month, or the whole year less the months and days around them. */
function yearPlan(from: string, to: string): Plan {
  const year = from.slice(0, 4);
  const byMonths = (start: string, end: string): RevenuePart[] => {
    const parts: RevenuePart[] = [];
    for (let cursor = start; cursor <= end; cursor = nextPeriodStart(`${cursor.slice(0, 7)}-01`, "month")) {
      const monthEnd = lastOfMonth(cursor.slice(0, 7));
      parts.push(...monthPlan(cursor, monthEnd < end ? monthEnd : end).parts);
    }
    return parts;
  };
  if (from === `${year}-01-01` && to === `${year}-12-31`) return plan([{ grain: "year", from: year, to: year, sign: 1 }]);
  const outside = [...(from > `${year}-01-01` ? byMonths(`${year}-01-01`, addDays(from, -1)) : []), ...(to < `${year}-12-31` ? byMonths(addDays(to, 1), `${year}-12-31`) : [])];
  return cheaper(plan(byMonths(from, to)), plan([{ grain: "year", from: year, to: year, sign: 1 }, ...negated(outside)]));
}

/** Neighbouring parts of one grain and sign joined into one range. */
function joined(parts: readonly RevenuePart[]): RevenuePart[] {
  const next = (part: RevenuePart): string =>
    part.grain === "day" ? addDays(part.to, 1) : part.grain === "month" ? nextPeriodStart(`${part.to}-01`, "month").slice(0, 7) : String(Number(part.to) + 1);
  const result: RevenuePart[] = [];
  for (const part of parts) {
    const previous = result.find((candidate) => candidate.grain === part.grain && candidate.sign === part.sign && next(candidate) === part.from);
    if (previous) previous.to = part.to;
    else result.push({ ...part });
  }
  return result;
}

/**
 * The cheapest reading of a range from the client-revenue aggregates: per calendar year, its months
 * and days, or the year's row less what lies outside the range (a year to date is the year less the
 * rest of the year, most of it not yet invoiced). Summed with their signs, the parts give exactly
 * the range's revenue per client.
 */
export function revenueParts(from: string, to: string): RevenuePart[] {
  const parts: RevenuePart[] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    const start = year === Number(from.slice(0, 4)) ? from : `${year}-01-01`;
    const end = year === Number(to.slice(0, 4)) ? to : `${year}-12-31`;
    parts.push(...yearPlan(start, end).parts);
  }
  return joined(parts);
}

export type TopClient = { client_id: string | null; name: string; revenue: number; count: number };

/** Clients by revenue (then name), the rows of one client merged (the top clients are read with each client once, ranked in the database). */
export function topClients(rows: readonly ClientRevenueRow[], limit: number): TopClient[] {
  const merged = new Map<string, TopClient>();
  for (const row of rows) {
    const client = merged.get(row.client_key) ?? { client_id: row.client_id, name: row.name, revenue: 0, count: 0 };
    client.revenue += row.revenue;
    client.count += row.count;
    merged.set(row.client_key, client);
  }
  return [...merged.values()]
    .filter((client) => client.count > 0)
    .sort((a, b) => b.revenue - a.revenue || a.name.localeCompare(b.name))
    .slice(0, limit);
}

export type Breakdown = {
  /** Invoices only, so credit notes and quotes never mix into the amounts. */
  by_status: Array<{ status: InvoiceStatus; count: number; total: number }>;
  /** Every document type, whatever its status. */
  by_type: Array<{ type: InvoiceType; count: number; total: number }>;
};

/** By status and type over the rows of a range. */
export function breakdownOf(rows: readonly TotalsRow[], statuses: readonly InvoiceStatus[], types: readonly InvoiceType[]): Breakdown {
  const inRange = rows.filter((row) => row.count !== 0);
  const sum = (list: TotalsRow[]) => ({ count: list.reduce((total, row) => total + row.count, 0), total: list.reduce((total, row) => total + row.total, 0) });
  return {
    by_status: statuses.map((status) => ({ status, ...sum(inRange.filter((row) => row.type === "invoice" && row.status === status)) })).filter((entry) => entry.count > 0),
    by_type: types.map((type) => ({ type, ...sum(inRange.filter((row) => row.type === type)) })).filter((entry) => entry.count > 0),
  };
}

export type CurrencyStats = { currency: string; invoices: number; revenue: number; outstanding: number; overdue: number; overdue_invoices: number };

/**
 * The dashboard per currency (ADR 0008 "Dashboard"; ADR 0013) from the aggregates: every document
 * counted, revenue by the rule above, outstanding what open invoices owe, overdue the part of it on
 * invoices the scheduler marked overdue.
 */
export function dashboardOf(totals: readonly Omit<TotalsRow, "date">[], owed: readonly OwedRow[]): CurrencyStats[] {
  const stats = new Map<string, CurrencyStats>();
  const of = (currency: string): CurrencyStats => {
    let entry = stats.get(currency);
    if (!entry) stats.set(currency, (entry = { currency, invoices: 0, revenue: 0, outstanding: 0, overdue: 0, overdue_invoices: 0 }));
    return entry;
  };
  for (const row of totals) {
    const entry = of(row.currency);
    entry.invoices += row.count;
    entry.revenue += revenueOf(row.type, row.status, row.total);
  }
  for (const row of owed) {
    const entry = of(row.currency);
    entry.outstanding += row.amount_due;
    if (row.status === "overdue") {
      entry.overdue += row.amount_due;
      entry.overdue_invoices += row.count;
    }
  }
  return [...stats.values()].filter((entry) => entry.invoices > 0).sort((a, b) => a.currency.localeCompare(b.currency));
}
