// Queuing a message in the send outbox (ADR 0016), in the caller's transaction; outbox.ts delivers.
// Apart from delivery so that what only queues (the accounts script's sign-in links) does not load
// the renderer that attachments need.
import type { Executor } from "../../../db/client.ts";
import { insertMail, type MailRow } from "../../../db/queries/mail.ts";
import { newId } from "../../domain/ids.ts";
import type { MailKind, MailMessage } from "../../domain/mail.ts";
import type { Services } from "../../services.ts";
import { messageIdFor } from "./compose.ts";

export type NewMail = { accountId: string; invoiceId: string; kind: MailKind; message: MailMessage };

/** Account mail: one person, no attachments; `about` is the user (sign_in) or the invite (invite) it is for. */
export type NewAccountMail = { accountId: string; kind: "sign_in" | "invite"; about: string; to: string; subject: string; text: string; html: string };

/** Queues a message in the caller's transaction; the job delivers it from now on. */
export async function queueMail(services: Pick<Services, "clock" | "config">, tx: Executor, mail: NewMail): Promise<MailRow> {
  const now = services.clock.now();
  const id = newId("msg", now.getTime());
  const row: MailRow = {
    id,
    ...mail,
    status: "pending",
    attempts: 0,
    nextAttemptAt: now.toISOString(),
    lastError: null,
    messageId: messageIdFor(id, services.config.mailFrom),
    createdAt: now.toISOString(),
    sentAt: null,
  };
  await insertMail(tx, row);
  return row;
}

/** Queues a sign-in link or an invite through the same outbox and delivery job as invoices. */
export function queueAccountMail(services: Pick<Services, "clock" | "config">, tx: Executor, mail: NewAccountMail): Promise<MailRow> {
  const { accountId, kind, about, to, subject, text, html } = mail;
  const message: MailMessage = { to: [to], cc: [], reply_to: null, subject, text, html, attach: [], offset_days: null };
  return queueMail(services, tx, { accountId, invoiceId: about, kind, message });
}
