// The words of the e-mails the service sends, per language (en.ts, de.ts …): the eight render/labels
// and render/summary speak. `MailPhrases` is the key set, so a language that misses a sentence fails tsc.
// Values arrive formatted for the invoice's locale (amounts, dates); `title` is the labels' document
// title ("Rechnung"), `ours` the document with the language's possessive ("unsere Rechnung").
import type { InvoiceType } from "../../../domain/lifecycle.ts";
import { de } from "./de.ts";
import { en } from "./en.ts";
import { es } from "./es.ts";
import { fr } from "./fr.ts";
import { it } from "./it.ts";
import { ja } from "./ja.ts";
import { nl } from "./nl.ts";
import { pt } from "./pt.ts";

export type Facts = { ours: string; number: string; amount: string; due: string | null };

export type MailPhrases = {
  ours: Record<InvoiceType, string>;
  greeting(name: string): string;
  subject(title: string, number: string, from: string): string;
  /** The opening of a sent document. */
  sent(facts: Facts): string;
  reminderSubject(title: string, number: string, due: string, overdue: boolean): string;
  /** A reminder before (or on) the due date; reminders only go for invoices. */
  dueSoon(facts: Facts & { due: string }): string;
  /** A reminder after the due date. */
  overdue(facts: Facts & { due: string }): string;
  viewOnline: string;
  closing: string;
};

export const MAIL_PHRASES = { en, de, fr, es, it, nl, pt, ja } satisfies Record<string, MailPhrases>;
