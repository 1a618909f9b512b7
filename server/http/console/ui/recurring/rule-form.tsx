// One form creates a recurring rule and edits one: exactly the choices recurring.create takes (the
// invoice it copies, the calendar, its end, what each issued invoice becomes and how it is sent,
// what happens to missed periods), and update the same less the invoice, which was copied already.
// The service checks them all; a refusal names its field and marks it.
import type { JSX } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { ATTACHMENT_FORMATS, type AttachmentFormat } from "../../../../domain/mail.ts";
import { FREQUENCIES, isMonthBased, MISSED, ON_ISSUE, type Frequency } from "../../../../domain/recurrence.ts";
import { api } from "../api.ts";
import { ErrorNote, Field } from "../components.tsx";
import { day } from "../format.ts";
import { describeError, fieldOf } from "../errors.ts";
import { useAction } from "../hooks.ts";
import { t, type PhraseKey } from "../i18n/index.ts";
import { useInvalidField } from "../invalid-field.ts";
import { Link } from "../router.ts";
import { InvoicePicker } from "./invoice-picker.tsx";
import { blankRuleValues, createInput, ruleValuesOf, updateInput, type Ending, type Rule, type RuleValues } from "./values.ts";
import { howOften } from "./words.ts";

const ENDINGS: readonly Ending[] = ["never", "count", "date"];

/** The form's name for each field a refusal may name (array indexes left out: `send.to.0` is `send.to`). */
const FIELD_LABELS: Record<string, PhraseKey> = {
  invoice_id: "recurring.invoice",
  frequency: "recurring.frequency",
  interval: "recurring.interval",
  day_of_month: "recurring.dayOfMonth",
  start_date: "recurring.startDate",
  end_date: "recurring.endDate",
  count: "recurring.count",
  on_issue: "recurring.onIssue",
  missed: "recurring.missed",
  send: "recurring.sending",
  "send.via": "recurring.sending",
  "send.to": "invoice.sendTo",
  "send.cc": "invoice.sendCc",
  "send.subject": "recurring.subject",
  "send.message": "invoice.sendMessage",
  "send.attach": "invoice.sendAttach",
};

/** The refusal in words, led by the name of the field it is about when it names one. */
function refusal(failure: unknown): string | null {
  if (!failure) return null;
  const field = fieldOf(failure)
    ?.split(".")
    .filter((part) => !/^\d+$/.test(part))
    .join(".");
  const label = field ? FIELD_LABELS[field] : undefined;
  return label ? t("recurring.fieldRefused", { field: t(label), reason: describeError(failure) }) : describeError(failure);
}

function Choices<Value extends string>({ legend, name, choices, value, label, disabled, onChange, hint }: {
  legend: string;
  name: string;
  choices: readonly Value[];
  value: Value;
  label(choice: Value): string;
  disabled?(choice: Value): boolean;
  onChange(choice: Value): void;
  hint?: string | null;
}): JSX.Element {
  return (
    <fieldset class="wide">
      <legend>{legend}</legend>
      {choices.map((choice) => (
        <label key={choice} class="check">
          <input type="radio" name={name} value={choice} checked={value === choice} disabled={disabled?.(choice)} onChange={() => onChange(choice)} /> {label(choice)}
        </label>
      ))}
      {hint && <p class="hint muted">{hint}</p>}
    </fieldset>
  );
}

/** How each issued invoice goes out, for a rule that sends: e-mail with its addresses, words and files, or only a public link. */
function SendOptions({ values, set }: { values: RuleValues; set(changes: Partial<RuleValues>): void }): JSX.Element {
  const toggled = (format: AttachmentFormat, on: boolean): AttachmentFormat[] => ATTACHMENT_FORMATS.filter((each) => (each === format ? on : values.attach.includes(each)));
  return (
    <fieldset class="wide grid-form" name="send">
      <legend>{t("recurring.sending")}</legend>
      <Choices legend={t("recurring.via")} name="send_via" choices={["email", "link"] as const} value={values.via} label={(via) => t(`recurring.via.${via}`)} onChange={(via) => set({ via })} />
      {values.via === "email" && (
        <>
          <Field label={t("invoice.sendTo")} hint={t("invoice.sendToHint")}>
            <input name="send_to" inputMode="email" maxLength={2000} value={values.to} onInput={(event) => set({ to: event.currentTarget.value })} />
          </Field>
          <Field label={t("invoice.sendCc")}>
            <input name="send_cc" inputMode="email" maxLength={2000} value={values.cc} onInput={(event) => set({ cc: event.currentTarget.value })} />
          </Field>
          <Field label={t("recurring.subject")} hint={t("recurring.subjectHint")} wide>
            <input name="send_subject" maxLength={200} value={values.subject} onInput={(event) => set({ subject: event.currentTarget.value })} />
          </Field>
          <Field label={t("invoice.sendMessage")} wide>
            <textarea name="send_message" rows={3} maxLength={5000} value={values.message} onInput={(event) => set({ message: event.currentTarget.value })} />
          </Field>
          <fieldset class="wide">
            <legend>{t("invoice.sendAttach")}</legend>
            {ATTACHMENT_FORMATS.map((format) => (
              <label key={format} class="check">
                <input type="checkbox" name="send_attach" value={format} checked={values.attach.includes(format)} onChange={(event) => set({ attach: toggled(format, event.currentTarget.checked) })} />{" "}
                {format === "facturx" ? "Factur-X" : format.toUpperCase()}
              </label>
            ))}
          </fieldset>
        </>
      )}
    </fieldset>
  );
}

export type RuleFormProps = {
  /** The rule being edited; null for a new one. */
  editing: Rule | null;
  /** The invoice a new rule starts from (the page's ?from=). */
  from: string | null;
  /** Today in the account's time zone: a new rule's first possible start. */
  today: string;
  /** Whether the person may approve: finalizing and sending on issue need it. */
  canApprove: boolean;
  /** Whether the form takes focus when it opens: yes when a button or a move within the console opened it, not on a page just loaded. */
  takeFocus: boolean;
  onSaved(rule: Rule, created: boolean): void;
  onCancel(): void;
};

export function RuleForm({ editing, from, today, canApprove, takeFocus, onSaved, onCancel }: RuleFormProps): JSX.Element {
  const [values, setValues] = useState<RuleValues>(() => (editing ? ruleValuesOf(editing) : blankRuleValues(from ?? "", today)));
  const set = (changes: Partial<RuleValues>): void => setValues((current) => ({ ...current, ...changes }));
  const save = useAction(
    async (submitted: RuleValues) => (editing ? api.recurring.update.mutate(updateInput(editing, submitted)) : api.recurring.create.mutate(createInput(submitted))),
    (rule) => (editing ? t("recurring.saved", { client: rule.template.bill_to_name }) : t("recurring.created", { client: rule.template.bill_to_name, date: day(rule.next_date) })),
  );
  const form = useRef<HTMLFormElement>(null);
  useInvalidField(form, save.failure);
  const heading = useRef<HTMLHeadingElement>(null);
  // The person goes on where the form is; a screen reader hears which rule it edits.
  useEffect(() => {
    if (takeFocus) heading.current?.focus();
  }, [editing?.id]);

  const interval = Number(values.interval);
  const monthBased = isMonthBased(values.frequency);
  const dayOfMonth = Number(values.day_of_month);
  const pictured = Number.isInteger(interval) && interval > 0 && values.start_date !== "";
  const submit = async (event: SubmitEvent): Promise<void> => {
    event.preventDefault();
    const rule = await save.run(values);
    if (rule) onSaved(rule, !editing);
  };

  return (
    <section class="card" aria-labelledby="rule-form-title">
      <h2 id="rule-form-title" ref={heading} tabIndex={-1}>
        {editing ? t("recurring.editTitle", { client: editing.template.bill_to_name }) : t("recurring.new")}
      </h2>
      <form ref={form} class="grid-form" onSubmit={submit}>
        {editing ? (
          <p class="wide">
            {t("recurring.copies")} <Link href={`/app/invoices/${editing.template.invoice_id}`}>{t("recurring.sourceLink")}</Link>
          </p>
        ) : (
          <InvoicePicker value={values.invoice_id} from={from} onChange={(invoice_id) => set({ invoice_id })} />
        )}
        <Field label={t("recurring.frequency")}>
          <select name="frequency" value={values.frequency} onChange={(event) => set({ frequency: event.currentTarget.value as Frequency })}>
            {FREQUENCIES.map((frequency) => (
              <option key={frequency} value={frequency}>
                {t(`recurring.freq.${frequency}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t("recurring.interval")} hint={t("recurring.intervalHint")}>
          <input name="interval" type="number" required min={1} max={365} step={1} value={values.interval} onInput={(event) => set({ interval: event.currentTarget.value })} />
        </Field>
        {monthBased && (
          <Field label={t("recurring.dayOfMonth")} hint={t("recurring.dayOfMonthHint")}>
            <input name="day_of_month" type="number" min={1} max={31} step={1} value={values.day_of_month} onInput={(event) => set({ day_of_month: event.currentTarget.value })} />
          </Field>
        )}
        <Field label={t("recurring.startDate")} hint={t(editing ? "recurring.rescheduleHint" : "recurring.startHint")}>
          <input name="start_date" type="date" required value={values.start_date} onInput={(event) => set({ start_date: event.currentTarget.value })} />
        </Field>
        {pictured && (
          <p class="wide muted">
            {howOften({ frequency: values.frequency, interval, day_of_month: monthBased && values.day_of_month !== "" && Number.isInteger(dayOfMonth) ? dayOfMonth : null, start_date: values.start_date })}
          </p>
        )}
        <Choices legend={t("recurring.ends")} name="ending" choices={ENDINGS} value={values.ending} label={(ending) => t(`recurring.ending.${ending}`)} onChange={(ending) => set({ ending })} />
        {values.ending === "count" && (
          <Field label={t("recurring.count")}>
            <input name="count" type="number" required min={1} max={1000} step={1} value={values.count} onInput={(event) => set({ count: event.currentTarget.value })} />
          </Field>
        )}
        {values.ending === "date" && (
          <Field label={t("recurring.endDate")} hint={t("recurring.endDateHint")}>
            <input name="end_date" type="date" required value={values.end_date} onInput={(event) => set({ end_date: event.currentTarget.value })} />
          </Field>
        )}
        <Choices
          legend={t("recurring.onIssue")}
          name="on_issue"
          choices={ON_ISSUE}
          value={values.on_issue}
          label={(onIssue) => t(`recurring.issue.${onIssue}`)}
          disabled={(onIssue) => onIssue !== "draft" && !canApprove}
          onChange={(on_issue) => set({ on_issue })}
          hint={canApprove ? null : t("recurring.needsApproval")}
        />
        {values.on_issue === "send" && <SendOptions values={values} set={set} />}
        <Choices legend={t("recurring.missed")} name="missed" choices={MISSED} value={values.missed} label={(missed) => t(`recurring.missed.${missed}`)} onChange={(missed) => set({ missed })} />
        <div class="actions wide">
          <button type="submit" class="primary" disabled={save.busy}>
            {editing ? t("common.save") : t("recurring.create")}
          </button>
          <button type="button" onClick={onCancel}>
            {t("common.cancel")}
          </button>
        </div>
        <div class="wide">
          <ErrorNote error={refusal(save.failure)} />
        </div>
      </form>
    </section>
  );
}
