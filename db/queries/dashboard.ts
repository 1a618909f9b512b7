// The dashboard from the analytics aggregates (ADR 0013): two small grouped reads, whatever the
// number of invoices.
import { dashboardOf, type CurrencyStats } from "../../server/domain/analytics.ts";
import type { Executor } from "../client.ts";
import { openReceivablesByStatus, totalsOfAccount } from "./analytics.ts";

export type { CurrencyStats };

export async function dashboardStats(db: Executor, accountId: string): Promise<CurrencyStats[]> {
  const [totals, owed] = await Promise.all([totalsOfAccount(db, accountId), openReceivablesByStatus(db, accountId)]);
  return dashboardOf(totals, owed);
}
