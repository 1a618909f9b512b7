// One message as MIME, built once per attempt by nodemailer's MailComposer from the outbox row: the
// Message-ID and Date are the row's, so every attempt sends the same message and a receiver that
// got it already can drop the copy.
import { Buffer } from "node:buffer";
import MailComposer from "nodemailer/lib/mail-composer";
import type { MailRow } from "../../../db/queries/mail.ts";

export type Attachment = { fileName: string; contentType: string; bytes: Uint8Array };

/** The raw message and who it goes to: the SMTP envelope is every To and Cc address. */
export type ComposedMail = { id: string; from: string; recipients: string[]; raw: Uint8Array };

/** The address inside `Name <address>` (or the whole of a bare address): the SMTP envelope's sender. */
export function mailboxOf(from: string): string {
  return /<([^>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
}

/** `<msg_…@example.com>`: the row's id at the From address's domain (localhost without one). */
export function messageIdFor(id: string, from: string): string {
  const domain = mailboxOf(from).split("@")[1] || "localhost";
  return `<${id}@${domain}>`;
}

export async function composeMail(mail: MailRow, from: string, attachments: readonly Attachment[]): Promise<ComposedMail> {
  const { message } = mail;
  const composer = new MailComposer({
    from,
    to: message.to,
    cc: message.cc,
    ...(message.reply_to ? { replyTo: message.reply_to } : {}),
    subject: message.subject,
    text: message.text,
    html: message.html,
    messageId: mail.messageId,
    date: new Date(mail.createdAt),
    attachments: attachments.map((file) => ({ filename: file.fileName, contentType: file.contentType, content: Buffer.from(file.bytes) })),
  });
  const raw = await composer.compile().build();
  return { id: mail.id, from, recipients: [...message.to, ...message.cc], raw: new Uint8Array(raw) };
}
