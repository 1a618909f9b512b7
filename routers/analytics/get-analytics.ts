import { z } from "zod";
import { AGING_BUCKETS, GRANULARITIES } from "../../server/domain/analytics.ts";
import { INVOICE_STATUSES, INVOICE_TYPES } from "../../server/domain/lifecycle.ts";
import { accountAnalytics, ANALYTICS_SECTIONS } from "../../server/invoices/analytics.ts";
import { loadProfile, todayFor } from "../../server/accounts/profile.ts";
import { currencyCode, isoDate } from "../shared/schemas.ts";
import { scopedProcedure } from "../builders.ts";

const amountAndCount = z.object({ amount: z.int(), count: z.int() });
const change = { change: z.int().describe("against the period before"), change_percent: z.number().nullable().describe("null when the period before had no revenue") };

const currencyAnalytics = z.object({
  currency: z.string(),
  revenue: z
    .object({
      total: z.int().describe("paid invoices minus credit notes sent, viewed or paid, issued in the range (minor units)"),
      count: z.int(),
      previous_total: z.int().describe("the same over the range of equal length just before"),
      previous_count: z.int(),
      ...change,
      invoiced: z.int().describe("invoices sent, viewed, paid or overdue issued in the range"),
      series: z.array(z.object({ period: z.string(), start: z.string(), end: z.string(), revenue: z.int(), count: z.int(), ...change })),
    })
    .optional(),
  aging: z
    .object({
      outstanding: amountAndCount.describe("owed on invoices sent, viewed or overdue"),
      overdue: amountAndCount.describe("the part past its due date, as of today in the account's time zone"),
      buckets: z.array(z.object({ bucket: z.enum(AGING_BUCKETS), amount: z.int(), count: z.int() })),
    })
    .optional(),
  dso: z.number().nullable().optional().describe("days sales outstanding: outstanding ÷ invoiced in the range × its days"),
  top_clients: z.array(z.object({ client_id: z.string().nullable(), name: z.string(), revenue: z.int(), count: z.int() })).optional(),
  breakdown: z
    .object({
      by_status: z.array(z.object({ status: z.enum(INVOICE_STATUSES), count: z.int(), total: z.int() })).describe("invoices issued in the range, by status"),
      by_type: z.array(z.object({ type: z.enum(INVOICE_TYPES), count: z.int(), total: z.int() })).describe("every document issued in the range, by type"),
    })
    .optional(),
});

export const getAnalytics = scopedProcedure("invoices:read")
  .meta({
    openapi: {
      method: "GET",
      path: "/analytics",
      tags: ["analytics"],
      operationId: "getAnalytics",
      summary: "Revenue by period with period-over-period change, aging, days sales outstanding, top clients and breakdowns, per currency",
    },
    tool: {
      name: "invoices.analytics",
      title: "Revenue analytics",
      description:
        "Revenue per currency (never summed across): by day to year over a date range, with period-over-period change; outstanding, overdue and aging buckets; days sales outstanding; top clients; by status and type. Default: the last 12 months by month.",
      auth: "key",
      hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
      example: { from_date: "2026-01-01", to_date: "2026-11-30", granularity: "month", sections: ["revenue", "aging"] },
    },
  })
  .input(
    z.strictObject({
      from_date: isoDate.optional().describe("first issue date counted; default the first day of the month eleven months ago"),
      to_date: isoDate.optional().describe("last issue date counted; default today in the account's time zone"),
      granularity: z.enum(GRANULARITIES).default("month"),
      currency: currencyCode.optional().describe("only this currency"),
      sections: z.array(z.enum(ANALYTICS_SECTIONS)).min(1).default([...ANALYTICS_SECTIONS]).describe("what to compute: revenue, aging, dso, clients, breakdown (default all)"),
      top: z.int().min(1).max(50).default(5).describe("how many top clients"),
    }),
  )
  .output(z.object({ from_date: z.string(), to_date: z.string(), granularity: z.enum(GRANULARITIES), as_of: z.string().describe("today in the account's time zone"), currencies: z.array(currencyAnalytics) }))
  .query(async ({ ctx, input }) => {
    const { db } = ctx.services.database;
    const profile = await loadProfile(db, ctx.accountId);
    return accountAnalytics(db, { accountId: ctx.accountId, today: todayFor(profile, ctx.services.clock.now()), ...input });
  });
