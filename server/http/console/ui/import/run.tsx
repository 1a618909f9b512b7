// A commit under way and how it ended: its progress as the service reports it (polled from
// imports.get: the work board publishes it every 200 ms, from whichever process runs it), a cancel
// that keeps nothing, and the result with links to what was made.
import type { JSX } from "preact";
import { useEffect, useRef } from "preact/hooks";
import { ErrorNote } from "../components.tsx";
import { numberText } from "../format.ts";
import { t, type PhraseKey } from "../i18n/index.ts";
import { Outcome, Problems } from "./records.tsx";
import { countsSentence, type ImportOutcome } from "./words.ts";

const TITLES: Record<ImportOutcome["status"], PhraseKey> = {
  running: "import.running",
  completed: "import.completed",
  failed: "import.failed",
  cancelled: "import.cancelled",
  previewed: "import.preview",
};

function ProgressBar({ run }: { run: ImportOutcome }): JSX.Element {
  const { done, total } = run.progress;
  // Until the files are read and checked the service knows no total: the bar runs without a value.
  const known = total > 0;
  return (
    <div class="import-progress">
      <span id="import-progress-label" class="label">
        {t("import.progress")}
      </span>
      {known ? <progress id="import-progress" aria-labelledby="import-progress-label" value={done} max={total} /> : <progress id="import-progress" aria-labelledby="import-progress-label" />}
      <p class="muted">{known ? t("import.progressCount", { done: numberText(done), total: numberText(total) }) : t("import.progressReading")}</p>
    </div>
  );
}

type Props = { run: ImportOutcome; cancelling: boolean; cancelError: string | null; onCancel(): void; onBack(): void; onAgain(): void };

export function ImportRun({ run, cancelling, cancelError, onCancel, onBack, onAgain }: Props): JSX.Element {
  const heading = useRef<HTMLHeadingElement>(null);
  // The buttons the person used are gone: the heading takes focus as the run starts and as it ends.
  useEffect(() => heading.current?.focus(), [run.status]);
  const running = run.status === "running";
  const completed = run.status === "completed";
  return (
    <section aria-labelledby="import-run-title">
      <h2 id="import-run-title" ref={heading} tabIndex={-1}>
        {t(TITLES[run.status])}
      </h2>
      {(running || (completed && run.progress.total > 0)) && <ProgressBar run={run} />}
      {running && (
        <div class="actions">
          <button type="button" class="danger" disabled={cancelling} onClick={onCancel}>
            {t("import.cancelRun")}
          </button>
        </div>
      )}
      <ErrorNote error={cancelError} />
      {completed && (
        <>
          <p>{countsSentence(run, true)}</p>
          <Outcome outcome={run} committed />
          <div class="actions">
            <button type="button" class="primary" onClick={onAgain}>
              {t("import.again")}
            </button>
          </div>
        </>
      )}
      {(run.status === "failed" || run.status === "cancelled") && (
        <>
          <p>{t("import.nothingStored")}</p>
          {run.status === "failed" && <Problems problems={run.problems} />}
          <div class="actions">
            <button type="button" onClick={onBack}>
              {t("import.backToCheck")}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
