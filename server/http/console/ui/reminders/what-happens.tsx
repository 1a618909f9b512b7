// What a reminder schedule will do, in plain sentences ("3 days after the due date, the client gets
// the e-mail …"), and the e-mails themselves: the service's own words (server/automation/mail),
// shown in the person's language with the invoice's details as placeholders, since each e-mail is
// written in its invoice's language with its number, amount and due date.
import type { JSX } from "preact";
import { MAIL_PHRASES } from "../../../../automation/mail/phrases/index.ts";
import { REMINDER_CATCH_UP_DAYS } from "../../../../domain/reminders.ts";
import { counted } from "../counted.ts";
import { numberText } from "../format.ts";
import { currentLanguage, t } from "../i18n/index.ts";

type Kind = "due" | "overdue";

/** The service's words for a reminder of an invoice, the facts it fills in left as placeholders. */
function reminderMail(kind: Kind, sender: string): { subject: string; paragraphs: string[] } {
  const words = MAIL_PHRASES[currentLanguage()];
  const facts = { ours: words.ours.invoice, number: t("reminders.placeholderNumber"), amount: t("reminders.placeholderAmount"), due: t("reminders.placeholderDue") };
  const overdue = kind === "overdue";
  return {
    subject: words.reminderSubject(t("type.invoice"), facts.number, facts.due, overdue),
    paragraphs: [
      words.greeting(t("reminders.placeholderClient")),
      overdue ? words.overdue(facts) : words.dueSoon(facts),
      `${words.viewOnline} ${t("reminders.placeholderLink")}`,
      `${words.closing}\n${sender}`,
    ],
  };
}

/** One step in a sentence: when it goes, and the e-mail's subject. */
function stepSentence(offset: number, sender: string): string {
  const subject = reminderMail(offset > 0 ? "overdue" : "due", sender).subject;
  if (offset === 0) return t("reminders.onDueSentence", { subject });
  return counted(offset < 0 ? "reminders.beforeSentence" : "reminders.afterSentence", Math.abs(offset), { subject });
}

function Mail({ kind, sender }: { kind: Kind; sender: string }): JSX.Element {
  const mail = reminderMail(kind, sender);
  return (
    <figure class="reminder-mail">
      <figcaption>{t(kind === "overdue" ? "reminders.mailOverdue" : "reminders.mailDue")}</figcaption>
      <blockquote>
        <p>
          <strong>{mail.subject}</strong>
        </p>
        {mail.paragraphs.map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </blockquote>
    </figure>
  );
}

/** The schedule's effect as the form stands (saved or not): `offsets` in order, each once. */
export function WhatHappens({ enabled, offsets, sender }: { enabled: boolean; offsets: readonly number[]; sender: string }): JSX.Element {
  const kinds = (["due", "overdue"] as const).filter((kind) => offsets.some((offset) => (kind === "overdue" ? offset > 0 : offset <= 0)));
  return (
    <>
      <section aria-labelledby="reminders-plan-title">
        <h2 id="reminders-plan-title">{t("reminders.planTitle")}</h2>
        {!enabled && <p>{t("reminders.off")}</p>}
        {enabled && offsets.length === 0 && <p>{t("reminders.noSteps")}</p>}
        {enabled && offsets.length > 0 && (
          <ul>
            {offsets.map((offset) => (
              <li key={offset}>{stepSentence(offset, sender)}</li>
            ))}
          </ul>
        )}
        <p class="muted">{t("reminders.who")}</p>
        <p class="muted">{t("reminders.catchUp", { days: numberText(REMINDER_CATCH_UP_DAYS) })}</p>
      </section>
      {kinds.length > 0 && (
        <section aria-labelledby="reminders-mail-title">
          <h2 id="reminders-mail-title">{t("reminders.mailTitle")}</h2>
          <p class="muted">{t("reminders.mailIntro")}</p>
          {kinds.map((kind) => (
            <Mail key={kind} kind={kind} sender={sender} />
          ))}
        </section>
      )}
    </>
  );
}
