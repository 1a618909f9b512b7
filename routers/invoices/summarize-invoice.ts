import { z } from "zod";
import * as summary from "../../render/summary/invoice.ts";
import { ownedInvoice } from "../../server/invoices/ownership.ts";
import { loadProfile, todayFor } from "../../server/accounts/profile.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";
import { resourceId } from "../shared/schemas.ts";
import { scopedProcedure } from "../builders.ts";
import { invoiceSummaryOutput, summaryLanguage } from "./summary.schema.ts";
import { INVOICES_SUMMARIZE_TOOL } from "../tools.ts";

export const summarizeInvoice = scopedProcedure("invoices:read")
  .meta({
    openapi: { method: "GET", path: "/invoices/{id}/summary", tags: ["invoices"], operationId: "summarizeInvoice", summary: "An invoice in a few sentences, in its language, with what to do next" },
    tool: { ...INVOICES_SUMMARIZE_TOOL, action: "stored", selectWhen: "id", example: { id: EXAMPLE_IDS.invoice, language: "de" } },
  })
  .input(z.strictObject({ id: resourceId("inv"), language: summaryLanguage }))
  .output(invoiceSummaryOutput)
  .query(async ({ ctx, input }) => {
    const { db } = ctx.services.database;
    const [record, profile] = await Promise.all([ownedInvoice(db, ctx.accountId, input.id), loadProfile(db, ctx.accountId)]);
    return summary.summarizeInvoice(record, { today: todayFor(profile, ctx.services.clock.now()), language: input.language });
  });
