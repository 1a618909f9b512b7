import { z } from "zod";
import { dateInZone } from "../../server/domain/clock.ts";
import { inlineInvoice } from "../../server/invoices/inline.ts";
import { summarizeInvoice } from "../../render/summary/invoice.ts";
import { publicProcedure } from "../builders.ts";
import { inlineInvoiceInput } from "./invoice.schema.ts";
import { invoiceSummaryOutput, summaryLanguage } from "./summary.schema.ts";
import { INVOICES_SUMMARIZE_TOOL } from "../tools.ts";

/** Open: an invoice given in the call, in words, stored nowhere; its days count in UTC. */
export const summarizeInlineInvoice = publicProcedure
  .meta({
    openapi: { method: "POST", path: "/summary", tags: ["invoices"], operationId: "summarizeInlineInvoice", summary: "An invoice given inline, in a few sentences, without storing it or a key" },
    tool: {
      ...INVOICES_SUMMARIZE_TOOL,
      action: "inline",
      selectWhen: "invoice",
      example: { invoice: { from_name: "Acme GmbH", bill_to_name: "Globex Corporation", currency: "EUR", locale: "fr-FR", issue_date: "2026-11-21", due_date: "2026-12-21", tax_rate: 20, items: [{ description: "Conseil", quantity: 3, rate: 90_000 }] } },
    },
  })
  .input(z.strictObject({ invoice: inlineInvoiceInput, language: summaryLanguage }))
  .output(invoiceSummaryOutput)
  // A mutation only so the invoice travels in the body (tRPC sends a query's input in the URL).
  .mutation(({ ctx, input }) => {
    const now = ctx.services.clock.now();
    return summarizeInvoice(inlineInvoice(input.invoice, now).record, { today: dateInZone(now, "UTC"), language: input.language });
  });
