// Where files come in: dropped on the zone, or picked with the ordinary file input inside it (the
// keyboard's way, and a screen reader's). A refusal of the files is shown here, at the field.
import type { JSX } from "preact";
import { useFileDrop } from "../file-drop.ts";
import { fileSize } from "../format.ts";
import { t } from "../i18n/index.ts";
import type { ChosenFile } from "./files.ts";

export const FILE_INPUT_ID = "import-files";
const ERROR_ID = "import-files-error";
const HINT_ID = "import-files-hint";

/** What the picker offers first; any other file may still be chosen or dropped, and the service tells what it is. */
const ACCEPTED = [".csv", ".tsv", ".txt", ".xlsx", ".json", ".xml", ".pdf", ".docx", ".vcf", ".vcard", ".dsl", ".md", ".html", ".htm", ".png", ".jpg", ".jpeg"].join(",");

type Props = { files: readonly ChosenFile[]; busy: boolean; refusal: string | null; onFiles(files: File[]): void };

export function DropZone({ files, busy, refusal, onFiles }: Props): JSX.Element {
  const { over, dropHandlers } = useFileDrop(onFiles);
  return (
    <div class={over ? "import-drop over" : "import-drop"} {...dropHandlers}>
      <p class="import-drop-text" aria-hidden="true">
        {t("import.dropHere")}
      </p>
      <label class="field">
        <span class="label">{t("import.files")}</span>
        <input
          id={FILE_INPUT_ID}
          type="file"
          multiple
          accept={ACCEPTED}
          disabled={busy}
          aria-invalid={refusal ? "true" : undefined}
          aria-describedby={refusal ? `${ERROR_ID} ${HINT_ID}` : HINT_ID}
          onChange={(event) => {
            const picked = [...(event.currentTarget.files ?? [])];
            // Emptied, so picking the same file again (after fixing it) is a change too.
            event.currentTarget.value = "";
            if (picked.length > 0) onFiles(picked);
          }}
        />
      </label>
      <p id={HINT_ID} class="muted">
        {t("import.filesHint")}
      </p>
      {refusal && (
        <p id={ERROR_ID} class="error" role="alert">
          {refusal}
        </p>
      )}
      {files.length > 0 && (
        <ul class="import-chosen" aria-label={t("import.chosen")}>
          {files.map((file, index) => (
            <li key={index}>
              {file.name} <span class="muted">({fileSize(file.size)})</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
