// The send outbox (ADR 0016): a message is queued (queue.ts) in the transaction that sends the
// invoice (or queues a reminder, a sign-in link or an invite), and the `deliver-mail` job here
// composes and delivers it. Each try is recorded; a temporary failure (connection, SMTP 4xx) is
// tried again later with backoff and jitter, a permanent one (SMTP 5xx, an attachment that cannot be
// made) or the last try marks the message failed, and an invoice's message announces
// `invoice.send_failed`. Delivery is at least once: a crash between the server's acceptance and the
// row's update sends the same message again, with the same Message-ID.
import { findDueMail, insertMailAttempt, settleMail, type MailRow } from "../../../db/queries/mail.ts";
import { findInvoice } from "../../../db/queries/invoices.ts";
import { exportFile } from "../../documents/exports.ts";
import { DEFAULT_DESIGN, visibleTemplate } from "../../documents/templates.ts";
import { AppError } from "../../domain/errors.ts";
import { newId } from "../../domain/ids.ts";
import type { InvoiceRecord } from "../../domain/invoice.ts";
import { ATTACHED_XRECHNUNG_SYNTAX, isAccountMail, isPermanentFailure, nextAttemptAt, type AttachmentFormat } from "../../domain/mail.ts";
import { isRemindable } from "../../domain/reminders.ts";
import { loadProfile } from "../../accounts/profile.ts";
import type { Services } from "../../services.ts";
import type { Job } from "../scheduler.ts";
import { composeMail, type Attachment } from "./compose.ts";
import { createMailTransport, type MailTransport } from "./transports.ts";

/** The files a message carries, rendered (or reused) through the export pipeline. */
async function attachmentsOf(services: Services, accountId: string, record: InvoiceRecord, formats: readonly AttachmentFormat[]): Promise<Attachment[]> {
  if (formats.length === 0) return [];
  const { db } = services.database;
  const [profile, template] = await Promise.all([loadProfile(db, accountId), visibleTemplate(db, accountId, record.template_id ?? DEFAULT_DESIGN, "template_id")]);
  const files: Attachment[] = [];
  for (const format of formats) {
    const { file, bytes } = await exportFile(services, { accountId, exempt: true, record, profile, template, format, syntax: ATTACHED_XRECHNUNG_SYNTAX });
    const stored = bytes ?? (await services.blobs.get(file.blobKey));
    if (!stored) throw new Error(`The rendered ${format} file ${file.id} is missing from the blob store`);
    files.push({ fileName: file.fileName, contentType: file.contentType, bytes: stored });
  }
  return files;
}

type Outcome = { ok: true; response: string } | { ok: false; error: string; permanent: boolean } | { cancelled: string };

/** The files an invoice's message carries, or why it is no longer to be sent; account mail carries none. */
async function contentOf(services: Services, mail: MailRow): Promise<Attachment[] | { cancelled: string }> {
  if (isAccountMail(mail.kind)) return [];
  const stored = await findInvoice(services.database.db, mail.invoiceId);
  const record = stored?.accountId === mail.accountId ? stored.record : undefined;
  // Checked at delivery, not only when queued: an invoice paid since gets no reminder.
  if (!record) return { cancelled: "the invoice no longer exists" };
  if (mail.kind === "reminder" && !isRemindable(record)) return { cancelled: `no reminder for an invoice that is ${record.status}` };
  return attachmentsOf(services, mail.accountId, record, mail.message.attach);
}

async function attempt(services: Services, transport: MailTransport, mail: MailRow): Promise<Outcome> {
  try {
    const attachments = await contentOf(services, mail);
    if ("cancelled" in attachments) return attachments;
    const composed = await composeMail(mail, services.config.mailFrom, attachments);
    return { ok: true, response: await transport.send(composed) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // An attachment the invoice cannot make (an e-invoice missing a required field) never will.
    const permanent = isPermanentFailure(error) || (error instanceof AppError && error.status < 500);
    return { ok: false, error: message, permanent };
  }
}

/** Writes the attempt and what it came to in one transaction; a message given up announces it. */
async function settle(services: Services, mail: MailRow, outcome: Outcome): Promise<void> {
  const now = services.clock.now();
  const at = now.toISOString();
  await services.database.write(async (tx) => {
    if ("cancelled" in outcome) {
      await settleMail(tx, mail.id, { status: "cancelled", attempts: mail.attempts, nextAttemptAt: null, lastError: outcome.cancelled, sentAt: null });
      return;
    }
    const attempts = mail.attempts + 1;
    await insertMailAttempt(tx, { id: newId("att", now.getTime()), accountId: mail.accountId, mailId: mail.id, at, ok: outcome.ok, response: outcome.ok ? outcome.response : outcome.error });
    if (outcome.ok) {
      await settleMail(tx, mail.id, { status: "sent", attempts, nextAttemptAt: null, lastError: null, sentAt: at });
      return;
    }
    const retryAt = nextAttemptAt(now, attempts, outcome.permanent);
    await settleMail(tx, mail.id, { status: retryAt ? "pending" : "failed", attempts, nextAttemptAt: retryAt?.toISOString() ?? null, lastError: outcome.error, sentAt: null });
    if (retryAt || isAccountMail(mail.kind)) return;
    const { to, cc } = mail.message;
    await services.events.record(tx, mail.accountId, now, [
      { type: "invoice.send_failed", resource: { type: "invoice", id: mail.invoiceId }, data: { mail_id: mail.id, kind: mail.kind, to, cc, attempts, error: outcome.error } },
    ]);
  });
  if (!("cancelled" in outcome) && !outcome.ok) services.logger.warn("mail delivery failed", { mail: mail.id, attempts: mail.attempts + 1, error: outcome.error });
}

const DELIVERY_BATCH = 50;

/**
 * Delivers every message due now; one that fails waits for its next attempt, so a run always ends.
 * `stopping` (the process is stopping) ends it before the next message, which stays due.
 */
export async function deliverDueMail(services: Services, stopping?: AbortSignal): Promise<void> {
  // Most runs find nothing due: the transport (an SMTP pool) is made only when there is mail.
  let transport: MailTransport | undefined;
  try {
    for (;;) {
      const due = await findDueMail(services.database.db, services.clock.now().toISOString(), DELIVERY_BATCH);
      if (due.length === 0) return;
      const sender = (transport ??= createMailTransport(services.config, services.logger));
      for (const mail of due) {
        if (stopping?.aborted) return;
        await settle(services, mail, await attempt(services, sender, mail));
      }
      if (due.length < DELIVERY_BATCH) return;
    }
  } finally {
    transport?.close();
  }
}

export const deliverMail: Job = { name: "deliver-mail", everyMs: 10_000, run: deliverDueMail };
