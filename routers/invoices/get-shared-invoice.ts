import { z } from "zod";
import { sharedInvoice } from "../../server/documents/shares.ts";
import { publicProcedure } from "../builders.ts";
import { invoiceOutput } from "./invoice.schema.ts";
import { INVOICES_QUERY_TOOL } from "../tools.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";

/**
 * Open (invoices.query with a share token needs no key): exactly the shared invoice, nothing else.
 * A tool call naming `get` with a share_token runs this too, so an agent's first guess works.
 */
export const getSharedInvoice = publicProcedure
  .meta({
    openapi: { method: "GET", path: "/shared/{share_token}", tags: ["invoices"], operationId: "getSharedInvoice", summary: "Read the invoice a share token opens, without a key" },
    tool: { ...INVOICES_QUERY_TOOL, action: "shared", selectWhen: "share_token", alsoAnswers: "get", example: { share_token: EXAMPLE_IDS.shareToken } },
  })
  .input(z.strictObject({ share_token: z.string().min(1).max(200) }))
  .output(invoiceOutput)
  .query(async ({ ctx, input }) => (await sharedInvoice(ctx.services, input.share_token)).record);
