// invoices.summarize on the wire: what the four ways in take beside their subject, and the summary
// of one invoice or of a set.
import { z } from "zod";
import { invoiceStatus, invoiceType } from "./invoice.schema.ts";

export const summaryLanguage = z
  .string()
  .regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8})*$/, "a BCP 47 language such as de or fr-CA")
  .optional()
  .describe("the summary's language (en, de, fr, es, it, nl, pt, ja; others read English); default the invoice's locale");

export const invoiceSummaryOutput = z
  .object({
    text: z.string().describe("the summary, a few sentences"),
    language: z.string().describe("the language it is written in"),
    facts: z.object({
      type: invoiceType,
      status: invoiceStatus,
      number: z.string().nullable(),
      from: z.string(),
      to: z.string(),
      currency: z.string(),
      subtotal: z.int(),
      tax: z.int(),
      total: z.int(),
      amount_paid: z.int(),
      amount_due: z.int(),
      issue_date: z.string(),
      due_date: z.string().nullable(),
      days_overdue: z.int().nullable().describe("days past the due date of an open invoice or credit note"),
      days_until_due: z.int().nullable(),
      items: z.int(),
      next_action: z.enum(["finalize", "approve", "send", "await_payment", "remind", "await_response", "none"]),
    }),
  })
  .meta({ id: "InvoiceSummary" });

export const setSummaryOutput = z.object({
  text: z.string(),
  language: z.string(),
  figures: z.object({
    count: z.int(),
    client: z.string().nullable(),
    by_status: z.record(z.string(), z.int()),
    currencies: z.array(
      z.object({
        currency: z.string(),
        count: z.int(),
        total: z.int(),
        amount_due: z.int(),
        overdue_count: z.int(),
        overdue_amount: z.int(),
        oldest_overdue_days: z.int().nullable(),
      }),
    ),
  }),
});
