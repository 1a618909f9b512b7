import { eq, sql } from "drizzle-orm";
import type { Executor } from "../client.ts";
import { invoices } from "../schema/index.ts";

export type CurrencyStats = { currency: string; invoices: number; revenue: number; outstanding: number; overdue: number; overdue_invoices: number };

/**
 * Per currency, in one aggregate: invoices counted (all types and statuses), revenue (paid invoices
 * minus credit notes sent, viewed or paid), outstanding (amount due on sent, viewed and overdue
 * invoices) and overdue (the overdue part of it).
 */
export async function dashboardStats(db: Executor, accountId: string): Promise<CurrencyStats[]> {
  const due = sql`${invoices.total} - ${invoices.amountPaid}`;
  const isInvoice = sql`${invoices.type} = 'invoice'`;
  const rows = await db
    .select({
      currency: invoices.currency,
      invoices: sql<number>`count(*)`,
      revenue: sql<number>`coalesce(sum(case when ${isInvoice} and ${invoices.status} = 'paid' then ${invoices.total}
        when ${invoices.type} = 'credit_note' and ${invoices.status} in ('sent', 'viewed', 'paid') then -${invoices.total} else 0 end), 0)`,
      outstanding: sql<number>`coalesce(sum(case when ${isInvoice} and ${invoices.status} in ('sent', 'viewed', 'overdue') then ${due} else 0 end), 0)`,
      overdue: sql<number>`coalesce(sum(case when ${isInvoice} and ${invoices.status} = 'overdue' then ${due} else 0 end), 0)`,
      overdue_invoices: sql<number>`coalesce(sum(case when ${isInvoice} and ${invoices.status} = 'overdue' then 1 else 0 end), 0)`,
    })
    .from(invoices)
    .where(eq(invoices.accountId, accountId))
    .groupBy(invoices.currency)
    .orderBy(invoices.currency);
  return rows;
}
