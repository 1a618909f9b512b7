import { z } from "zod";
import { summarizeSelection } from "../../server/invoices/summaries.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";
import { scopedProcedure } from "../builders.ts";
import { datesInOrder, invoiceSelection } from "./list-invoices.ts";
import { setSummaryOutput, summaryLanguage } from "./summary.schema.ts";
import { INVOICES_SUMMARIZE_TOOL } from "../tools.ts";

export const summarizeInvoices = scopedProcedure("invoices:read")
  .meta({
    openapi: {
      method: "GET",
      path: "/invoices/summary",
      tags: ["invoices"],
      operationId: "summarizeInvoices",
      summary: "The invoices the list's filters choose, in a few sentences: how many, to whom, what is overdue and still due",
    },
    tool: { ...INVOICES_SUMMARIZE_TOOL, action: "set", isDefault: true, example: { client_id: EXAMPLE_IDS.client, language: "en" } },
  })
  .input(datesInOrder(z.strictObject({ ...invoiceSelection, language: summaryLanguage.describe("the summary's language; default the account's locale") })))
  .output(setSummaryOutput)
  .query(({ ctx, input }) => {
    const { language, ...filters } = input;
    return summarizeSelection(ctx.services.database.db, ctx.accountId, filters, { now: ctx.services.clock.now(), language });
  });
