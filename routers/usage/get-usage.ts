import { z } from "zod";
import { usageReport } from "../../server/payments/usage.ts";
import { keyProcedure } from "../builders.ts";
import { usageOutput } from "./usage.schema.ts";

export const getUsage = keyProcedure
  .meta({ openapi: { method: "GET", path: "/usage", tags: ["usage"], operationId: "getUsage", summary: "Paid operations this month (or another) against the tier's monthly allowance, and storage against its quotas" } })
  .input(z.strictObject({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "a month as YYYY-MM").optional() }))
  .output(usageOutput)
  .query(({ ctx, input }) => usageReport(ctx.services, ctx.accountId, ctx.principal.tier, input.month));
