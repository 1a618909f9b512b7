import { z } from "zod";
import { PAID_OPERATION_NAMES } from "../../server/domain/prices.ts";
import { TIER_NAMES } from "../../server/domain/tiers.ts";

export const usageOutput = z
  .object({
    month: z.string().describe("YYYY-MM (UTC)"),
    tier: z.enum(TIER_NAMES),
    allowance: z.int().nullable().describe("paid operations included per month; null: no limit. Beyond it, calls are paid per call (x402)"),
    used: z.int().describe("this month's calls of the metered operations, which the allowance limits"),
    remaining: z.int().nullable(),
    operations: z.array(z.object({ operation: z.enum(PAID_OPERATION_NAMES as [string, ...string[]]), title: z.string(), price_usd: z.string(), metered: z.boolean().describe("counts against the allowance; the render with a credential is free and only counted"), count: z.int() })),
  })
  .meta({ id: "Usage" });
