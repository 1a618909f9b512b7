import { z } from "zod";
import { PAID_OPERATION_NAMES } from "../../server/domain/prices.ts";
import { TIER_NAMES } from "../../server/domain/tiers.ts";

const quotaUse = (what: string) => z.object({ used: z.int().describe(what), limit: z.int().nullable().describe("null: no limit") });

/** What the account keeps now against its tier's storage quotas (ADR 0037); over one, a store is refused with 429 QUOTA_EXCEEDED (413 for one file too large). */
const storageUsage = z
  .object({
    file_bytes: z.object({ limit: z.int().nullable().describe("the largest single file an export may store; null: no limit") }),
    exports: quotaUse("exported files whose links still live"),
    export_bytes: quotaUse("their bytes together"),
    templates: quotaUse("custom templates"),
    logo_bytes: quotaUse("the bytes of the templates' distinct logos"),
    imports_kept: quotaUse("import runs kept; beyond the limit the oldest are forgotten"),
  })
  .describe("storage now (whatever month is asked)");

export const usageOutput = z
  .object({
    month: z.string().describe("YYYY-MM (UTC)"),
    tier: z.enum(TIER_NAMES),
    allowance: z.int().nullable().describe("paid operations included per month; null: no limit. Beyond it, calls are paid per call (x402)"),
    used: z.int().describe("this month's calls of the metered operations, which the allowance limits"),
    remaining: z.int().nullable(),
    storage: storageUsage,
    operations: z.array(z.object({ operation: z.enum(PAID_OPERATION_NAMES as [string, ...string[]]), title: z.string(), price_usd: z.string(), metered: z.boolean().describe("counts against the allowance; the render with a credential is free and only counted"), count: z.int() })),
  })
  .meta({ id: "Usage" });
