// Payment reminders: the account's schedule (on or off, and its steps in days before or after the
// due date) with what it will do in plain sentences and the e-mails it sends. Everyone who reads
// invoices sees it; changing it needs account:admin, as reminders.set does.
import type { JSX } from "preact";
import { useLayoutEffect, useRef, useState } from "preact/hooks";
import { MAX_REMINDER_OFFSETS } from "../../../../domain/reminders.ts";
import { api, type Outputs } from "../api.ts";
import { ErrorNote, Field, Loading, PageTitle } from "../components.tsx";
import { describeError, fieldOf } from "../errors.ts";
import { numberText } from "../format.ts";
import { useAction, useQuery } from "../hooks.ts";
import { t } from "../i18n/index.ts";
import { followingStep, offsetOf, plannedOffsets, stepsOf, type Step, type When } from "../reminders/steps.ts";
import { WhatHappens } from "../reminders/what-happens.tsx";
import type { PageProps } from "../routes.ts";
import { can, useSession } from "../session.ts";

type Schedule = Outputs["reminders"]["get"];

const WHEN: readonly When[] = ["before", "on", "after"];

/** The control of the step a refusal names (`offsets.2`): its days, or its choice when it has none. */
const controlIdOf = (index: number, steps: readonly Step[]): string => (steps[index]?.when === "on" ? `reminder-when-${index}` : `reminder-days-${index}`);

/** The step index a refusal names, or null when it names the whole list or another field. */
function refusedStep(failure: unknown): number | null {
  const match = /^offsets\.(\d+)/.exec(fieldOf(failure) ?? "");
  return match ? Number(match[1]) : null;
}

/** The refusal in words, led by the step it is about. */
function refusal(failure: unknown): string | null {
  if (!failure) return null;
  const index = refusedStep(failure);
  const field = index === null ? (fieldOf(failure) === "offsets" ? t("reminders.steps") : null) : t("reminders.step", { n: numberText(index + 1) });
  return field ? t("reminders.fieldRefused", { field, reason: describeError(failure) }) : describeError(failure);
}

/** Marks the refused step's control and moves focus to it; the next attempt clears the mark. */
function useMarkedStep(form: { current: HTMLFormElement | null }, failure: unknown, steps: readonly Step[]): void {
  useLayoutEffect(() => {
    const root = form.current;
    if (!root) return;
    for (const marked of root.querySelectorAll("[aria-invalid='true']")) marked.removeAttribute("aria-invalid");
    const index = refusedStep(failure);
    const control = index === null ? null : document.getElementById(controlIdOf(index, steps));
    control?.setAttribute("aria-invalid", "true");
    control?.focus();
  }, [failure]);
}

function StepRow({ step, index, onChange, onRemove }: { step: Step; index: number; onChange(step: Step): void; onRemove(): void }): JSX.Element {
  const number = index + 1;
  return (
    <li>
      <fieldset class="reminder-step">
        <legend>{t("reminders.step", { n: numberText(number) })}</legend>
        {step.when !== "on" && (
          <Field label={t("reminders.days")}>
            <input id={`reminder-days-${index}`} type="number" required min={0} step={1} inputMode="numeric" value={step.days} onInput={(event) => onChange({ ...step, days: event.currentTarget.value })} />
          </Field>
        )}
        <Field label={t("reminders.when")}>
          <select id={`reminder-when-${index}`} value={step.when} onChange={(event) => onChange({ ...step, when: event.currentTarget.value as When, days: step.days || "7" })}>
            {WHEN.map((when) => (
              <option key={when} value={when}>
                {t(`reminders.when.${when}`)}
              </option>
            ))}
          </select>
        </Field>
        <button type="button" onClick={onRemove} aria-label={t("reminders.removeStep", { n: numberText(number) })}>
          {t("reminders.remove")}
        </button>
      </fieldset>
    </li>
  );
}

function ScheduleForm({ stored, sender }: { stored: Schedule; sender: string }): JSX.Element {
  const [enabled, setEnabled] = useState(stored.enabled);
  const [steps, setSteps] = useState(() => stepsOf(stored.offsets));
  const save = useAction(
    (schedule: Schedule) => api.reminders.set.mutate(schedule),
    (kept) => t(kept.enabled ? "reminders.savedOn" : "reminders.savedOff"),
  );
  const form = useRef<HTMLFormElement>(null);
  useMarkedStep(form, save.failure, steps);
  const list = useRef<HTMLOListElement>(null);

  const submit = async (event: SubmitEvent): Promise<void> => {
    event.preventDefault();
    const kept = await save.run({ enabled, offsets: steps.map(offsetOf) });
    // The service keeps them in order, each once: the form shows them as kept.
    if (kept) setSteps(stepsOf(kept.offsets));
  };
  const add = (): void => {
    setSteps([...steps, followingStep(steps)]);
    // The new step's days take focus once drawn.
    requestAnimationFrame(() => list.current?.querySelector<HTMLElement>("li:last-child input, li:last-child select")?.focus());
  };
  const change = (index: number, step: Step): void => setSteps(steps.map((each, at) => (at === index ? step : each)));
  const remove = (index: number): void => {
    setSteps(steps.filter((_, at) => at !== index));
    // Focus goes on to the step that took its place, or to "Add a step" after the last.
    requestAnimationFrame(() => (list.current?.querySelectorAll<HTMLElement>("li input, li select")[index] ?? document.getElementById("reminder-add"))?.focus());
  };

  return (
    <>
      <form ref={form} class="card" aria-labelledby="reminders-form-title" onSubmit={submit}>
        <h2 id="reminders-form-title">{t("reminders.formTitle")}</h2>
        <label class="check">
          <input type="checkbox" name="enabled" checked={enabled} onChange={(event) => setEnabled(event.currentTarget.checked)} /> {t("reminders.enabled")}
        </label>
        <fieldset class="reminder-steps">
          <legend>{t("reminders.steps")}</legend>
          {steps.length === 0 && <p class="muted">{t("reminders.noStepsYet")}</p>}
          <ol ref={list}>
            {steps.map((step, index) => (
              <StepRow key={step.key} step={step} index={index} onChange={(changed) => change(index, changed)} onRemove={() => remove(index)} />
            ))}
          </ol>
          <button id="reminder-add" type="button" disabled={steps.length >= MAX_REMINDER_OFFSETS} onClick={add}>
            {t("reminders.add")}
          </button>
          {steps.length >= MAX_REMINDER_OFFSETS && <p class="muted">{t("reminders.atMost", { n: numberText(MAX_REMINDER_OFFSETS) })}</p>}
        </fieldset>
        <div class="actions">
          <button type="submit" class="primary" disabled={save.busy}>
            {t("common.save")}
          </button>
        </div>
        <ErrorNote error={refusal(save.failure)} />
      </form>
      <WhatHappens enabled={enabled} offsets={plannedOffsets(steps)} sender={sender} />
    </>
  );
}

export function Page(_props: PageProps): JSX.Element {
  const { me } = useSession();
  const schedule = useQuery(() => api.reminders.get.query({}), []);
  // The e-mails are signed with the seller's name the invoices carry: the profile's legal name.
  const account = useQuery(() => api.account.get.query({}), []);
  const sender = account.data?.legal_name ?? me.account.name;
  return (
    <>
      <PageTitle>{t("reminders.title")}</PageTitle>
      <p class="muted">{t("reminders.intro")}</p>
      <ErrorNote error={schedule.error ?? account.error} />
      {(schedule.loading || account.loading) && <Loading />}
      {schedule.data &&
        account.data &&
        (can(me, "account:admin") ? (
          <ScheduleForm stored={schedule.data} sender={sender} />
        ) : (
          <>
            <p class="notice">{t("reminders.readOnly")}</p>
            <WhatHappens enabled={schedule.data.enabled} offsets={schedule.data.offsets} sender={sender} />
          </>
        ))}
    </>
  );
}
