import { z } from "zod";
import { ownedInvoice } from "../../server/invoices/ownership.ts";
import * as shares from "../../server/documents/shares.ts";
import { resourceId } from "../shared/schemas.ts";
import { scopedProcedure } from "../builders.ts";
import { INVOICES_MUTATE_TOOL } from "../tools.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";

export const shareOutput = z
  .object({
    url: z.string().describe("the public page: the invoice as accessible HTML with a PDF download"),
    token: z.string().describe("also opens the invoice through invoices.query {share_token} without a key"),
    expires_at: z.string(),
  })
  .meta({ id: "ShareLink" });

/** Not revisioned (ADR 0010 "Share links"): the link is not part of the invoice's content. */
export const shareInvoice = scopedProcedure("invoices:write")
  .meta({
    openapi: {
      method: "POST",
      path: "/invoices/{id}/share",
      tags: ["invoices"],
      operationId: "shareInvoice",
      summary: "Create the invoice's public link, or return the one that is active (one per invoice, 30 days by default)",
    },
    tool: { ...INVOICES_MUTATE_TOOL, action: "share", example: { id: EXAMPLE_IDS.invoice, expires_in_days: 30 } },
  })
  .input(z.strictObject({ id: resourceId("inv"), expires_in_days: z.int().min(1).max(365).default(shares.DEFAULT_SHARE_DAYS).describe("lifetime of a new link, 1 to 365 days") }))
  .output(shareOutput)
  .mutation(async ({ ctx, input }) => {
    const record = await ownedInvoice(ctx.services.database.db, ctx.accountId, input.id);
    return shares.shareInvoice(ctx.services, ctx.accountId, record, input.expires_in_days);
  });
