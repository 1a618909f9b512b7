// The words of one e-mail (subject, plain text, HTML) in the invoice's language, pure: the send and
// the reminder job call it when they queue a message, so the outbox row holds what will be sent.
import { labelsFor } from "../../../render/labels/index.ts";
import { element, fragment, text, trusted, type Html } from "../../../render/html/markup.ts";
import { readerFor } from "../../../render/summary/invoice.ts";
import type { InvoiceRecord } from "../../domain/invoice.ts";
import { isPayable } from "../../domain/lifecycle.ts";
import { MAIL_PHRASES, type Facts, type MailPhrases } from "./phrases/index.ts";

export type MailContent = { subject: string; text: string; html: string };

/** What a message says beside the invoice: the link to its page, and the sender's own words if any. */
export type ContentOptions = { shareUrl: string | null; subject?: string | undefined; message?: string | undefined };

type Words = { phrases: MailPhrases; language: string; title: string; facts: Facts };

/** The invoice's facts in its own language and locale (de-AT keeps Austrian numbers). */
function wordsOf(record: InvoiceRecord): Words {
  const reader = readerFor(record.locale, record.locale);
  const phrases = MAIL_PHRASES[reader.language];
  return {
    phrases,
    language: reader.language,
    title: labelsFor(reader.locale).title[record.type],
    facts: {
      ours: phrases.ours[record.type],
      number: record.number ?? record.id,
      amount: reader.money(isPayable(record.type) ? record.amount_due || record.total : record.total, record.currency),
      due: record.due_date && isPayable(record.type) ? reader.date(record.due_date) : null,
    },
  };
}

/** A letter: its paragraphs, the link to the invoice's page (or a sign-in link), and the sign-off. */
export type Letter = { paragraphs: string[]; link: { label: string; url: string } | null; closing: string };

/** A paragraph, its line breaks kept. */
function paragraphHtml(value: string): Html {
  return element("p", {}, fragment(...value.split("\n").flatMap((line, index) => (index ? [element("br"), text(line)] : [text(line)]))));
}

/** Plain text and HTML from the same letter, every value escaped in the HTML. */
export function bodies(language: string, { paragraphs, link, closing }: Letter): Pick<MailContent, "text" | "html"> {
  const plain = [...paragraphs, ...(link ? [`${link.label}\n${link.url}`] : []), closing].join("\n\n");
  const linkHtml = link ? element("p", {}, text(link.label), element("br"), element("a", { href: link.url }, text(link.url))) : null;
  const html = fragment(
    trusted("<!doctype html>"),
    element("html", { lang: language }, element("head", {}, element("meta", { charset: "utf-8" })), element("body", {}, ...paragraphs.map(paragraphHtml), linkHtml, paragraphHtml(closing))),
  );
  return { text: `${plain}\n`, html };
}

function letterOf(phrases: MailPhrases, record: InvoiceRecord, paragraphs: string[], shareUrl: string | null): Letter {
  return {
    paragraphs: [phrases.greeting(record.bill_to_name), ...paragraphs],
    link: shareUrl ? { label: phrases.viewOnline, url: shareUrl } : null,
    closing: `${phrases.closing}\n${record.from_name}`,
  };
}

/** The e-mail that sends a document: the sender's words first, then the standard sentence. */
export function sendContent(record: InvoiceRecord, options: ContentOptions): MailContent {
  const { phrases, language, title, facts } = wordsOf(record);
  const paragraphs = [...(options.message ? [options.message] : []), phrases.sent(facts)];
  return {
    subject: options.subject ?? phrases.subject(title, facts.number, record.from_name),
    ...bodies(language, letterOf(phrases, record, paragraphs, options.shareUrl)),
  };
}

/** A payment reminder `offsetDays` from the due date: before it (or on it) says when, after it that it is late. */
export function reminderContent(record: InvoiceRecord & { due_date: string }, offsetDays: number, shareUrl: string | null): MailContent {
  const { phrases, language, title, facts } = wordsOf(record);
  const due = facts.due ?? record.due_date;
  const overdue = offsetDays > 0;
  const sentence = overdue ? phrases.overdue({ ...facts, due }) : phrases.dueSoon({ ...facts, due });
  return {
    subject: phrases.reminderSubject(title, facts.number, due, overdue),
    ...bodies(language, letterOf(phrases, record, [sentence], shareUrl)),
  };
}
