// The invoice editor (ADR 0039): new and edit for every document type. It saves itself after each
// pause in typing, as a new revision; the totals and the preview are the service's answer to that
// save. What is not saved yet survives a reload, and a save that meets someone else's newer one
// shows both and lets the person choose.
import type { JSX, RefObject } from "preact";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { addDays } from "../../../../domain/clock.ts";
import { api, newOperationId, type Invoice } from "../api.ts";
import { ErrorNote, Field, Loading, PageTitle } from "../components.tsx";
import { useAutosave, readStoredDraft, type Autosave } from "../editor/autosave.ts";
import { ClientPicker } from "../editor/client-picker.tsx";
import { Conflict } from "../editor/conflict.tsx";
import { Lines } from "../editor/lines.tsx";
import { LivePreview, Totals } from "../editor/outcome.tsx";
import { blankValues, controlIdOf, creditNoteOf, sameValues, turnedIntoCreditNote, valuesOf, type EditorValues, type InvoiceType } from "../editor/values.ts";
import { describeError, fieldOf } from "../errors.ts";
import { useInvalidField } from "../invalid-field.ts";
import { useQuery } from "../hooks.ts";
import { t, type PhraseKey } from "../i18n/index.ts";
import { Link, navigate } from "../router.ts";
import type { PageProps } from "../routes.ts";
import { can, useSession } from "../session.ts";

const TYPES: readonly InvoiceType[] = ["invoice", "credit_note", "quote", "purchase_order"];
const CURRENCIES = ["EUR", "USD", "GBP", "CHF", "JPY", "SEK", "NOK", "DKK", "PLN", "CZK", "CAD", "AUD"] as const;
const LOCALES = ["en-US", "en-GB", "en-IE", "de-DE", "de-AT", "de-CH", "fr-FR", "fr-BE", "es-ES", "it-IT", "nl-NL", "nl-BE", "pt-PT", "pt-BR", "ja-JP", "sv-SE", "da-DK", "pl-PL"] as const;
const NET_DAYS = [7, 14, 30, 60] as const;

/** The save's state in words, for the status line a screen reader hears. */
function phaseText(save: Autosave): string {
  switch (save.phase) {
    case "new":
      return t("editor.phaseNew");
    case "pending":
      return t("editor.phasePending");
    case "saving":
      return t("editor.phaseSaving");
    case "saved":
      return t("editor.phaseSaved", { revision: save.saved?.revision ?? 0 });
    case "failed":
      return t("editor.phaseFailed");
    case "conflict":
      return t("editor.phaseConflict");
  }
}

/**
 * The refusal's field (the service's, or a value the page could not read) marked on the form, not
 * focused: autosave's answer may come while the person types elsewhere. Returns its control's id,
 * for "Go to the field".
 */
function useMarkedField(form: RefObject<HTMLFormElement>, save: Autosave): string | null {
  const field = fieldOf(save.failure);
  useInvalidField(form, save.failure, { controlFor: (_form, named) => document.getElementById(controlIdOf(named, save.lineKeys)), focus: false });
  return field ? controlIdOf(field, save.lineKeys) : null;
}

type EditorProps = { start: Invoice | null; initial: EditorValues; conflictOnOpen: Invoice | null; idempotencyKey: string; onCreated?(invoice: Invoice): void };

function Editor({ start, initial, conflictOnOpen, idempotencyKey, onCreated }: EditorProps): JSX.Element {
  const { me } = useSession();
  const [values, setValues] = useState(initial);
  // An account with no legal name yet (a fresh one) is asked for the seller's name here, once.
  const [askSeller] = useState(initial.from_name.trim() === "");
  const baseline = useMemo(() => (start ? valuesOf(start) : initial), []);
  const save = useAutosave({
    start,
    baseline,
    values,
    idempotencyKey,
    conflictOnOpen,
    onValues: setValues,
    onCreated: (invoice) => onCreated?.(invoice),
  });
  const formRef = useRef<HTMLFormElement>(null);
  const markedId = useMarkedField(formRef, save);
  const set = (field: keyof EditorValues) => (event: { currentTarget: { value: string } }) => setValues({ ...values, [field]: event.currentTarget.value });
  const numbered = Boolean(save.saved?.number);
  const saved = save.saved;
  const title = saved ? t("editor.editTitle", { type: t(`type.${saved.type}` as PhraseKey), number: saved.number ?? t("invoices.draftNumber") }) : t("editor.newTitle", { type: t(`type.${values.type}` as PhraseKey) });

  return (
    <>
      <PageTitle>{title}</PageTitle>
      <div class="editor-bar">
        <p role="status" class={save.phase === "failed" ? "error" : "muted"}>
          {phaseText(save)}
        </p>
        <div class="actions">
          <button type="button" class="primary" disabled={save.phase === "saving" || save.phase === "conflict"} onClick={save.saveNow}>
            {t("editor.saveNow")}
          </button>
          {saved && (
            <Link href={`/app/invoices/${saved.id}`} class="button">
              {t("editor.done")}
            </Link>
          )}
        </div>
      </div>
      {save.phase === "failed" && (
        <div class="error-block">
          <ErrorNote error={describeError(save.failure)} />
          {markedId && document.getElementById(markedId) && (
            <button type="button" onClick={() => document.getElementById(markedId)?.focus()}>
              {t("editor.goToField")}
            </button>
          )}
        </div>
      )}
      {save.phase === "conflict" && save.theirs && <Conflict mine={values} theirs={save.theirs} onKeepMine={save.keepMine} onTakeTheirs={save.takeTheirs} />}
      <div class="columns editor-columns">
        <form ref={formRef} class="editor" onSubmit={(event) => (event.preventDefault(), save.saveNow())}>
          <div class="grid-form">
            <Field label={t("editor.type")}>
              <select id="editor-type" value={values.type} disabled={numbered} onChange={set("type")}>
                {TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`type.${type}` as PhraseKey)}
                  </option>
                ))}
              </select>
            </Field>
            {askSeller && (
              <Field label={t("editor.fromName")} hint={t("editor.fromNameHint")}>
                <input id="editor-from_name" required maxLength={500} value={values.from_name} onInput={set("from_name")} />
              </Field>
            )}
            <ClientPicker values={values} onChange={setValues} writable={can(me, "entities:write")} />
            <Field label={t("invoices.issued")}>
              <input id="editor-issue_date" type="date" required value={values.issue_date} onInput={set("issue_date")} />
            </Field>
            <Field label={t("editor.terms")}>
              <select
                id="editor-terms"
                value=""
                onChange={(event) => {
                  const days = Number(event.currentTarget.value);
                  // A cleared issue date gives nothing to count from.
                  if (days && values.issue_date) setValues({ ...values, due_date: addDays(values.issue_date, days) });
                }}
              >
                <option value="">{t("editor.termsPick")}</option>
                {NET_DAYS.map((days) => (
                  <option key={days} value={days}>
                    {t("editor.netDays", { days })}
                  </option>
                ))}
              </select>
            </Field>
            <Field label={t("invoices.due")}>
              <input id="editor-due_date" type="date" min={values.issue_date} value={values.due_date} onInput={set("due_date")} />
            </Field>
            <Field label={t("clients.currency")} hint={t("clients.currencyHint")}>
              <input id="editor-currency" required list="currency-codes" pattern="[A-Za-z]{3}" maxLength={3} size={4} value={values.currency} onInput={set("currency")} />
            </Field>
            <datalist id="currency-codes">
              {CURRENCIES.map((code) => (
                <option key={code} value={code} />
              ))}
            </datalist>
            <Field label={t("editor.locale")} hint={t("editor.localeHint")}>
              <input id="editor-locale" required list="locale-tags" maxLength={35} value={values.locale} onInput={set("locale")} />
            </Field>
            <datalist id="locale-tags">
              {LOCALES.map((tag) => (
                <option key={tag} value={tag} />
              ))}
            </datalist>
            <Field label={t("editor.taxRate")} hint={t("editor.taxRateHint")}>
              <input id="editor-tax_rate" inputMode="decimal" size={5} value={values.tax_rate} onInput={set("tax_rate")} />
            </Field>
            {values.type === "credit_note" && (
              <Field label={t("editor.preceding")} hint={t("editor.precedingHint")}>
                <input
                  id="editor-preceding_invoice"
                  maxLength={100}
                  value={values.preceding_number}
                  // A number typed by hand is an invoice outside the service, not the one it came from.
                  onInput={(event) => setValues({ ...values, preceding_number: event.currentTarget.value, preceding_id: "" })}
                />
              </Field>
            )}
          </div>
          <Lines lines={values.lines} currency={values.currency} onChange={(lines) => setValues({ ...values, lines })} />
          <div class="grid-form">
            <Field label={t("editor.notes")} wide>
              <textarea id="editor-notes" rows={3} maxLength={10_000} value={values.notes} onInput={set("notes")} />
            </Field>
            <Field label={t("editor.paymentTerms")} wide>
              <textarea id="editor-payment_terms" rows={2} maxLength={1000} value={values.payment_terms} onInput={set("payment_terms")} />
            </Field>
            <Field label={t("editor.buyerReference")} hint={t("editor.buyerReferenceHint")}>
              <input id="editor-buyer_reference" maxLength={200} value={values.buyer_reference} onInput={set("buyer_reference")} />
            </Field>
          </div>
        </form>
        <div>
          {saved ? (
            <>
              <Totals saved={saved} current={save.phase === "saved"} />
              {/* Accepted (EN 16931 has negative invoices, ADR 0040), but rarely meant: the usual document is offered. */}
              {saved.type === "invoice" && saved.total < 0 && !numbered && (
                <p class="notice" role="status">
                  {t("editor.belowZero")}{" "}
                  <button type="button" onClick={() => setValues(turnedIntoCreditNote(values))}>
                    {t("editor.makeCreditNote")}
                  </button>
                </p>
              )}
              <LivePreview saved={saved} />
            </>
          ) : (
            <p class="muted">{t("editor.notSavedYet")}</p>
          )}
        </div>
      </div>
    </>
  );
}

/** A stored invoice's form: the kept unsaved draft when there is one for this revision; a conflict when it was based on an older one. */
function opened(invoice: Invoice): { initial: EditorValues; conflictOnOpen: Invoice | null } {
  const kept = readStoredDraft(invoice.id);
  const stored = valuesOf(invoice);
  if (!kept || sameValues(kept.values, stored)) return { initial: stored, conflictOnOpen: null };
  return { initial: kept.values, conflictOnOpen: kept.base_revision === invoice.revision ? null : invoice };
}

function EditStored({ id }: { id: string }): JSX.Element {
  const loaded = useQuery(() => api.invoices.get.query({ id }), [id]);
  const invoice = loaded.data;
  if (loaded.error) return <ErrorNote error={loaded.error} />;
  if (!invoice) return <Loading />;
  if (invoice.locked || invoice.status === "paid" || invoice.status === "void") {
    return (
      <>
        <PageTitle>{t("editor.lockedTitle")}</PageTitle>
        <p>{t(invoice.locked ? "editor.lockedFinalized" : "editor.lockedClosed")}</p>
        <p>
          <Link href={`/app/invoices/${invoice.id}`}>{t("editor.backToInvoice")}</Link>
        </p>
      </>
    );
  }
  const { initial, conflictOnOpen } = opened(invoice);
  return <Editor key={invoice.id} start={invoice} initial={initial} conflictOnOpen={conflictOnOpen} idempotencyKey={newOperationId()} />;
}

function CreateNew(props: { type: InvoiceType; from: string | null; onCreated(invoice: Invoice): void }): JSX.Element {
  // What the address asked for when the page opened: once the draft is created the address is its own.
  const [{ type, from, onCreated }] = useState(props);
  const account = useQuery(() => api.account.get.query({}), []);
  // "Credit note for this invoice": the invoice it corrects, copied into the new form.
  const source = useQuery(() => (from ? api.invoices.get.query({ id: from }) : Promise.resolve(null)), [from]);
  const failed = account.error ?? source.error;
  if (failed) return <ErrorNote error={failed} />;
  if (!account.data || source.loading) return <Loading />;
  // Today where the account keeps its books, by the service's clock (a browser's may be off).
  const { today } = account.data;
  if (source.data) return <Editor start={null} initial={creditNoteOf(source.data, today)} conflictOnOpen={null} idempotencyKey={newOperationId()} onCreated={onCreated} />;
  const kept = readStoredDraft(null);
  const blank = blankValues({ type, from_name: account.data.legal_name, currency: account.data.currency ?? "EUR", locale: account.data.locale ?? navigator.language, today });
  // A new draft typed before a reload comes back, under the same idempotency key: it is created once.
  return <Editor start={null} initial={kept?.values ?? blank} conflictOnOpen={null} idempotencyKey={kept?.idempotency_key ?? newOperationId()} onCreated={onCreated} />;
}

export function Page({ params, query }: PageProps): JSX.Element {
  // The draft this page created goes on in the same editor (focus and typing undisturbed) once the
  // address becomes its own; opening "new" again starts a fresh one.
  const [created, setCreated] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!params.id && created) {
      setCreated(null);
      setRound((value) => value + 1);
    }
  }, [params.id]);
  if (params.id && params.id !== created) return <EditStored id={params.id} />;
  const type = query.get("type");
  const started = (invoice: Invoice): void => {
    setCreated(invoice.id);
    // From now on a reload opens the draft, not a blank form.
    navigate(`/app/invoices/${invoice.id}/edit`, { replace: true });
  };
  return <CreateNew key={round} type={TYPES.includes(type as InvoiceType) ? (type as InvoiceType) : "invoice"} from={query.get("credit_for")} onCreated={started} />;
}
