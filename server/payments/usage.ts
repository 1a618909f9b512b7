// An account's paid operations this month against its tier's allowance, and what it keeps stored
// against its storage quotas (ADR 0037): GET /api/usage and the dashboard.
import { paidUsageOf } from "../../db/queries/paid-usage.ts";
import type { TierName } from "../domain/tiers.ts";
import { PAID_OPERATION_NAMES, PAID_OPERATIONS, type PaidOperation } from "../domain/prices.ts";
import type { Services } from "../services.ts";
import { storageUsage, type StorageUsage } from "../accounts/storage-quotas.ts";
import { meteredCalls, usageMonth } from "./guard.ts";

export type UsageReport = {
  month: string;
  tier: TierName;
  allowance: number | null;
  used: number;
  remaining: number | null;
  operations: { operation: PaidOperation; title: string; price_usd: string; metered: boolean; count: number }[];
  storage: StorageUsage;
};

export async function usageReport(services: Services, accountId: string, tier: TierName, month = usageMonth(services.clock.now())): Promise<UsageReport> {
  const [rows, storage] = await Promise.all([paidUsageOf(services.database.db, accountId, month), storageUsage(services, accountId, tier)]);
  const counts = new Map(rows.map((row) => [row.operation, row.count]));
  const used = meteredCalls(rows);
  const allowance = services.config.paidCallsPerMonth[tier];
  return {
    month,
    tier,
    allowance,
    used,
    remaining: allowance === null ? null : Math.max(0, allowance - used),
    operations: PAID_OPERATION_NAMES.map((operation) => ({ operation, title: PAID_OPERATIONS[operation].title, price_usd: PAID_OPERATIONS[operation].usd, metered: PAID_OPERATIONS[operation].metered, count: counts.get(operation) ?? 0 })),
    storage,
  };
}
