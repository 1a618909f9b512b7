// invoices.send (issue 8): one revisioned save that moves the invoice to sent through the lifecycle
// (finalizing it: a number, the lock) and, in the same transaction, makes its share link and queues
// the e-mail in the outbox, so the status, the history entry, the events and the message commit
// together or not at all. An operation id replay answers the stored result and queues nothing.
// Every attachment is checked as export checks it before the save (issue 21): an invoice that
// cannot be the e-invoice asked for is refused then, not reported by a failed delivery later.
import type { Executor } from "../../db/client.ts";
import { findClient } from "../../db/queries/clients.ts";
import { listOutboxMail, type OutboxMailFilter } from "../../db/queries/outbox-mail.ts";
import { listMailOfInvoice, requeueFailedMail, type MailRow } from "../../db/queries/mail.ts";
import { assertExportable } from "../../render/export.ts";
import { queueMail } from "../automation/mail/queue.ts";
import { sendContent } from "../automation/mail/content.ts";
import { DEFAULT_SHARE_DAYS, shareLinkIn, type ShareLink } from "../documents/shares.ts";
import { AppError } from "../domain/errors.ts";
import type { InvoiceRecord } from "../domain/invoice.ts";
import { transitionRefused } from "../domain/lifecycle.ts";
import { ATTACHED_XRECHNUNG_SYNTAX, DEFAULT_ATTACHMENTS, MAX_RECIPIENTS, movesToSend, type AttachmentFormat, type MailStatus } from "../domain/mail.ts";
import type { Services } from "../services.ts";
import { saveRevision, transitioned, type Change, type Writer } from "./writes.ts";
import { loadProfile } from "../accounts/profile.ts";
import { ownedInvoice } from "./ownership.ts";

export type SendOptions = {
  via: "email" | "link";
  to?: string[] | undefined;
  cc?: string[] | undefined;
  subject?: string | undefined;
  message?: string | undefined;
  /** Default ["pdf"]; [] sends only the link. */
  attach?: AttachmentFormat[] | undefined;
};

export type SendRequest = {
  /** The procedure's path: it names the operation in the fingerprint a retry is matched by. */
  procedure: string;
  invoiceId: string;
  baseRevision: number;
  operationId: string;
  options: SendOptions;
};

export type QueuedMail = { id: string; status: MailStatus; to: string[]; cc: string[]; reply_to: string | null; subject: string; attachments: AttachmentFormat[] };

export type SendResult = { invoice: InvoiceRecord; via: SendOptions["via"]; share: ShareLink; mail: QueuedMail | null };

type Recipients = { to: string[]; cc: string[] };

/** The client's e-mail as it is now, else the invoice's bill-to e-mail (an invoice without a client). */
export async function clientEmailOf(db: Executor, accountId: string, record: InvoiceRecord): Promise<string | null> {
  const client = record.client_id ? await findClient(db, record.client_id) : undefined;
  return (client?.accountId === accountId ? client.record.email : null) ?? record.bill_to_email;
}

/**
 * Who the e-mail goes to: `to`, else the client's e-mail. None is a 422 naming `to`; so are more than MAX_RECIPIENTS.
 */
async function recipientsOf(tx: Executor, accountId: string, record: InvoiceRecord, options: SendOptions): Promise<Recipients> {
  const cc = options.cc ?? [];
  const clientEmail = options.to ? null : await clientEmailOf(tx, accountId, record);
  const to = options.to ?? (clientEmail ? [clientEmail] : []);
  if (to.length === 0) {
    throw new AppError("VALIDATION_ERROR", "No recipient: give `to`, or an e-mail address to the invoice's client", { field: "to", issue: "required: the client has no e-mail address" });
  }
  if (to.length + cc.length > MAX_RECIPIENTS) {
    throw new AppError("VALIDATION_ERROR", `At most ${MAX_RECIPIENTS} recipients in to and cc together`, { field: "cc", issue: `at most ${MAX_RECIPIENTS} with to` });
  }
  return { to, cc };
}

/**
 * The revision a send makes: the moves to sent (each checked by the lifecycle, approval included;
 * the move to sent finalizes), or none for an invoice already out, and the share link on it.
 */
async function sentChange(services: Services, tx: Executor, writer: Writer, current: InvoiceRecord, note: string): Promise<Change & { share: ShareLink }> {
  const moves = movesToSend(current.status);
  if (!moves) throw transitionRefused(current, writer.mover, `A ${current.status} invoice is never sent`);
  const now = services.clock.now();
  let record = current;
  const changes: string[] = [];
  for (const to of moves) {
    const moved = await transitioned(tx, writer.accountId, record, to, writer.mover, now);
    record = moved.record;
    changes.push(...moved.changes.filter((change) => !changes.includes(change)));
  }
  const share = await shareLinkIn(services, tx, writer.accountId, record.id, DEFAULT_SHARE_DAYS);
  return { record: { ...record, share_url: share.url }, action: "sent", changes, note, share };
}

/** The files the e-mail carries: `attach`, else the PDF. */
function attachmentsOf(options: SendOptions): AttachmentFormat[] {
  return [...(options.attach ?? DEFAULT_ATTACHMENTS)];
}

/**
 * Refuses, with the 422 export gives (render/export.ts `assertExportable`: the business term, the
 * rule when one is broken) and the format named, an attachment the sent record cannot be made into.
 * It runs on the record as sent, numbered by the move, and before anything is queued: the throw
 * rolls the whole send back.
 */
async function assertAttachable(tx: Executor, accountId: string, record: InvoiceRecord, options: SendOptions): Promise<void> {
  const attach = attachmentsOf(options);
  if (attach.length === 0) return;
  const profile = await loadProfile(tx, accountId);
  for (const format of attach) {
    try {
      assertExportable({ record, profile, format, syntax: ATTACHED_XRECHNUNG_SYNTAX });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      throw new AppError(error.code, `The ${format} attachment cannot be made: ${error.message}`, { ...error.details, format });
    }
  }
}

/** The history note: how it went and to whom. */
function noteOf(recipients: Recipients | null): string {
  return recipients ? `e-mailed to ${[...recipients.to, ...recipients.cc].join(", ")}` : "sent by link";
}

/** Queues the e-mail of a document as it is saved (number and link included), in the send's transaction. */
async function queueSendMail(services: Services, tx: Executor, accountId: string, record: InvoiceRecord, options: SendOptions, recipients: Recipients): Promise<QueuedMail> {
  const profile = await loadProfile(tx, accountId);
  const content = sendContent(record, { shareUrl: record.share_url, subject: options.subject, message: options.message });
  const attach = attachmentsOf(options);
  const message = { ...recipients, reply_to: profile.contact.email, ...content, attach, offset_days: null };
  const mail = await queueMail(services, tx, { accountId, invoiceId: record.id, kind: "send", message });
  return { id: mail.id, status: mail.status, to: message.to, cc: message.cc, reply_to: message.reply_to, subject: message.subject, attachments: attach };
}

/** Sends a stored invoice, a revisioned write (ADR 0005: base_revision and operation_id). */
export async function sendInvoice(services: Services, writer: Writer, request: SendRequest): Promise<SendResult> {
  const { procedure, invoiceId, baseRevision, operationId, options } = request;
  let planned: { recipients: Recipients | null; share: ShareLink } | undefined;
  return saveRevision<SendResult>(services, writer, {
    invoiceId,
    baseRevision,
    operationId,
    payload: { procedure, id: invoiceId, base_revision: baseRevision, options },
    async change(current, tx) {
      const recipients = options.via === "email" ? await recipientsOf(tx, writer.accountId, current, options) : null;
      const { share, ...change } = await sentChange(services, tx, writer, current, noteOf(recipients));
      if (recipients) await assertAttachable(tx, writer.accountId, change.record, options);
      planned = { recipients, share };
      return change;
    },
    async respond(saved, tx) {
      if (!planned) throw new Error("respond ran before change");
      const { recipients, share } = planned;
      const mail = recipients ? await queueSendMail(services, tx, writer.accountId, saved, options, recipients) : null;
      return { invoice: saved, via: options.via, share, mail };
    },
  });
}

/**
 * A create's follow-up that sends the invoice just created, in the create's transaction (the DSL's
 * SEND, a recurring rule that sends): the same moves, attachment check, link and queued e-mail as
 * sendInvoice. A refused attachment rolls the create back with it: the DSL answers the 422, and a
 * recurring rule counts the run as failed (server/automation/recurring.ts), as it does a send
 * without a recipient, rather than issuing an invoice whose e-mail would fail.
 */
export function sendAfterCreate(services: Services, writer: Writer, options: SendOptions): (created: InvoiceRecord, tx: Executor) => Promise<Change> {
  return async (created, tx) => {
    const recipients = options.via === "email" ? await recipientsOf(tx, writer.accountId, created, options) : null;
    const { record, action, changes, note } = await sentChange(services, tx, writer, created, noteOf(recipients));
    if (recipients) {
      await assertAttachable(tx, writer.accountId, record, options);
      await queueSendMail(services, tx, writer.accountId, record, options, recipients);
    }
    return { record, action, changes, note };
  };
}

/** An e-mail of the invoice (a send or a reminder) and how its delivery went, from the outbox itself. */
export type InvoiceMail = QueuedMail & {
  kind: "send" | "reminder";
  attempts: number;
  /** Why the last attempt failed (the mail server's answer, or why no attempt could be made); null when none did. */
  last_error: string | null;
  queued_at: string;
  sent_at: string | null;
};

function mailView(row: MailRow & { kind: "send" | "reminder" }): InvoiceMail {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    to: row.message.to,
    cc: row.message.cc,
    reply_to: row.message.reply_to,
    subject: row.message.subject,
    attachments: row.message.attach,
    attempts: row.attempts,
    last_error: row.lastError,
    queued_at: row.createdAt,
    sent_at: row.sentAt,
  };
}

const isInvoiceMail = (row: MailRow): row is MailRow & { kind: "send" | "reminder" } => row.kind === "send" || row.kind === "reminder";

/** The invoice's e-mails, oldest first (404/403 as the invoice). */
export async function invoiceMail(db: Executor, accountId: string, invoiceId: string): Promise<InvoiceMail[]> {
  await ownedInvoice(db, accountId, invoiceId);
  return (await listMailOfInvoice(db, accountId, invoiceId)).filter(isInvoiceMail).map(mailView);
}

/** An invoice e-mail in the outbox's list, with the invoice it is about (its number null while it has none). */
export type OutboxMail = InvoiceMail & { invoice_id: string; invoice_number: string | null };

/** The account's invoice e-mails, newest first, a page at a time: the whole outbox the per-invoice lists show in parts. */
export async function outboxMail(db: Executor, accountId: string, filter: OutboxMailFilter, page: { limit: number; offset: number }): Promise<{ data: OutboxMail[]; total: number }> {
  const { rows, total } = await listOutboxMail(db, accountId, filter, page);
  return { data: rows.map((row) => ({ ...mailView(row), invoice_id: row.invoiceId, invoice_number: row.invoiceNumber })), total };
}

/**
 * Puts a failed e-mail of the invoice back in the queue, due now: the outbox builds it again (its
 * attachments from the invoice as it is now, so a fixed buyer address mends an e-invoice that could
 * not be made) and tries it afresh. Only a failed one: any other is 409 INVALID_TRANSITION.
 */
export function retryInvoiceMail(services: Services, accountId: string, invoiceId: string, mailId: string): Promise<InvoiceMail> {
  return services.database.write(async (tx) => {
    await ownedInvoice(tx, accountId, invoiceId);
    const row = (await listMailOfInvoice(tx, accountId, invoiceId)).filter(isInvoiceMail).find((mail) => mail.id === mailId);
    if (!row) throw new AppError("NOT_FOUND", `The invoice has no e-mail ${mailId}`, { field: "mail_id" });
    if (row.status !== "failed") throw new AppError("INVALID_TRANSITION", `Only a failed e-mail is sent again; this one is ${row.status}`, { status: row.status });
    const now = services.clock.now().toISOString();
    await requeueFailedMail(tx, mailId, now);
    return mailView({ ...row, status: "pending", attempts: 0, nextAttemptAt: now });
  });
}
