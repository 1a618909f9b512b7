import { z } from "zod";
import * as invoices from "../../db/queries/invoices.ts";
import { ownedClient } from "../../server/invoices/ownership.ts";
import { isoDate, listOf, pagination, resourceId } from "../shared/schemas.ts";
import { scopedProcedure } from "../builders.ts";
import { invoiceOutput, invoiceStatus, invoiceType } from "./invoice.schema.ts";
import { INVOICES_QUERY_TOOL } from "../tools.ts";

/** Which invoices, the list's filters without its paging: also what a set summary and a bulk export take. */
export const invoiceSelection = {
  status: invoiceStatus.optional(),
  type: invoiceType.optional(),
  client_id: resourceId("cli").optional(),
  from_date: isoDate.optional().describe("issue_date on or after, inclusive"),
  to_date: isoDate.optional().describe("issue_date on or before, inclusive"),
  q: z.string().min(1).max(200).optional().describe("search number, client name, e-mail and line descriptions (case- and accent-insensitive)"),
};

/** A selection whose dates are in order: from_date after to_date would choose nothing, silently. */
export function datesInOrder<Shape extends z.ZodObject>(schema: Shape): Shape {
  return schema.refine((selection: { from_date?: string; to_date?: string }) => !selection.from_date || !selection.to_date || selection.from_date <= selection.to_date, {
    message: "to_date is before from_date: nothing could match",
    path: ["to_date"],
  });
}

export const listInvoicesInput = datesInOrder(z.strictObject({ ...invoiceSelection, ...pagination }));

export const listInvoices = scopedProcedure("invoices:read")
  .meta({
    openapi: { method: "GET", path: "/invoices", tags: ["invoices"], operationId: "listInvoices", summary: "List invoices, newest issue date first" },
    tool: { ...INVOICES_QUERY_TOOL, action: "list", isDefault: true, example: { status: "overdue", limit: 10 } },
  })
  .input(listInvoicesInput)
  .output(listOf(invoiceOutput))
  .query(async ({ ctx, input }) => {
    const { db } = ctx.services.database;
    if (input.client_id) await ownedClient(db, ctx.accountId, input.client_id, "client_id");
    const { records, total } = await invoices.listInvoices(db, ctx.accountId, input);
    return { data: records, total, limit: input.limit, offset: input.offset };
  });
