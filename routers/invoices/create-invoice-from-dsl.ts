import { z } from "zod";
import { ATTACHMENT_FORMATS } from "../../server/domain/mail.ts";
import { createFromDsl, DSL_EXAMPLE } from "../../server/invoices/dsl.ts";
import { createInvoiceInput } from "./create-invoice.ts";
import { idempotencyKey, invoiceOutput } from "./invoice.schema.ts";
import { invoiceCreateProcedure } from "./invoice-write-procedure.ts";

/** The longest DSL text taken (a few thousand lines; the body limit is 1 MiB). */
export const MAX_DSL_CHARACTERS = 100_000;

export const createInvoiceFromDsl = invoiceCreateProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/invoices/dsl",
      tags: ["invoices"],
      operationId: "createInvoiceFromDsl",
      summary: "Create an invoice from Invoice DSL text (JSON {dsl} or the text itself as text/plain); dry_run shows it without storing",
      description:
        "Both layouts of the Invoice DSL: keyword lines (INVOICE, FROM name | address, TO name | e-mail, DATE, DUE date or Net 30, CURRENCY, TAX region or percent, ITEMS with indented `description quantity x amount` lines, NOTE, TERMS, LOCALE, FINALIZE, SEND e-mail) or colon lines with `description | quantity | amount` items. Every problem comes back at once in one 422, each with its line, column, text and what was expected.",
    },
    successStatus: 201,
    createdId: (output: { dry_run: boolean; invoice: { id: string } }) => (output.dry_run ? null : output.invoice.id),
    textBody: "dsl",
    tool: {
      name: "invoices.createFromDsl",
      title: "Create invoice from DSL",
      description:
        "Create an invoice from Invoice DSL text, a third of the tokens of the JSON. Lines: INVOICE [number], FROM name | address | e-mail, TO name | e-mail | address (links the client with that e-mail, else name), DATE YYYY-MM-DD, DUE date or Net 30, CURRENCY EUR (or let € say it), TAX DE (the region's standard VAT) or TAX 19, LOCALE de-DE, NOTE, TERMS, ITEMS then one indented line per item `Consulting 10 x €120.00 [7%]` (quantity 1 may go), FINALIZE (lock and number it), SEND [e-mail] (finalize and e-mail it; needs invoices:approve from draft). Colon lines with `description | quantity | amount` items work too. dry_run: true stores nothing; all problems come back at once with line and column.",
      auth: "key",
      hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
      example: { dsl: DSL_EXAMPLE, dry_run: true },
    },
  })
  .input(
    z.strictObject({
      dsl: z.string().min(1).max(MAX_DSL_CHARACTERS).describe("the Invoice DSL text"),
      dry_run: z.boolean().default(false).describe("parse and compute, store nothing"),
      idempotency_key: idempotencyKey.optional(),
    }),
  )
  .output(
    z.object({
      invoice: invoiceOutput,
      layout: z.enum(["A", "B"]).describe("A: keyword lines with ITEMS; B: colon lines with pipe items"),
      dry_run: z.boolean(),
      finalized: z.boolean().describe("FINALIZE locked it and assigned its number"),
      client_id: z.string().nullable().describe("the account's client the TO line was linked to"),
      send: z
        .object({
          to: z.array(z.string()),
          subject: z.string(),
          attachments: z.array(z.enum(ATTACHMENT_FORMATS)),
          mail_id: z.string().nullable().describe("the queued e-mail; null on a dry run"),
        })
        .nullable()
        .describe("what SEND e-mailed (queued for delivery) or, on a dry run, would e-mail; null without SEND"),
    }),
  )
  .mutation(({ ctx, input, path }) =>
    createFromDsl(ctx.services, ctx.writer, {
      procedure: path,
      text: input.dsl,
      dryRun: input.dry_run,
      idempotencyKey: input.idempotency_key,
      validate: (fields) => {
        const checked = createInvoiceInput.safeParse(fields);
        return checked.success ? null : checked.error.issues;
      },
    }),
  );
