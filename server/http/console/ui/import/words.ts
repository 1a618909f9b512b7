// What an import says in the person's language: the fields a column may be read as, what becomes
// of each record, where in a file something sits, and the counts in one sentence.
import type { Outputs } from "../api.ts";
import type { ColumnField } from "../../../../imports/formats/column-fields.ts";
import { numberText } from "../format.ts";
import { t, type PhraseKey } from "../i18n/index.ts";

export type ImportOutcome = Outputs["imports"]["import"];
export type RecordAction = ImportOutcome["invoices"][number]["action"];
type Count = ImportOutcome["summary"]["invoices"];
export type Place = { row?: number | undefined; element?: string | undefined; file?: string | undefined };

export function fieldLabel(field: ColumnField): string {
  // Typed as a phrase key, so a field without its phrase fails the typecheck.
  const key: PhraseKey = `import.field.${field}`;
  return t(key);
}

/** A record's fate: in a preview what would happen, after a commit what did. */
export function actionLabel(action: RecordAction, committed: boolean): string {
  if (action === "create") return t(committed ? "import.action.created" : "import.action.create");
  const key: PhraseKey = `import.action.${action}`;
  return t(key);
}

/** "Row 5", "/Invoice/cac:InvoiceLine[2]", "march.csv, row 5". */
export function placeText(place: Place): string {
  const within = place.row !== undefined ? t("import.row", { row: numberText(place.row) }) : (place.element ?? "");
  return place.file ? [place.file, within].filter(Boolean).join(", ") : within || "—";
}

/** Whether the import names a place for it: a buyer of the file's invoices has none of its own. */
export function isPlaced(place: Place): boolean {
  return place.row !== undefined || place.element !== undefined || place.file !== undefined;
}

export function samePlace(one: Place, other: Place): boolean {
  return one.file === other.file && one.row === other.row && one.element === other.element;
}

const ACTIONS: readonly RecordAction[] = ["create", "match", "unchanged", "refused"];

function countPart(action: RecordAction, count: number, committed: boolean): string {
  const values = { count: numberText(count) };
  if (action === "create") return t(committed ? "import.count.created" : "import.count.create", values);
  const key: PhraseKey = `import.count.${action}`;
  return t(key, values);
}

/** "Invoices: 3 new, 1 refused. Clients: 2 new. Problems: 1." */
export function countsSentence(outcome: ImportOutcome, committed: boolean): string {
  const kinds: Array<[PhraseKey, Count]> = [
    ["import.kind.invoices", outcome.summary.invoices],
    ["import.kind.clients", outcome.summary.clients],
    ["import.kind.products", outcome.summary.products],
  ];
  const sentences = kinds.flatMap(([kind, count]) => {
    const parts = ACTIONS.filter((action) => count[action] > 0).map((action) => countPart(action, count[action], committed));
    return parts.length > 0 ? [`${t(kind)}: ${parts.join(", ")}.`] : [];
  });
  if (outcome.summary.problems > 0) sentences.push(t("import.count.problems", { count: numberText(outcome.summary.problems) }));
  if (outcome.summary.notices > 0) sentences.push(t("import.count.notices", { count: numberText(outcome.summary.notices) }));
  return sentences.length > 0 ? sentences.join(" ") : t("import.count.nothing");
}

/** Whether committing would make anything: a new invoice, client (a contact, or an invoice's buyer) or product. */
export function makesAnything(outcome: ImportOutcome): boolean {
  const { invoices, clients, products } = outcome.summary;
  return invoices.create + clients.create + products.create > 0;
}

