import { z } from "zod";
import { outboxMail } from "../../server/invoices/send.ts";
import { listOf, pagination } from "../shared/schemas.ts";
import { scopedProcedure } from "../builders.ts";
import { invoiceMailOutput } from "./list-invoice-mail.ts";

export const outboxMailOutput = invoiceMailOutput
  .extend({
    invoice_id: z.string().describe("the invoice the e-mail is about (inv_…)"),
    invoice_number: z.string().nullable().describe("its number; null while it has none"),
  })
  .meta({ id: "OutboxMail" });

/**
 * The account's whole outbox of invoice e-mails, for following deliveries across invoices (one
 * invoice's are listInvoiceMail). Its e-mails about people (sign-in links, invitations) are not listed.
 */
export const listAccountMail = scopedProcedure("invoices:read")
  .meta({
    openapi: {
      method: "GET",
      path: "/mail",
      tags: ["invoices"],
      operationId: "listAccountMail",
      summary: "The account's invoice e-mails (sends and payment reminders), newest first, and how each delivery went",
    },
  })
  .input(
    z.strictObject({
      status: z.enum(["pending", "sent", "failed"]).optional().describe("queued (pending), delivered (sent) or failed"),
      kind: invoiceMailOutput.shape.kind.optional(),
      ...pagination,
    }),
  )
  .output(listOf(outboxMailOutput))
  .query(async ({ ctx, input }) => {
    const { status, kind, limit, offset } = input;
    const { data, total } = await outboxMail(ctx.services.database.db, ctx.accountId, { status, kind }, { limit, offset });
    return { data, total, limit, offset };
  });
