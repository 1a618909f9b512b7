import { z } from "zod";
import { approvalInbox } from "../../server/invoices/approvals.ts";
import { historyEntry } from "../invoices/invoice-history.ts";
import { invoiceOutput } from "../invoices/invoice.schema.ts";
import { isoDateTime, listOf, pagination } from "../shared/schemas.ts";
import { scopedProcedure } from "../builders.ts";

const party = z
  .object({
    kind: z.enum(["user", "key", "agent", "system"]).describe("a person, an API key, an agent acting on a person's OAuth grant, or the service itself"),
    id: z.string().describe("usr_…, key_…, grt_…, rec_… (a recurring rule) or system"),
    name: z.string().nullable().describe("the person's name or e-mail, the key's name, the agent's registered client name"),
  })
  .meta({ id: "Party" });

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
