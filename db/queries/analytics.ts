// Reads of the analytics aggregates kept by the triggers of migration 0004 (ADR 0013). Each is one
// indexed range of a small table, prepared once and run on the embedded file's native reader: whole
// months from the month tables, the partial months at a range's ends from the day tables.
import { and, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import { LAST_AGING_BUCKET, type AgingBucket, type ClientRevenueRow, type DueRow, type OwedRow, type RevenuePart, type TotalsRow } from "../../server/domain/analytics.ts";
import { unionAll, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Executor } from "../client.ts";
import { clientRevenueDays, clientRevenueMonths, clientRevenueYears, clients, invoiceDays, invoiceMonths, openReceivables } from "../schema/index.ts";
import { preparedRead } from "./prepared.ts";

export type AnalyticsScope = { accountId: string; currency?: string | undefined };

const TOTALS_KEYS = ["currency", "date", "type", "status", "count", "total"] as const;
const CLIENT_KEYS = ["currency", "client_key", "client_id", "name", "revenue", "count"] as const;

/** The scope's values for a prepared statement, and a name part telling its two shapes apart. */
function scoped(scope: AnalyticsScope, range: { from: string; to: string }): { shape: string; values: Record<string, unknown> } {
  return { shape: scope.currency ? "one" : "all", values: { account: scope.accountId, currency: scope.currency, from: range.from, to: range.to } };
}

function currencyIs(column: AnySQLiteColumn, currency: string | undefined): SQL | undefined {
  return currency ? eq(column, sql.placeholder("currency")) : undefined;
}

/** The scope's rows of an aggregate whose period (a day or a month) lies from…to, placeholders bound by scoped(). */
function inPeriod(columns: { accountId: AnySQLiteColumn; period: AnySQLiteColumn; currency: AnySQLiteColumn }, scope: AnalyticsScope): SQL | undefined {
  return and(
    eq(columns.accountId, sql.placeholder("account")),
    gte(columns.period, sql.placeholder("from")),
    lte(columns.period, sql.placeholder("to")),
    currencyIs(columns.currency, scope.currency),
  );
}

/** The day and month tables of counts and totals, each row dated the first day it covers. */
const TOTALS = {
  day: { table: invoiceDays, period: invoiceDays.issueDate, date: sql<string>`${invoiceDays.issueDate}` },
  month: { table: invoiceMonths, period: invoiceMonths.month, date: sql<string>`${invoiceMonths.month} || '-01'` },
} as const;

/** Totals per type and status over days (YYYY-MM-DD) or whole months (YYYY-MM) from…to; rows emptied by later changes are left out. */
function totalsOver(grain: keyof typeof TOTALS) {
  const { table, period, date } = TOTALS[grain];
  return async (db: Executor, scope: AnalyticsScope, from: string, to: string): Promise<TotalsRow[]> => {
    const { shape, values } = scoped(scope, { from, to });
    const statement = preparedRead<TotalsRow>(db, `analytics:${grain}s:${shape}`, TOTALS_KEYS, () =>
      db
        .select({ currency: table.currency, date, type: sql<TotalsRow["type"]>`${table.type}`, status: sql<TotalsRow["status"]>`${table.status}`, count: table.count, total: table.total })
        .from(table)
        .where(and(inPeriod({ accountId: table.accountId, period, currency: table.currency }, scope), sql`${table.count} <> 0`))
        .prepare(),
    );
    return statement.all(values);
  };
}

export const totalsOverDays = totalsOver("day");
export const totalsOverMonths = totalsOver("month");

/**
 * What open invoices owe per currency, status and aging bucket: the buckets' cutoff dates come from
 * the domain (agingCutoffs), the database only compares due dates with them.
 */
export async function openReceivablesOf(db: Executor, scope: AnalyticsScope, cutoffs: ReadonlyArray<{ bucket: AgingBucket; dueOnOrAfter: string }>): Promise<DueRow[]> {
  const { shape, values } = scoped(scope, { from: "", to: "" });
  const statement = preparedRead<DueRow>(db, `analytics:due:${shape}:${cutoffs.length}`, ["currency", "bucket", "status", "count", "amount_due"], () => {
    const due = openReceivables.dueDate;
    const whens = cutoffs.map((_, index) => sql`when ${due} >= ${sql.placeholder(`cutoff${index}`)} then ${sql.placeholder(`bucket${index}`)}`);
    const bucket = sql<AgingBucket>`case when ${due} = '' then ${sql.placeholder("bucket0")} ${sql.join(whens, sql` `)} else ${sql.placeholder("last")} end`;
    return db
      .select({ currency: openReceivables.currency, bucket, status: sql<DueRow["status"]>`${openReceivables.status}`, count: sql<number>`sum(${openReceivables.count})`, amount_due: sql<number>`sum(${openReceivables.amountDue})` })
      .from(openReceivables)
      .where(and(eq(openReceivables.accountId, sql.placeholder("account")), currencyIs(openReceivables.currency, scope.currency), sql`${openReceivables.count} <> 0`))
      .groupBy(openReceivables.currency, bucket, openReceivables.status)
      .prepare();
  });
  const bucketValues = Object.fromEntries(cutoffs.flatMap((cutoff, index) => [[`cutoff${index}`, cutoff.dueOnOrAfter], [`bucket${index}`, cutoff.bucket]]));
  return statement.all({ ...values, ...bucketValues, last: LAST_AGING_BUCKET });
}

/** What open invoices owe per currency and status, due dates aside (the dashboard). */
export async function openReceivablesByStatus(db: Executor, accountId: string): Promise<OwedRow[]> {
  const statement = preparedRead<OwedRow>(db, "analytics:owed", ["currency", "status", "count", "amount_due"], () =>
    db
      .select({ currency: openReceivables.currency, status: sql<OwedRow["status"]>`${openReceivables.status}`, count: sql<number>`sum(${openReceivables.count})`, amount_due: sql<number>`sum(${openReceivables.amountDue})` })
      .from(openReceivables)
      .where(eq(openReceivables.accountId, sql.placeholder("account")))
      .groupBy(openReceivables.currency, openReceivables.status)
      .prepare(),
  );
  return statement.all({ account: accountId });
}

/** Client revenue per day, month or year, for top clients. */
const CLIENT_REVENUE = {
  day: { table: clientRevenueDays, period: clientRevenueDays.issueDate },
  month: { table: clientRevenueMonths, period: clientRevenueMonths.month },
  year: { table: clientRevenueYears, period: clientRevenueYears.year },
} as const;

/**
 * The clients with the most revenue over `parts` (revenueParts: years, months and days, some taken
 * away), per currency: every part's rows summed per client with their signs in the database, ranked
 * there, and only those ranked `top` or better returned — ties at the last place included, so the
 * caller's own order (revenue, then name) picks among them exactly as it would among every client.
 */
export async function topClientRevenue(db: Executor, scope: AnalyticsScope, parts: readonly RevenuePart[], top: number): Promise<ClientRevenueRow[]> {
  if (parts.length === 0) return [];
  const shape = `${scope.currency ? "one" : "all"}:${parts.map((part) => part.grain).join("+")}`;
  const statement = preparedRead<ClientRevenueRow>(db, `analytics:top-clients:${shape}`, CLIENT_KEYS, () => {
    const selects = parts.map(({ grain }, index) => {
      const { table, period } = CLIENT_REVENUE[grain];
      const sign = sql.placeholder(`sign${index}`);
      return db
        .select({
          currency: table.currency,
          client_key: table.clientKey,
          client_id: table.clientId,
          name: table.name,
          revenue: sql<number>`${table.revenue} * ${sign}`.as("revenue"),
          count: sql<number>`${table.count} * ${sign}`.as("count"),
        })
        .from(table)
        .where(
          and(
            eq(table.accountId, sql.placeholder("account")),
            gte(period, sql.placeholder(`from${index}`)),
            lte(period, sql.placeholder(`to${index}`)),
            currencyIs(table.currency, scope.currency),
          ),
        );
    });
    const [first, second, ...others] = selects;
    const every = (second ? unionAll(first as (typeof selects)[number], second, ...others) : first) as (typeof selects)[number];
    const revenue = every.as("revenue");
    const summed = db
      .select({
        currency: revenue.currency,
        client_key: revenue.client_key,
        client_id: sql<string | null>`max(${revenue.client_id})`.as("client_id"),
        name: sql<string>`min(${revenue.name})`.as("name"),
        revenue: sql<number>`sum(${revenue.revenue})`.as("revenue"),
        count: sql<number>`sum(${revenue.count})`.as("count"),
        place: sql<number>`rank() over (partition by ${revenue.currency} order by sum(${revenue.revenue}) desc)`.as("place"),
      })
      .from(revenue)
      .groupBy(revenue.currency, revenue.client_key)
      .having(sql`sum(${revenue.count}) > 0`)
      .as("ranked");
    return db
      .select({ currency: summed.currency, client_key: summed.client_key, client_id: summed.client_id, name: summed.name, revenue: summed.revenue, count: summed.count })
      .from(summed)
      .where(lte(summed.place, sql.placeholder("top")))
      .prepare();
  });
  const bounds = Object.fromEntries(parts.flatMap((part, index) => [[`from${index}`, part.from], [`to${index}`, part.to], [`sign${index}`, part.sign]]));
  return statement.all({ account: scope.accountId, currency: scope.currency, top, ...bounds });
}

/** The current names of clients, for top clients billed by id. */
export async function clientNames(db: Executor, accountId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: clients.id, name: clients.name }).from(clients).where(and(eq(clients.accountId, accountId), inArray(clients.id, [...ids])));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Every document of the account by currency, type and status, over all time (for the dashboard). */
export async function totalsOfAccount(db: Executor, accountId: string): Promise<Array<Omit<TotalsRow, "date">>> {
  const statement = preparedRead<Omit<TotalsRow, "date">>(db, "analytics:account-totals", ["currency", "type", "status", "count", "total"], () =>
    db
      .select({
        currency: invoiceMonths.currency,
        type: sql<TotalsRow["type"]>`${invoiceMonths.type}`,
        status: sql<TotalsRow["status"]>`${invoiceMonths.status}`,
        count: sql<number>`sum(${invoiceMonths.count})`,
        total: sql<number>`sum(${invoiceMonths.total})`,
      })
      .from(invoiceMonths)
      .where(eq(invoiceMonths.accountId, sql.placeholder("account")))
      .groupBy(invoiceMonths.currency, invoiceMonths.type, invoiceMonths.status)
      .prepare(),
  );
  return statement.all({ account: accountId });
}
