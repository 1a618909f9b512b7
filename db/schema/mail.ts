import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ownedBy } from "./columns.ts";

/**
 * The send outbox (ADR 0016): a message is committed here in the transaction that sends the invoice
 * (or signs a person in, or invites them), and a scheduler job composes and delivers it with retries.
 * `message` holds what the mail is made from (recipients, subject, text, attachments wanted), not the
 * rendered MIME.
 */
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: text("id").primaryKey(),
    ...ownedBy,
    /**
     * What the message is about: the invoice of a send or reminder; for account mail, the user a
     * sign-in link goes to or the invite (kept NOT NULL: drizzle-kit's libSQL generator rebuilds every
     * index to relax a column, and loses the ones a migration creates).
     */
    invoiceId: text("invoice_id").notNull(),
    /** send | reminder | sign_in | invite */
    kind: text("kind").notNull(),
    message: text("message", { mode: "json" }).notNull(),
    /** pending | sent | failed | cancelled (a reminder whose invoice was settled before delivery) */
    status: text("status").notNull(),
    attempts: integer("attempts").notNull(),
    nextAttemptAt: text("next_attempt_at"),
    lastError: text("last_error"),
    /** The RFC 5322 Message-ID, the same on every attempt so a receiver can drop a duplicate. */
    messageId: text("message_id").notNull(),
    createdAt: text("created_at").notNull(),
    sentAt: text("sent_at"),
  },
  (table) => [index("mail_outbox_due").on(table.status, table.nextAttemptAt), index("mail_outbox_invoice").on(table.accountId, table.invoiceId)],
);

/** Each try of a message: the transport's answer or error. */
export const mailAttempts = sqliteTable(
  "mail_attempts",
  {
    id: text("id").primaryKey(),
    ...ownedBy,
    mailId: text("mail_id").notNull(),
    at: text("at").notNull(),
    ok: integer("ok", { mode: "boolean" }).notNull(),
    response: text("response"),
  },
  (table) => [index("mail_attempts_mail").on(table.mailId, table.at)],
);

/** Reminders e-mailed, one per invoice and offset from its due date, so none goes twice. */
export const reminderSends = sqliteTable(
  "reminder_sends",
  {
    ...ownedBy,
    invoiceId: text("invoice_id").notNull(),
    offsetDays: integer("offset_days").notNull(),
    mailId: text("mail_id").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.invoiceId, table.offsetDays] })],
);
