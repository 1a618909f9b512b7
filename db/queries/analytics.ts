// Reads of the analytics aggregates kept by the triggers of migration 0004 (ADR 0013). Each is one
// indexed range of a small table; the one read of invoices themselves covers the partial months at
// the ends of a range, for top clients.
import { and, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { ClientRevenueRow, DayRow, DueRow } from "../../server/domain/analytics.ts";
import type { Executor } from "../client.ts";
import { clientRevenueMonths, clients, invoiceDays, invoices, openReceivables } from "../schema/index.ts";

export type AnalyticsScope = { accountId: string; currency?: string | undefined };

function currencyIs(column: typeof invoiceDays.currency | typeof openReceivables.currency | typeof clientRevenueMonths.currency | typeof invoices.currency, currency: string | undefined): SQL | undefined {
  return currency ? eq(column, currency) : undefined;
}

/** Day rows from…to inclusive; rows emptied by later changes (count 0) are left out. */
export async function invoiceDaysBetween(db: Executor, scope: AnalyticsScope, from: string, to: string): Promise<DayRow[]> {
  const rows = await db
    .select({ currency: invoiceDays.currency, issue_date: invoiceDays.issueDate, type: invoiceDays.type, status: invoiceDays.status, count: invoiceDays.count, total: invoiceDays.total })
    .from(invoiceDays)
    .where(and(eq(invoiceDays.accountId, scope.accountId), currencyIs(invoiceDays.currency, scope.currency), gte(invoiceDays.issueDate, from), lte(invoiceDays.issueDate, to), sql`${invoiceDays.count} <> 0`));
  return rows as DayRow[];
}

export async function openReceivablesOf(db: Executor, scope: AnalyticsScope): Promise<DueRow[]> {
  return db
    .select({ currency: openReceivables.currency, due_date: openReceivables.dueDate, count: openReceivables.count, amount_due: openReceivables.amountDue })
    .from(openReceivables)
    .where(and(eq(openReceivables.accountId, scope.accountId), currencyIs(openReceivables.currency, scope.currency), sql`${openReceivables.count} <> 0`));
}

/** Client revenue over whole months fromMonth…toMonth (YYYY-MM, inclusive). */
export async function clientRevenueOverMonths(db: Executor, scope: AnalyticsScope, fromMonth: string, toMonth: string): Promise<ClientRevenueRow[]> {
  return db
    .select({
      currency: clientRevenueMonths.currency,
      client_key: clientRevenueMonths.clientKey,
      client_id: clientRevenueMonths.clientId,
      name: clientRevenueMonths.name,
      revenue: sql<number>`sum(${clientRevenueMonths.revenue})`,
      count: sql<number>`sum(${clientRevenueMonths.count})`,
    })
    .from(clientRevenueMonths)
    .where(and(eq(clientRevenueMonths.accountId, scope.accountId), currencyIs(clientRevenueMonths.currency, scope.currency), gte(clientRevenueMonths.month, fromMonth), lte(clientRevenueMonths.month, toMonth)))
    .groupBy(clientRevenueMonths.currency, clientRevenueMonths.clientKey);
}

/** Client revenue over some days, from the invoices themselves (the partial months of a range). */
export async function clientRevenueOverDays(db: Executor, scope: AnalyticsScope, from: string, to: string): Promise<ClientRevenueRow[]> {
  const clientKey = sql<string>`coalesce(${invoices.clientId}, 'name:' || ${invoices.billToName})`;
  return db
    .select({
      currency: invoices.currency,
      client_key: clientKey,
      client_id: invoices.clientId,
      name: sql<string>`max(${invoices.billToName})`,
      revenue: sql<number>`sum(case when ${invoices.type} = 'credit_note' then -${invoices.total} else ${invoices.total} end)`,
      count: sql<number>`count(*)`,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.accountId, scope.accountId),
        currencyIs(invoices.currency, scope.currency),
        gte(invoices.issueDate, from),
        lte(invoices.issueDate, to),
        sql`((${invoices.type} = 'invoice' and ${invoices.status} = 'paid') or (${invoices.type} = 'credit_note' and ${invoices.status} in ('sent', 'viewed', 'paid')))`,
      ),
    )
    .groupBy(invoices.currency, clientKey);
}

/** The current names of clients, for top clients billed by id. */
export async function clientNames(db: Executor, accountId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: clients.id, name: clients.name }).from(clients).where(and(eq(clients.accountId, accountId), inArray(clients.id, [...ids])));
  return new Map(rows.map((row) => [row.id, row.name]));
}
