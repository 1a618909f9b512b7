import { z } from "zod";
import { sharedInvoice } from "../../server/documents/shares.ts";
import { summarizeInvoice } from "../../render/summary/invoice.ts";
import { loadProfile, todayFor } from "../../server/accounts/profile.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";
import { publicProcedure } from "../builders.ts";
import { invoiceSummaryOutput, summaryLanguage } from "./summary.schema.ts";
import { INVOICES_SUMMARIZE_TOOL } from "../tools.ts";

/** Open: the invoice a share token opens, and nothing else, in words. */
export const summarizeSharedInvoice = publicProcedure
  .meta({
    openapi: { method: "GET", path: "/shared/{share_token}/summary", tags: ["invoices"], operationId: "summarizeSharedInvoice", summary: "The invoice a share token opens, in a few sentences, without a key" },
    tool: { ...INVOICES_SUMMARIZE_TOOL, action: "shared", selectWhen: "share_token", example: { share_token: EXAMPLE_IDS.shareToken } },
  })
  .input(z.strictObject({ share_token: z.string().min(1).max(200), language: summaryLanguage }))
  .output(invoiceSummaryOutput)
  .query(async ({ ctx, input }) => {
    const shared = await sharedInvoice(ctx.services, input.share_token);
    const profile = await loadProfile(ctx.services.database.db, shared.accountId);
    return summarizeInvoice(shared.record, { today: todayFor(profile, ctx.services.clock.now()), language: input.language });
  });
