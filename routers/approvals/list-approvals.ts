import { z } from "zod";
import { approvalInbox } from "../../server/invoices/approvals.ts";
import { historyEntry, party } from "../invoices/invoice-history.ts";
import { CONTENT_FIELDS } from "../../server/domain/approved-content.ts";
import { invoiceOutput, lineItemOutput } from "../invoices/invoice.schema.ts";
import { isoDateTime, listOf, pagination } from "../shared/schemas.ts";
import { scopedProcedure } from "../builders.ts";

const pendingApproval = z
  .object({
    invoice: invoiceOutput,
    drafted_by: party.describe("who created the invoice"),
    submitted_at: isoDateTime.describe("the latest move to review"),
    submitted_by: party.describe("who moved it to review"),
    changes: z.array(historyEntry).describe("history since the invoice was last approved, or since it was created"),
    since_approval: z
      .object({
        approved_revision: z.int().describe("the revision that was approved"),
        fields: z.array(z.object({ field: z.enum(CONTENT_FIELDS), approved: z.unknown(), now: z.unknown() })).describe("content fields whose value differs, with both values"),
        lines: z.array(z.object({ change: z.enum(["added", "removed", "changed"]), approved: lineItemOutput.nullable(), now: lineItemOutput.nullable() })).describe("lines paired by id: added, removed, or changed in content"),
      })
      .nullable()
      .describe("how the content differs from the content last approved; null when it was never approved"),
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
