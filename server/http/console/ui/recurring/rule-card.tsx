// One recurring rule: whom it bills and how much, its calendar in words, its next date and status,
// failures if its last issues failed; and what the person may do with it: preview the next dates,
// pause or resume, skip the next date, edit, delete (skipping and deleting ask once more).
import type { JSX } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { api } from "../api.ts";
import { ConfirmButton, ErrorNote, Loading } from "../components.tsx";
import { counted } from "../counted.ts";
import { day, money, numberText } from "../format.ts";
import { useAction, useQuery } from "../hooks.ts";
import { t } from "../i18n/index.ts";
import { Link } from "../router.ts";
import type { Rule } from "./values.ts";
import { howOften, untilWhen } from "./words.ts";

/** How many coming dates a preview shows. */
const PREVIEW_COUNT = 6;

/** The dates the service will issue on next, as its preview procedure answers them. */
function NextDates({ rule, id }: { rule: Rule; id: string }): JSX.Element {
  // A change to the rule (paused, skipped, edited) is a new preview.
  const preview = useQuery(() => api.recurring.preview.query({ id: rule.id, count: PREVIEW_COUNT }), [rule.id, rule.updated_at]);
  return (
    <section id={id} class="next-dates" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t("recurring.previewTitle")}</h3>
      <ErrorNote error={preview.error} />
      {!preview.data && !preview.error && <Loading />}
      {preview.data?.dates.length === 0 && <p class="muted">{t("recurring.previewNone")}</p>}
      {preview.data && preview.data.dates.length > 0 && (
        <ol>
          {preview.data.dates.map((date) => (
            <li key={date}>
              <time dateTime={date}>{day(date)}</time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function RuleCard({ rule, writable, focused, onChanged, onEdit }: { rule: Rule; writable: boolean; focused: boolean; onChanged(): void; onEdit(rule: Rule): void }): JSX.Element {
  const client = rule.template.bill_to_name;
  /** A change the list shows once the service has made it. */
  const changing =
    <Args extends unknown[], Result>(work: (...args: Args) => Promise<Result>) =>
    async (...args: Args): Promise<Result> => {
      const result = await work(...args);
      onChanged();
      return result;
    };
  const pause = useAction(changing(() => api.recurring.pause.mutate({ id: rule.id })), () => t("recurring.paused", { client }));
  const resume = useAction(changing(() => api.recurring.resume.mutate({ id: rule.id })), () => t("recurring.resumed", { client }));
  // The date skipped is the one the person confirmed, named again in the announcement.
  const skip = useAction(
    changing(async (date: string) => {
      await api.recurring.skip.mutate({ id: rule.id });
      return date;
    }),
    (date) => t("recurring.skipped", { date: day(date) }),
  );
  const remove = useAction(changing(() => api.recurring.delete.mutate({ id: rule.id })), () => t("recurring.deleted", { client }));
  const [previewing, setPreviewing] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // A rule just saved takes focus, so the person lands on what they changed.
  useEffect(() => {
    if (focused) heading.current?.focus();
  }, [focused]);

  const titleId = `rule-${rule.id}-title`;
  const previewId = `rule-${rule.id}-dates`;
  const next = rule.next_date;
  return (
    <li>
      <article class="card rule" aria-labelledby={titleId}>
        <h2 id={titleId} ref={heading} tabIndex={-1}>
          {client} <span class={`chip rule-${rule.status}`}>{t(`recurring.status.${rule.status}`)}</span>
        </h2>
        <dl class="facts">
          <dt>{t("recurring.amount")}</dt>
          <dd>{money(rule.template.total, rule.template.currency)}</dd>
          <dt>{t("recurring.schedule")}</dt>
          <dd>{howOften(rule)}</dd>
          <dt>{t("recurring.starts")}</dt>
          <dd>{day(rule.start_date)}</dd>
          <dt>{t("recurring.ends")}</dt>
          <dd>{untilWhen(rule)}</dd>
          <dt>{t("recurring.next")}</dt>
          <dd>{day(next)}</dd>
          <dt>{t("recurring.onIssue")}</dt>
          <dd>{t(`recurring.issue.${rule.on_issue}`)}</dd>
          <dt>{t("recurring.issued")}</dt>
          <dd>{numberText(rule.issued_count)}</dd>
          <dt>{t("recurring.copies")}</dt>
          <dd>
            <Link href={`/app/invoices/${rule.template.invoice_id}`}>{t("recurring.sourceLink")}</Link>
          </dd>
        </dl>
        {rule.last_error && <p class="error">{counted("recurring.failed", Math.max(rule.failures, 1), { error: rule.last_error })}</p>}
        <div class="actions">
          <button type="button" aria-expanded={previewing} aria-controls={previewing ? previewId : undefined} onClick={() => setPreviewing(!previewing)}>
            {t("recurring.preview")}
          </button>
          {writable && rule.status === "active" && (
            <button type="button" disabled={pause.busy} onClick={() => void pause.run()}>
              {t("recurring.pause")}
            </button>
          )}
          {writable && rule.status === "paused" && (
            <button type="button" disabled={resume.busy} onClick={() => void resume.run()}>
              {t("recurring.resume")}
            </button>
          )}
          {writable && next && (
            <ConfirmButton
              label={t("recurring.skip")}
              question={t("recurring.skipQuestion", { date: day(next) })}
              confirmLabel={t("recurring.skipConfirm", { date: day(next) })}
              busy={skip.busy}
              onConfirm={() => void skip.run(next)}
            />
          )}
          {writable && (
            <button type="button" onClick={() => onEdit(rule)}>
              {t("common.edit")}
            </button>
          )}
          {writable && <ConfirmButton label={t("common.delete")} question={t("recurring.deleteQuestion", { client })} busy={remove.busy} onConfirm={() => void remove.run()} />}
        </div>
        <ErrorNote error={pause.error ?? resume.error ?? skip.error ?? remove.error} />
        {previewing && <NextDates rule={rule} id={previewId} />}
      </article>
    </li>
  );
}
