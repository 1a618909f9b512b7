// The send outbox (ADR 0016): messages queued in the transaction that sends an invoice, their
// delivery attempts, and the reminders already queued (one per invoice and offset).
import { and, asc, eq, lte } from "drizzle-orm";
import type { MailKind, MailMessage, MailStatus } from "../../server/domain/mail.ts";
import type { Executor } from "../client.ts";
import { mailAttempts, mailOutbox, reminderSends } from "../schema/index.ts";

export type MailRow = {
  id: string;
  accountId: string;
  invoiceId: string;
  kind: MailKind;
  message: MailMessage;
  status: MailStatus;
  attempts: number;
  nextAttemptAt: string | null;
  lastError: string | null;
  messageId: string;
  createdAt: string;
  sentAt: string | null;
};

export async function insertMail(db: Executor, row: MailRow): Promise<void> {
  await db.insert(mailOutbox).values(row);
}

/** Pending messages whose next attempt is due, oldest first. */
export async function findDueMail(db: Executor, now: string, limit: number): Promise<MailRow[]> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, now)))
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
    .limit(limit);
  return rows as MailRow[];
}

/** An invoice's messages, oldest first. */
export async function listMailOfInvoice(db: Executor, accountId: string, invoiceId: string): Promise<MailRow[]> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.accountId, accountId), eq(mailOutbox.invoiceId, invoiceId)))
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id));
  return rows as MailRow[];
}

export type MailOutcome = Pick<MailRow, "status" | "attempts" | "nextAttemptAt" | "lastError" | "sentAt">;

/** Records what an attempt came to, only while the message is still pending (false otherwise). */
export async function settleMail(db: Executor, id: string, outcome: MailOutcome): Promise<boolean> {
  const changed = await db
    .update(mailOutbox)
    .set(outcome)
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "pending")))
    .returning({ id: mailOutbox.id });
  return changed.length > 0;
}

/** A failed message back in the queue, due at `now`, its count of attempts started again; false unless it had failed. */
export async function requeueFailedMail(db: Executor, id: string, now: string): Promise<boolean> {
  const changed = await db
    .update(mailOutbox)
    .set({ status: "pending", attempts: 0, nextAttemptAt: now })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "failed")))
    .returning({ id: mailOutbox.id });
  return changed.length > 0;
}

export type MailAttempt = { id: string; accountId: string; mailId: string; at: string; ok: boolean; response: string | null };

export async function insertMailAttempt(db: Executor, attempt: MailAttempt): Promise<void> {
  await db.insert(mailAttempts).values(attempt);
}

export async function listMailAttempts(db: Executor, mailId: string): Promise<MailAttempt[]> {
  return db.select().from(mailAttempts).where(eq(mailAttempts.mailId, mailId)).orderBy(asc(mailAttempts.at), asc(mailAttempts.id));
}

/**
 * Records that an invoice's reminder at an offset is queued as `mailId`. The key (invoice, offset)
 * refuses a second one, rolling its transaction back, so a reminder goes at most once.
 */
export async function claimReminder(db: Executor, claim: { accountId: string; invoiceId: string; offsetDays: number; mailId: string; now: string }): Promise<void> {
  await db.insert(reminderSends).values({ accountId: claim.accountId, invoiceId: claim.invoiceId, offsetDays: claim.offsetDays, mailId: claim.mailId, createdAt: claim.now });
}

/** The offsets already reminded of for an invoice. */
export async function remindedOffsets(db: Executor, invoiceId: string): Promise<number[]> {
  const rows = await db.select({ offsetDays: reminderSends.offsetDays }).from(reminderSends).where(eq(reminderSends.invoiceId, invoiceId));
  return rows.map((row) => row.offsetDays);
}
