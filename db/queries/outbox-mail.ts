// The outbox read as one list (GET /api/mail, the console's /app/outbox): an account's invoice
// e-mails, sends and payment reminders, newest first, each with the number of the invoice it is
// about. Sign-in links and invitations (account mail, about people) are never listed here.
import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { MailStatus } from "../../server/domain/mail.ts";
import type { Executor } from "../client.ts";
import { invoices, mailOutbox } from "../schema/index.ts";
import type { MailRow } from "./mail.ts";

export type InvoiceMailKind = "send" | "reminder";
const INVOICE_MAIL_KINDS: InvoiceMailKind[] = ["send", "reminder"];

export type OutboxMailFilter = { status?: MailStatus | undefined; kind?: InvoiceMailKind | undefined };

export type OutboxMailRow = MailRow & { kind: InvoiceMailKind; invoiceNumber: string | null };

export async function listOutboxMail(
  db: Executor,
  accountId: string,
  filter: OutboxMailFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: OutboxMailRow[]; total: number }> {
  const where = and(
    eq(mailOutbox.accountId, accountId),
    filter.kind ? eq(mailOutbox.kind, filter.kind) : inArray(mailOutbox.kind, INVOICE_MAIL_KINDS),
    filter.status ? eq(mailOutbox.status, filter.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ mail: mailOutbox, invoiceNumber: invoices.number })
      .from(mailOutbox)
      .leftJoin(invoices, and(eq(invoices.id, mailOutbox.invoiceId), eq(invoices.accountId, mailOutbox.accountId)))
      .where(where)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(mailOutbox).where(where),
  ]);
  // The kinds are the filter's own: every row is an invoice's send or reminder.
  return { rows: rows.map(({ mail, invoiceNumber }) => ({ ...(mail as OutboxMailRow), invoiceNumber })), total: total?.n ?? 0 };
}
