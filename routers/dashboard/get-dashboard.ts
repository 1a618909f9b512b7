import { z } from "zod";
import { dashboardStats } from "../../db/queries/dashboard.ts";
import { usageReport } from "../../server/payments/usage.ts";
import { scopedProcedure } from "../builders.ts";
import { usageOutput } from "../usage/usage.schema.ts";

const currencyStats = z.object({
  currency: z.string(),
  invoices: z.int().describe("documents of every type and status in this currency"),
  revenue: z.int().describe("paid invoices minus credit notes sent, viewed or paid (minor units)"),
  outstanding: z.int().describe("amount due on sent, viewed and overdue invoices"),
  overdue: z.int().describe("amount due on overdue invoices"),
  overdue_invoices: z.int(),
});

export const getDashboard = scopedProcedure("invoices:read")
  .meta({ openapi: { method: "GET", path: "/dashboard", tags: ["dashboard"], operationId: "getDashboard", summary: "Invoices, revenue, outstanding and overdue per currency" } })
  .input(z.strictObject({}))
  .output(z.object({ total_invoices: z.int(), currencies: z.array(currencyStats), usage: usageOutput.describe("paid operations this month (GET /api/usage)") }))
  .query(async ({ ctx }) => {
    const [currencies, usage] = await Promise.all([dashboardStats(ctx.services.database.db, ctx.accountId), usageReport(ctx.services, ctx.accountId, ctx.principal.tier)]);
    return { total_invoices: currencies.reduce((sum, row) => sum + row.invoices, 0), currencies, usage };
  });
