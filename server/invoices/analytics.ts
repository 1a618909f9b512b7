// An account's revenue analytics (ADR 0013): the aggregates are read in parallel, one small range
// each, and shaped per currency by the pure rules of server/domain/analytics.ts.
import type { Executor } from "../../db/client.ts";
import { clientNames, openReceivablesOf, topClientRevenue, totalsOverDays, totalsOverMonths, type AnalyticsScope } from "../../db/queries/analytics.ts";
import {
  agingCutoffs,
  agingOf,
  breakdownOf,
  firstOfMonth,
  daysSalesOutstanding,
  periodsBetween,
  previousRange,
  revenueParts,
  revenueSeries,
  splitIntoMonths,
  topClients,
  MAX_PERIODS,
  type AgingSummary,
  type Breakdown,
  type ClientRevenueRow,
  type Granularity,
  type RevenueSummary,
  type TopClient,
  type TotalsRow,
} from "../domain/analytics.ts";
import { AppError } from "../domain/errors.ts";
import { INVOICE_STATUSES, INVOICE_TYPES } from "../domain/lifecycle.ts";

export const ANALYTICS_SECTIONS = ["revenue", "aging", "dso", "clients", "breakdown"] as const;
export type AnalyticsSection = (typeof ANALYTICS_SECTIONS)[number];

export type AnalyticsRequest = {
  accountId: string;
  /** Today in the account's time zone: the default range ends here and aging counts from it. */
  today: string;
  from_date?: string | undefined;
  to_date?: string | undefined;
  granularity: Granularity;
  currency?: string | undefined;
  sections: readonly AnalyticsSection[];
  top: number;
};

export type CurrencyAnalytics = {
  currency: string;
  revenue?: RevenueSummary;
  aging?: AgingSummary;
  dso?: number | null;
  top_clients?: TopClient[];
  breakdown?: Breakdown;
};

export type Analytics = { from_date: string; to_date: string; granularity: Granularity; as_of: string; currencies: CurrencyAnalytics[] };

type Range = { from: string; to: string };
type RangeReader<Row> = (db: Executor, scope: AnalyticsScope, from: string, to: string) => Promise<Row[]>;

/** A range read as its whole months from a month table and its partial months at the ends from days. */
async function overMonthsAndDays<Row>(db: Executor, scope: AnalyticsScope, range: Range, months: RangeReader<Row>, days: RangeReader<Row>): Promise<Row[]> {
  const split = splitIntoMonths(range.from, range.to);
  const parts = await Promise.all([
    split.months ? months(db, scope, split.months.from, split.months.to) : Promise.resolve([]),
    ...split.edges.map((edge) => days(db, scope, edge.from, edge.to)),
  ]);
  return parts.flat();
}

/** Totals over a range; a series by day or week needs day rows throughout. */
function totalsOver(db: Executor, scope: AnalyticsScope, range: Range, granularity: Granularity): Promise<TotalsRow[]> {
  if (granularity === "day" || granularity === "week") return totalsOverDays(db, scope, range.from, range.to);
  return overMonthsAndDays(db, scope, range, totalsOverMonths, totalsOverDays);
}


/**
 * Top clients with their current names where they are stored clients (the aggregate keeps a billed
 * name), ordered by revenue, then by those names: the rows are the ones ranked `top` or better,
 * with every client tied at the last place, so the names decide among them here.
 */
async function namedTopClients(db: Executor, accountId: string, rows: ClientRevenueRow[], top: number): Promise<TopClient[]> {
  const names = await clientNames(db, accountId, rows.flatMap((row) => (row.client_id ? [row.client_id] : [])));
  return topClients(
    rows.map((row) => ({ ...row, name: (row.client_id && names.get(row.client_id)) || row.name })),
    top,
  );
}

export async function accountAnalytics(db: Executor, request: AnalyticsRequest): Promise<Analytics> {
  // By default the current month and the eleven before it, up to today.
  const from = request.from_date ?? firstOfMonth(request.today, -11);
  const to = request.to_date ?? (request.from_date && request.from_date > request.today ? request.from_date : request.today);
  if (from > to) throw new AppError("VALIDATION_ERROR", "from_date is after to_date", { field: "from_date", issue: "must not be after to_date" });
  const periods = periodsBetween(from, to, request.granularity);
  if (!periods) {
    throw new AppError("VALIDATION_ERROR", `The range has more than ${MAX_PERIODS} ${request.granularity} periods; choose a coarser granularity or a shorter range`, {
      field: "granularity",
      issue: `at most ${MAX_PERIODS} periods`,
    });
  }
  const range = { from, to };
  const wants = new Set(request.sections);
  const scope: AnalyticsScope = { accountId: request.accountId, currency: request.currency };
  const needsTotals = wants.has("revenue") || wants.has("dso") || wants.has("breakdown");
  const needsDue = wants.has("aging") || wants.has("dso");
  const none = Promise.resolve([]);
  const [current, previous, due, clients] = await Promise.all([
    needsTotals ? totalsOver(db, scope, range, request.granularity) : none,
    wants.has("revenue") ? totalsOver(db, scope, previousRange(from, to), request.granularity) : none,
    needsDue ? openReceivablesOf(db, scope, agingCutoffs(request.today)) : none,
    wants.has("clients") ? topClientRevenue(db, scope, revenueParts(from, to), request.top) : none,
  ]);
  const currencies = [...new Set([...current, ...due, ...clients].map((row) => row.currency))].sort();
  const perCurrency = await Promise.all(
    currencies.map(async (currency): Promise<CurrencyAnalytics> => {
      const of = <Row extends { currency: string }>(rows: readonly Row[]): Row[] => rows.filter((row) => row.currency === currency);
      const revenue = revenueSeries(of(current), of(previous), request.granularity, periods);
      const aging = agingOf(of(due));
      return {
        currency,
        ...(wants.has("revenue") ? { revenue } : {}),
        ...(wants.has("aging") ? { aging } : {}),
        ...(wants.has("dso") ? { dso: daysSalesOutstanding(aging.outstanding.amount, revenue.invoiced, range) } : {}),
        ...(wants.has("clients") ? { top_clients: await namedTopClients(db, request.accountId, of(clients), request.top) } : {}),
        ...(wants.has("breakdown") ? { breakdown: breakdownOf(of(current), INVOICE_STATUSES, INVOICE_TYPES) } : {}),
      };
    }),
  );
  return { from_date: from, to_date: to, granularity: request.granularity, as_of: request.today, currencies: perCurrency };
}
