// Where a deep page of the invoice list starts, found from the aggregates instead of by skipping rows
// (ADR 0031). The list runs by issue_date desc, id desc; invoice_months and invoice_days (kept by
// triggers in every write's own transaction, migration 0004) count the invoices of each month and
// day per type and status. Summing a few hundred of those rows finds the day that holds row `offset`
// and how many rows come before it, so the page is read from that day on, skipping only that day's
// earlier rows: a page at offset 500,000 costs about what the first page does. The counts and the
// page are one statement, one snapshot, so the rows are exactly those a plain OFFSET would give.
import { and, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import { splitIntoMonths } from "../../server/domain/analytics.ts";
import type { InvoiceStatus, InvoiceType } from "../../server/domain/lifecycle.ts";
import type { Executor } from "../client.ts";
import { invoiceDays, invoiceMonths } from "../schema/index.ts";

/** The filters the aggregates count by: a status, a type, a range of issue dates. */
export type CountedSelection = { status?: InvoiceStatus | undefined; type?: InvoiceType | undefined; from_date?: string | undefined; to_date?: string | undefined };

/** Stand-ins for a range's missing ends: every issue date lies between them. */
const EARLIEST = "0001-01-01";
const LATEST = "9998-12-31";
/** A range no date or month falls in. */
const NOWHERE = { from: "9", to: "0" };

/** The placeholders' values: the date range split into whole months and the partial months at its ends. */
export function seekValues(selection: CountedSelection): Record<string, string> {
  const lo = selection.from_date ?? EARLIEST;
  const hi = selection.to_date ?? LATEST;
  const { months, edges } = splitIntoMonths(lo, hi);
  const [first = NOWHERE, second = NOWHERE] = lo > hi ? [] : edges;
  return {
    lo,
    hi,
    months_from: (months ?? NOWHERE).from,
    months_to: (months ?? NOWHERE).to,
    edge0_from: first.from,
    edge0_to: first.to,
    edge1_from: second.from,
    edge1_to: second.to,
  };
}

function counted(table: typeof invoiceMonths | typeof invoiceDays, selection: CountedSelection): SQL | undefined {
  return and(
    eq(table.accountId, sql.placeholder("account")),
    selection.status ? eq(table.status, sql.placeholder("status")) : undefined,
    selection.type ? eq(table.type, sql.placeholder("type")) : undefined,
  );
}

function within(column: typeof invoiceDays.issueDate | typeof invoiceMonths.month, from: string, to: string): SQL | undefined {
  return and(gte(column, sql.placeholder(from)), lte(column, sql.placeholder(to)));
}

/**
 * One row {day, rows_before, total} for placeholders account, status, type, offset and seekValues():
 * the issue date of row `offset`, how many selected rows have a later issue date, and how many rows
 * the selection holds. No row when `offset` is past the end.
 */
export function pageStart(db: Executor, selection: CountedSelection) {
  const day = invoiceDays.issueDate;
  const perDay = sql`select substr(${day}, 1, 7) as month, sum(${invoiceDays.count}) as n from ${invoiceDays} where ${counted(invoiceDays, selection)}`;
  return db.$with("page_start", { day: sql<string>`day`.as("day"), rowsBefore: sql<number>`rows_before`.as("rows_before"), total: sql<number>`total`.as("total") }).as(sql`
    with months as (
      select ${invoiceMonths.month} as month, sum(${invoiceMonths.count}) as n from ${invoiceMonths}
        where ${counted(invoiceMonths, selection)} and ${within(invoiceMonths.month, "months_from", "months_to")} group by 1
      union all ${perDay} and ${within(day, "edge0_from", "edge0_to")} group by 1
      union all ${perDay} and ${within(day, "edge1_from", "edge1_to")} group by 1
    ),
    month_at as (
      select month, through - n as rows_before from (select month, n, sum(n) over (order by month desc) as through from months)
        where through > ${sql.placeholder("offset")} order by month desc limit 1
    ),
    days as (
      select ${day} as day, sum(${invoiceDays.count}) as n from ${invoiceDays}, month_at
        where ${counted(invoiceDays, selection)} and ${day} >= max(${sql.placeholder("lo")}, month_at.month || '-01') and ${day} <= min(${sql.placeholder("hi")}, month_at.month || '-31')
        group by 1
    ),
    day_at as (
      select day, month_at.rows_before + through - n as rows_before from (select day, n, sum(n) over (order by day desc) as through from days), month_at
        where month_at.rows_before + through > ${sql.placeholder("offset")} order by day desc limit 1
    )
    select day, rows_before, (select sum(n) from months) as total from day_at limit 1`);
}
