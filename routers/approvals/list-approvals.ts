import { z } from "zod";
import { approvalInbox } from "../../server/invoices/approvals.ts";
import { historyEntry, party } from "../invoices/invoice-history.ts";
import { invoiceOutput } from "../invoices/invoice.schema.ts";
import { isoDateTime, listOf, pagination } from "../shared/schemas.ts";
import { scopedProcedure } from "../builders.ts";


const pendingApproval = z
  .object({
    invoice: invoiceOutput,
    drafted_by: party.describe("who created the invoice"),
    submitted_at: isoDateTime.describe("the latest move to review"),
    submitted_by: party.describe("who moved it to review"),
    changes: z.array(historyEntry).describe("history since the invoice was last approved, or since it was created"),
  })
  .meta({ id: "PendingApproval" });

export const listApprovals = scopedProcedure("invoices:read")
  .meta({
    openapi: {
      method: "GET",
      path: "/approvals",
      tags: ["approvals"],
      operationId: "listApprovals",
      summary: "The approval inbox: invoices waiting in review, newest submission first; approve or send back with invoices.transition",
    },
  })
  .input(z.strictObject({ ...pagination }))
  .output(listOf(pendingApproval))
  .query(async ({ ctx, input }) => ({ ...(await approvalInbox(ctx.services.database.db, ctx.accountId, input)), limit: input.limit, offset: input.offset }));
