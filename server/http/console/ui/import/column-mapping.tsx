// A spreadsheet's columns as the import read them, each with a select of the fields it may be read
// as instead (the procedure's options.mapping: a header as written → a field). The choices wait
// for the next check, which shows what they change.
import type { JSX } from "preact";
import { COLUMN_FIELDS, INVOICE_FIELDS, LINE_FIELDS, PARTY_FIELDS, PRODUCT_FIELDS, TOTAL_FIELDS, type ColumnField } from "../../../../imports/formats/column-fields.ts";
import { Table } from "../components.tsx";
import { t, type PhraseKey } from "../i18n/index.ts";
import { fieldLabel, type ImportOutcome } from "./words.ts";

type Column = ImportOutcome["columns"][number];
export type Mapping = Record<string, ColumnField>;

const GROUPS: ReadonlyArray<[PhraseKey, readonly ColumnField[]]> = [
  ["import.group.invoice", INVOICE_FIELDS],
  ["import.group.line", LINE_FIELDS],
  ["import.group.totals", TOTAL_FIELDS],
  ["import.group.party", PARTY_FIELDS],
  ["import.group.product", PRODUCT_FIELDS],
];

export function isColumnField(value: string): value is ColumnField {
  return (COLUMN_FIELDS as readonly string[]).includes(value);
}

/** One row per header: several files with the same header are read by one mapping. */
function distinctHeaders(columns: readonly Column[]): Column[] {
  const seen = new Map<string, Column>();
  for (const column of columns) if (!seen.has(column.header)) seen.set(column.header, column);
  return [...seen.values()];
}

/**
 * The empty choice, where there is one: "not read" for a column the import left out, "detect" to
 * take back a choice of the person's. A column the import recognised by itself cannot be left out
 * (the procedure has no way to say so), only read as another field.
 */
function emptyChoice(column: Column, mapping: Mapping): string | null {
  if (Object.hasOwn(mapping, column.header)) return t("import.detect");
  return column.field === null ? t("import.notRead") : null;
}

type Props = { columns: readonly Column[]; mapping: Mapping; onChange(header: string, field: ColumnField | null): void };

export function ColumnMapping({ columns, mapping, onChange }: Props): JSX.Element {
  return (
    <section aria-labelledby="import-columns-title">
      <h2 id="import-columns-title">{t("import.columns")}</h2>
      <p class="muted">{t("import.columnsHint")}</p>
      <Table caption={t("import.columns")} head={[t("import.column"), t("import.readAs")]}>
        {distinctHeaders(columns).map((column) => {
          const empty = emptyChoice(column, mapping);
          const chosen = mapping[column.header] ?? column.field ?? "";
          return (
            <tr key={column.header} class={chosen === "" ? "import-unread" : undefined}>
              <th scope="row">{column.header}</th>
              <td>
                <select
                  aria-label={t("import.readColumnAs", { header: column.header })}
                  value={chosen}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    onChange(column.header, isColumnField(value) ? value : null);
                  }}
                >
                  {empty !== null && <option value="">{empty}</option>}
                  {GROUPS.map(([group, fields]) => (
                    <optgroup key={group} label={t(group)}>
                      {fields.map((field) => (
                        <option key={field} value={field}>
                          {fieldLabel(field)}
                        </option>
                      ))}
                    </optgroup>
                  ))}
                </select>
              </td>
            </tr>
          );
        })}
      </Table>
    </section>
  );
}
