// Import: files in (dropped or picked), first a check that stores nothing — every record with what
// would become of it, every problem at its row and column, a spreadsheet's columns with what each
// is read as, to change and check again — then the import itself, followed to its end with its
// progress, or cancelled with nothing kept.
import type { JSX } from "preact";
import { TRPCClientError } from "@trpc/client";
import { useEffect, useRef, useState } from "preact/hooks";
import { api, appCodeOf } from "../api.ts";
import { ErrorNote, Field, PageTitle } from "../components.tsx";
import { describeError, fieldOf } from "../errors.ts";
import { fileSize } from "../format.ts";
import { useAction, type Action } from "../hooks.ts";
import { displayLocale, t } from "../i18n/index.ts";
import type { PageProps } from "../routes.ts";
import { can, useSession } from "../session.ts";
import { ColumnMapping, type Mapping } from "../import/column-mapping.tsx";
import { DropZone, FILE_INPUT_ID } from "../import/drop-zone.tsx";
import { importInput, readChosen, type ChosenFile, type ImportOptions } from "../import/files.ts";
import { Outcome } from "../import/records.tsx";
import { ImportRun } from "../import/run.tsx";
import { countsSentence, makesAnything, type ImportOutcome } from "../import/words.ts";

type Entity = NonNullable<ImportOptions["entity"]>;
type Settings = { entity: Entity | ""; locale: string; status: "draft" | "as_stated" };
/** What a check was asked: a later change to any of it makes its preview out of date. */
type Asked = { files: readonly ChosenFile[]; settings: Settings; mapping: Mapping };

const ENTITIES: readonly Entity[] = ["invoices", "clients", "products"];
const LOCALES = ["en-US", "en-GB", "de-DE", "de-AT", "de-CH", "fr-FR", "fr-BE", "es-ES", "it-IT", "nl-NL", "nl-BE", "pt-PT", "pt-BR", "ja-JP"] as const;
const FIRST_SETTINGS: Settings = { entity: "", locale: "", status: "draft" };
/** How often a running import is asked how far it is (the service publishes its progress every 200 ms). */
const POLL_MS = 300;
/** Formats read by extraction: each check and each import of one counts as a paid extract call. */
const EXTRACTED = new Set(["pdf", "image", "text"]);
/** The input fields that name the files themselves: their refusal is shown at the file field. */
const FILE_FIELDS = /^(files|content|format|encoding)\b/;

function optionsOf({ settings, mapping }: Asked): ImportOptions {
  return {
    ...(settings.entity ? { entity: settings.entity } : {}),
    ...(settings.locale ? { locale: settings.locale } : {}),
    ...(Object.keys(mapping).length > 0 ? { mapping } : {}),
    status: settings.status,
  };
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A refusal of the files in words; one too large says the limit it is over. */
function refusalOf(failure: unknown): string {
  if (appCodeOf(failure) !== "PAYLOAD_TOO_LARGE" || !(failure instanceof TRPCClientError)) return describeError(failure);
  const max = (failure.data as { details?: { max?: unknown } } | undefined)?.details?.max;
  return typeof max === "number" ? `${t("import.tooLarge", { size: fileSize(max) })} ${failure.message}` : describeError(failure);
}

function sameAsked(one: Asked, other: Asked): boolean {
  const reading = (asked: Asked): string => JSON.stringify([asked.settings, Object.entries(asked.mapping).sort()]);
  return one.files === other.files && reading(one) === reading(other);
}

function ReadingOptions({ settings, canApprove, onChange }: { settings: Settings; canApprove: boolean; onChange(settings: Settings): void }): JSX.Element {
  const names = new Intl.DisplayNames([displayLocale()], { type: "language" });
  return (
    <fieldset class="grid-form">
      <legend>{t("import.howToRead")}</legend>
      <Field label={t("import.entity")} hint={t("import.entityHint")}>
        <select value={settings.entity} onChange={(event) => onChange({ ...settings, entity: event.currentTarget.value as Entity | "" })}>
          <option value="">{t("import.entityAuto")}</option>
          {ENTITIES.map((entity) => (
            <option key={entity} value={entity}>
              {t(`import.kind.${entity}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t("import.locale")} hint={t("import.localeHint")}>
        <select value={settings.locale} onChange={(event) => onChange({ ...settings, locale: event.currentTarget.value })}>
          <option value="">{t("import.localeAuto")}</option>
          {LOCALES.map((tag) => (
            <option key={tag} value={tag}>
              {names.of(tag) ?? tag}
            </option>
          ))}
        </select>
      </Field>
      {canApprove && (
        <Field label={t("import.status")}>
          <select value={settings.status} onChange={(event) => onChange({ ...settings, status: event.currentTarget.value as Settings["status"] })}>
            <option value="draft">{t("import.statusDraft")}</option>
            <option value="as_stated">{t("import.statusAsStated")}</option>
          </select>
        </Field>
      )}
    </fieldset>
  );
}

/** How an import ended, in one line for the live region. */
function endedMessage(outcome: ImportOutcome): string {
  if (outcome.status === "completed") return countsSentence(outcome, true);
  return t(outcome.status === "cancelled" ? "import.cancelled" : "import.failed");
}

/** Why the import cannot start yet, or null when it can. */
function blocker(outcome: ImportOutcome, stale: boolean, partial: boolean): string | null {
  if (stale) return t("import.blockStale");
  if (outcome.problems.length > 0 && !partial) return t("import.blockProblems");
  if (!makesAnything(outcome)) return t("import.blockNothing");
  return null;
}

function Importer({ canApprove }: { canApprove: boolean }): JSX.Element {
  const [files, setFiles] = useState<readonly ChosenFile[]>([]);
  const [settings, setSettings] = useState<Settings>(FIRST_SETTINGS);
  const [mapping, setMapping] = useState<Mapping>({});
  const [checked, setChecked] = useState<{ asked: Asked; outcome: ImportOutcome } | null>(null);
  const [partial, setPartial] = useState(false);
  const [run, setRun] = useState<ImportOutcome | null>(null);
  const [focusId, setFocusId] = useState<{ id: string } | null>(null);
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);
  useEffect(() => void (focusId && document.getElementById(focusId.id)?.focus()), [focusId]);

  const asked: Asked = { files, settings, mapping };
  const check = useAction(
    async (wanted: Asked): Promise<ImportOutcome> => {
      const outcome = await api.imports.import.mutate(importInput(wanted.files, { ...optionsOf(wanted), dry_run: true }));
      setChecked({ asked: wanted, outcome });
      return outcome;
    },
    (outcome) => countsSentence(outcome, false),
  );
  const commit = useAction(
    async (wanted: Asked, leaveOutProblems: boolean): Promise<ImportOutcome> => {
      let current = await api.imports.import.mutate(importInput(wanted.files, { ...optionsOf(wanted), dry_run: false, wait: false, partial: leaveOutProblems }));
      setRun(current);
      while (current.status === "running" && mounted.current) {
        await pause(POLL_MS);
        try {
          current = await api.imports.get.query({ id: current.id });
        } catch (error) {
          // Out of reach for a moment: the import goes on at the service, so ask again.
          if (appCodeOf(error) !== null) throw error;
          continue;
        }
        if (mounted.current) setRun(current);
      }
      return current;
    },
    // Said only on this page: an import left running is not announced over another.
    (outcome) => (mounted.current ? endedMessage(outcome) : null),
  );
  const cancel = useAction((id: string) => api.imports.cancel.mutate({ id }));

  const reset = (): void => {
    setFiles([]);
    setMapping({});
    setChecked(null);
    setPartial(false);
    setRun(null);
    setFocusId({ id: FILE_INPUT_ID });
  };
  const chooseFiles = async (picked: File[]): Promise<void> => {
    if (check.busy) return;
    const chosen = await Promise.all(picked.map(readChosen));
    setFiles(chosen);
    setMapping({});
    setChecked(null);
    setPartial(false);
    setRun(null);
    await check.run({ files: chosen, settings, mapping: {} });
  };

  const field = fieldOf(check.failure);
  const fileRefusal = check.failure && (field === null || FILE_FIELDS.test(field)) ? refusalOf(check.failure) : null;
  const outcome = checked?.outcome ?? null;

  if (run) {
    return (
      <ImportRun
        run={run}
        cancelling={cancel.busy}
        cancelError={cancel.error ?? commit.error}
        onCancel={() => void cancel.run(run.id)}
        onBack={() => {
          setRun(null);
          setFocusId({ id: "import-preview-title" });
        }}
        onAgain={reset}
      />
    );
  }
  return (
    <>
      <DropZone files={files} busy={check.busy} refusal={fileRefusal} onFiles={(picked) => void chooseFiles(picked)} />
      <form
        class="import-reading"
        onSubmit={(event) => {
          event.preventDefault();
          void check.run(asked);
        }}
      >
        <ReadingOptions settings={settings} canApprove={canApprove} onChange={setSettings} />
        {outcome && outcome.columns.length > 0 && (
          <ColumnMapping
            columns={outcome.columns}
            mapping={mapping}
            onChange={(header, chosen) => {
              const { [header]: _dropped, ...others } = mapping;
              setMapping(chosen ? { ...others, [header]: chosen } : others);
            }}
          />
        )}
        {check.failure && !fileRefusal && <ErrorNote error={check.error} />}
        <div class="actions">
          <button type="submit" disabled={files.length === 0 || check.busy}>
            {outcome ? t("import.checkAgain") : t("import.check")}
          </button>
          {/* Always there, so a screen reader hears the check start as well as the live region's summary when it ends. */}
          <span class="import-checking" role="status">
            {check.busy && (
              <>
                <progress aria-labelledby="import-checking" />
                <span id="import-checking" class="muted">
                  {t("import.checking")}
                </span>
              </>
            )}
          </span>
        </div>
      </form>
      {checked && <Preview checked={checked} stale={!sameAsked(checked.asked, asked)} partial={partial} onPartial={setPartial} commit={commit} onDiscard={reset} />}
    </>
  );
}

type PreviewProps = {
  checked: { asked: Asked; outcome: ImportOutcome };
  stale: boolean;
  partial: boolean;
  onPartial(partial: boolean): void;
  commit: Action<[Asked, boolean], ImportOutcome>;
  onDiscard(): void;
};

/** The check's answer, and the import of exactly what it checked — or nothing, on Cancel. */
function Preview({ checked, stale, partial, onPartial, commit, onDiscard }: PreviewProps): JSX.Element {
  const { outcome } = checked;
  const reason = blocker(outcome, stale, partial);
  return (
    <section aria-labelledby="import-preview-title">
      <h2 id="import-preview-title" tabIndex={-1}>
        {t("import.preview")}
      </h2>
      {stale && <p class="notice">{t("import.stale")}</p>}
      <p>{countsSentence(outcome, false)}</p>
      {EXTRACTED.has(outcome.format) && <p class="muted">{t("import.extractedNote")}</p>}
      <Outcome outcome={outcome} committed={false} />
      <div class="import-commit">
        {outcome.problems.length > 0 && (
          <label class="check">
            <input type="checkbox" checked={partial} onChange={(event) => onPartial(event.currentTarget.checked)} />
            {t("import.partial")}
          </label>
        )}
        {reason && (
          <p id="import-blocked" class="muted">
            {reason}
          </p>
        )}
        <div class="actions">
          <button type="button" class="primary" disabled={reason !== null || commit.busy} aria-describedby={reason ? "import-blocked" : undefined} onClick={() => void commit.run(checked.asked, partial)}>
            {t("import.commit")}
          </button>
          <button type="button" onClick={onDiscard}>
            {t("common.cancel")}
          </button>
        </div>
        <ErrorNote error={commit.error} />
      </div>
    </section>
  );
}

export function Page(_props: PageProps): JSX.Element {
  const { me } = useSession();
  return (
    <>
      <PageTitle>{t("import.title")}</PageTitle>
      <p>{t("import.intro")}</p>
      {/* An import makes clients and products as well as invoices (ADR 0027 "Access"). */}
      {can(me, "entities:write") ? <Importer canApprove={can(me, "invoices:approve")} /> : <p>{t("import.notAllowed")}</p>}
    </>
  );
}
