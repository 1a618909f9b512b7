// Rules of sending by e-mail (issue 8), pure: which files may ride along, how many recipients a
// message takes, and when a failed delivery is tried again.
import type { ExportFormat, XRechnungSyntax } from "./formats.ts";
import type { InvoiceStatus } from "./lifecycle.ts";
import { jitteredWaitMs } from "./retry.ts";

/** Files a send may attach: the PDF, and the e-invoices a buyer's system reads. */
export const ATTACHMENT_FORMATS = ["pdf", "facturx", "ubl", "cii", "xrechnung"] as const satisfies readonly ExportFormat[];
export type AttachmentFormat = (typeof ATTACHMENT_FORMATS)[number];

/** An attached XRechnung is written in UBL: the syntax the send checks it in and the outbox renders. */
export const ATTACHED_XRECHNUNG_SYNTAX: XRechnungSyntax = "ubl";

/** Without `attach`, a send carries the PDF. */
export const DEFAULT_ATTACHMENTS: readonly AttachmentFormat[] = ["pdf"];

/** To and cc together: enough for a buyer's accounts-payable team, too few for a mailing list. */
export const MAX_RECIPIENTS = 20;

/**
 * Waits after each failed try (the 1st failure waits 1 minute, the 5th 6 hours); a message that
 * fails once more is given up. About 8.5 hours in all: a receiving server down for a night's
 * maintenance still gets the invoice, a wrong address is reported the same day.
 */
export const RETRY_DELAYS_MS: readonly number[] = [60_000, 300_000, 1_800_000, 7_200_000, 21_600_000];

/** Tries in all: the first and one after each delay. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;


/**
 * When to try again after the `attempts`-th failed try, or null when that was the last or the
 * failure is permanent. `random` is in [0, 1): tests pass a fixed one.
 */
export function nextAttemptAt(now: Date, attempts: number, permanent: boolean, random: () => number = Math.random): Date | null {
  const wait = permanent ? null : jitteredWaitMs(RETRY_DELAYS_MS, attempts, random());
  return wait === null ? null : new Date(now.getTime() + wait);
}

/**
 * Whether a transport error means "this will never work": an SMTP 5xx reply (unknown mailbox,
 * rejected message). Connection errors, time-outs and 4xx replies are temporary.
 */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

/** Why a message was queued: an invoice sent, a payment reminder, or account mail (a sign-in link, an invite). */
export type MailKind = "send" | "reminder" | "sign_in" | "invite";

/** Mail about a person's access rather than an invoice: no invoice to check or attach at delivery. */
export function isAccountMail(kind: MailKind): boolean {
  return kind === "sign_in" || kind === "invite";
}

/** pending until delivered (sent) or given up (failed); cancelled when a reminder is no longer due at delivery. */
export type MailStatus = "pending" | "sent" | "failed" | "cancelled";

/**
 * What a queued message is made from, fixed when it is queued (the words the invoice's language gave
 * then); the attachments are rendered and the MIME built at delivery.
 */
export type MailMessage = {
  to: string[];
  cc: string[];
  reply_to: string | null;
  subject: string;
  text: string;
  html: string;
  attach: AttachmentFormat[];
  /** A reminder's day offset from the due date (−3 before, 7 after). */
  offset_days: number | null;
};

/**
 * The moves that send a document from `status`: through approval from review (the approval rules
 * of the lifecycle apply to each move), none for one already out (it is e-mailed again, paid ones
 * included: a copy for the buyer's records), null for a void one, which is never sent.
 */
export function movesToSend(status: InvoiceStatus): InvoiceStatus[] | null {
  switch (status) {
    case "draft":
    case "approved":
      return ["sent"];
    case "review":
      return ["approved", "sent"];
    case "void":
      return null;
    default:
      return [];
  }
}
