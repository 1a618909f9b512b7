// Someone else saved the invoice while the person was editing it: both versions side by side, field
// by field, and the person chooses which one continues. Nothing is saved until they do.
import type { JSX } from "preact";
import { useEffect, useRef } from "preact/hooks";
import type { Invoice } from "../api.ts";
import { Table } from "../components.tsx";
import { moment } from "../format.ts";
import { t, type PhraseKey } from "../i18n/index.ts";
import { differences, valuesOf, type EditorValues } from "./values.ts";

/** A field's label: the editor's own words for the form's fields, "Line 2" for lines. */
function labelOf(field: string): string {
  const line = /^line (\d+)$/.exec(field);
  if (line) return t("editor.line", { number: Number(line[1]) });
  return t(`editor.field.${field}` as PhraseKey);
}

/** A value as the person reads it: a client record is named by the name beside it, not its id. */
function shown(field: string, value: string): string {
  if (value === "") return "—";
  return field === "client_id" ? t("editor.storedClient") : value;
}

export function Conflict({ mine, theirs, onKeepMine, onTakeTheirs }: { mine: EditorValues; theirs: Invoice; onKeepMine(): void; onTakeTheirs(): void }): JSX.Element {
  const heading = useRef<HTMLHeadingElement>(null);
  // The person's attention goes here first: nothing else on the page saves until they choose.
  useEffect(() => heading.current?.focus(), []);
  const changes = differences(mine, valuesOf(theirs));
  return (
    <section class="card conflict" aria-labelledby="conflict-title">
      <h2 id="conflict-title" ref={heading} tabIndex={-1}>
        {t("editor.conflictTitle")}
      </h2>
      <p>{t("editor.conflictText", { revision: theirs.revision, when: moment(theirs.updated_at) })}</p>
      {changes.length > 0 && (
        <Table caption={t("editor.conflictCompare")} head={[t("editor.conflictField"), t("editor.conflictMine"), t("editor.conflictTheirs")]}>
          {changes.map((change) => (
            <tr key={change.field}>
              <th scope="row">{labelOf(change.field)}</th>
              <td>{shown(change.field, change.mine)}</td>
              <td>{shown(change.field, change.theirs)}</td>
            </tr>
          ))}
        </Table>
      )}
      <div class="actions">
        <button type="button" class="primary" onClick={onKeepMine}>
          {t("editor.keepMine")}
        </button>
        <button type="button" onClick={onTakeTheirs}>
          {t("editor.takeTheirs")}
        </button>
      </div>
    </section>
  );
}
