// Sending on the wire (issue 8): the options a send takes, shared by invoices.send and by a
// recurring rule's "send" action, and what a send answers.
import { z } from "zod";
import { ATTACHMENT_FORMATS, MAX_RECIPIENTS } from "../../server/domain/mail.ts";
import { email } from "../shared/schemas.ts";
import { shareOutput } from "./share-invoice.ts";
import { invoiceOutput } from "./invoice.schema.ts";

const addresses = z.array(email).max(MAX_RECIPIENTS);

/** The fields of a send besides the invoice, its base revision and operation id. */
export const sendOptionsShape = {
  via: z.enum(["email", "link"]).default("email").describe("email: e-mail it with its attachments and the share link; link: only make the share link"),
  to: addresses.min(1).optional().describe(`recipients; default the client's e-mail (at most ${MAX_RECIPIENTS} with cc)`),
  cc: addresses.optional().describe("copy recipients"),
  subject: z.string().trim().min(1).max(200).optional().describe("default: a subject in the invoice's language naming the document and its number"),
  message: z.string().trim().min(1).max(5000).optional().describe("your words, put before the standard text of the e-mail"),
  attach: z
    .array(z.enum(ATTACHMENT_FORMATS))
    .max(ATTACHMENT_FORMATS.length)
    .optional()
    .describe("files to attach: pdf, facturx, ubl, cii, xrechnung (UBL syntax); default [\"pdf\"]; [] sends only the link"),
};

export const sendOptionsSchema = z.strictObject(sendOptionsShape);

export const sentMailOutput = z
  .object({
    id: z.string().describe("the queued message (mail_…)"),
    status: z.enum(["pending", "sent", "failed", "cancelled"]).describe("pending when queued: delivery follows within a minute, retried on temporary failures"),
    to: z.array(z.string()),
    cc: z.array(z.string()),
    reply_to: z.string().nullable().describe("the account's contact e-mail"),
    subject: z.string(),
    attachments: z.array(z.enum(ATTACHMENT_FORMATS)),
  })
  .meta({ id: "QueuedMail" });

export const sendResultOutput = z
  .object({
    invoice: invoiceOutput,
    via: z.enum(["email", "link"]),
    share: shareOutput.describe("the invoice's public link (also in the e-mail)"),
    mail: sentMailOutput.nullable().describe("the e-mail queued; null for via link"),
  })
  .meta({ id: "SendResult" });
