// The invoice editor's form as the person typed it — every amount, quantity and rate as text in their
// own number format — and the one way from it to the create/update input. Nothing here computes a
// total: those come back from the service with each save.
import { readAmount, readQuantity } from "../../../../domain/decimal-text.ts";
import type { Inputs, Invoice } from "../api.ts";
import { amountText, numberText } from "../format.ts";
import { UnreadableField } from "../errors.ts";
import { displayLocale, t } from "../i18n/index.ts";

export type InvoiceType = Invoice["type"];

export type LineValues = {
  /** Stable across reorders, for the list's keys and the fields' names; a stored line's id when it has one. */
  key: string;
  id: string | null;
  description: string;
  quantity: string;
  unit: string;
  rate: string;
  tax_rate: string;
  /** Percent off quantity × price; empty for none. */
  discount: string;
};

export type EditorValues = {
  type: InvoiceType;
  /** The seller's name printed on the document: the account's legal name, asked for when it has none yet. */
  from_name: string;
  client_id: string;
  bill_to_name: string;
  bill_to_email: string;
  currency: string;
  locale: string;
  issue_date: string;
  due_date: string;
  tax_rate: string;
  payment_terms: string;
  notes: string;
  buyer_reference: string;
  /** A credit note's corrected invoice, by its number; and its id when it is one of the account's. */
  preceding_number: string;
  preceding_id: string;
  lines: LineValues[];
};

let lineCount = 0;

/** A key no other line of this page has. */
export function newLineKey(): string {
  lineCount += 1;
  return `new-${lineCount}`;
}

export function emptyLine(): LineValues {
  return { key: newLineKey(), id: null, description: "", quantity: "1", unit: "C62", rate: "", tax_rate: "", discount: "" };
}

/** A new document: today's, in the account's currency and locale, with one empty line. */
export function blankValues(defaults: { type?: InvoiceType; from_name?: string | null; currency: string; locale: string; today: string }): EditorValues {
  return {
    type: defaults.type ?? "invoice",
    from_name: defaults.from_name ?? "",
    client_id: "",
    bill_to_name: "",
    bill_to_email: "",
    currency: defaults.currency,
    locale: defaults.locale,
    issue_date: defaults.today,
    due_date: "",
    tax_rate: "",
    payment_terms: "",
    notes: "",
    buyer_reference: "",
    preceding_number: "",
    preceding_id: "",
    lines: [emptyLine()],
  };
}

/** The form for a stored invoice, amounts written as the person reads them. */
export function valuesOf(invoice: Invoice): EditorValues {
  return {
    type: invoice.type,
    from_name: invoice.from_name,
    client_id: invoice.client_id ?? "",
    bill_to_name: invoice.bill_to_name,
    bill_to_email: invoice.bill_to_email ?? "",
    currency: invoice.currency,
    locale: invoice.locale,
    issue_date: invoice.issue_date,
    due_date: invoice.due_date ?? "",
    tax_rate: invoice.tax_rate === null ? "" : numberText(invoice.tax_rate),
    payment_terms: invoice.payment_terms ?? "",
    notes: invoice.notes ?? "",
    buyer_reference: invoice.buyer_reference ?? "",
    preceding_number: invoice.preceding_invoice?.number ?? "",
    preceding_id: invoice.preceding_invoice?.id ?? "",
    lines: invoice.items.map((item) => ({
      key: item.id,
      id: item.id,
      description: item.description,
      quantity: numberText(item.quantity),
      unit: item.unit,
      rate: amountText(item.rate, invoice.currency),
      tax_rate: item.tax_rate === null ? "" : numberText(item.tax_rate),
      discount: item.discount_percent ? numberText(item.discount_percent) : "",
    })),
  };
}

type Fields = Omit<Inputs["invoices"]["create"], "issue_date" | "idempotency_key"> & { issue_date: string };

const trimmed = (text: string): string => text.trim();
const orNull = (text: string): string | null => (text.trim() === "" ? null : text.trim());

function percentOf(text: string, field: string): number | null {
  if (text.trim() === "") return null;
  const reading = readQuantity(text, { locale: displayLocale() });
  if (!reading.ok) throw new UnreadableField(field, t("editor.unreadableNumber", { value: text, expected: reading.expected }));
  return reading.value;
}

/** The lines a save sends: all but entirely empty ones. */
function sentLines(values: EditorValues): LineValues[] {
  return values.lines.filter((line) => line.description.trim() !== "" || line.rate.trim() !== "");
}

/** Which line of the form each sent item is, in order. */
export function sentLineKeys(values: EditorValues): string[] {
  return sentLines(values).map((line) => line.key);
}

/** The input, and which line of the form each sent item is (the service names a refused one `items.N`). */
export type EditorInput = { input: Fields; lineKeys: string[] };

/**
 * The service's input for the form: what the person wrote, read exactly in their number format.
 * Empty optional fields are null on an update (clearing them) and left out of a create; an
 * entirely empty line is left out.
 */
export function inputOf(values: EditorValues, stored: Invoice | null): EditorInput {
  const locale = displayLocale();
  const currency = trimmed(values.currency).toUpperCase();
  const lines = sentLines(values);
  const items = lines.map((line, index) => {
    const rate = readAmount(line.rate, { currency, locale });
    if (!rate.ok) throw new UnreadableField(`items.${index}.rate`, t("editor.unreadableAmount", { value: line.rate, expected: rate.expected }));
    const quantity = readQuantity(line.quantity.trim() === "" ? "1" : line.quantity, { locale });
    if (!quantity.ok) throw new UnreadableField(`items.${index}.quantity`, t("editor.unreadableNumber", { value: line.quantity, expected: quantity.expected }));
    return {
      ...(line.id ? { id: line.id } : {}),
      description: line.description.trim(),
      quantity: quantity.value,
      unit: trimmed(line.unit).toUpperCase() || "C62",
      rate: rate.value,
      tax_rate: percentOf(line.tax_rate, `items.${index}.tax_rate`),
      // An empty discount is none: null clears a stored one, as the service takes it.
      discount_percent: percentOf(line.discount, `items.${index}.discount_percent`),
    };
  });
  const preceding = orNull(values.preceding_number);
  const storedPreceding = stored?.preceding_invoice?.number ?? null;
  const fields: Record<string, unknown> = {
    type: values.type,
    // Left out when empty, so the account's own (or the service's "required") decides.
    from_name: values.from_name.trim() || undefined,
    bill_to_name: values.bill_to_name.trim(),
    bill_to_email: orNull(values.bill_to_email),
    client_id: orNull(values.client_id),
    currency,
    locale: trimmed(values.locale),
    issue_date: values.issue_date,
    due_date: orNull(values.due_date),
    tax_rate: percentOf(values.tax_rate, "tax_rate"),
    payment_terms: orNull(values.payment_terms),
    notes: orNull(values.notes),
    buyer_reference: orNull(values.buyer_reference),
    items,
  };
  // A stored reference (by id, with its date) stays as it is unless its number is changed.
  if (preceding !== storedPreceding) fields.preceding_invoice = preceding === null ? null : values.preceding_id ? { id: values.preceding_id } : { number: preceding };
  // A numbered invoice keeps its type for good: it is not sent, so it cannot be refused for it.
  if (stored?.number) delete fields.type;
  // A create takes no nulls: what is empty is simply not given.
  if (!stored) for (const [name, value] of Object.entries(fields)) if (value === null) delete fields[name];
  return { input: fields as Fields, lineKeys: sentLineKeys(values) };
}

/** The id of the form control a refused field names: `items.2.rate` is the third sent line's price. */
export function controlIdOf(field: string, lineKeys: readonly string[]): string {
  const line = /^items\.(\d+)\.?([a-z_]*)/.exec(field);
  if (line) {
    const key = lineKeys[Number(line[1])];
    return key ? `line-${key}-${line[2] || "description"}` : "lines";
  }
  return `editor-${field.split(".")[0]}`;
}

/** Enough to save: a client's name, and for a new document at least one line with a description and a price. */
export function isSavable(values: EditorValues, stored: boolean): boolean {
  return values.bill_to_name.trim() !== "" && (stored || values.lines.some((line) => line.description.trim() !== "" && line.rate.trim() !== ""));
}

/** The fields (by their label keys' names) where two versions differ, for the conflict view. */
export function differences(mine: EditorValues, theirs: EditorValues): Array<{ field: string; mine: string; theirs: string }> {
  const shown = (values: EditorValues): Record<string, string> => {
    // Ids are not for reading: the names and numbers beside them show the difference.
    const { lines, preceding_id: _preceding, ...rest } = values;
    const flat: Record<string, string> = { ...rest };
    const longest = Math.max(mine.lines.length, theirs.lines.length);
    for (let index = 0; index < longest; index++) {
      const line = lines[index];
      flat[`line ${index + 1}`] = line ? [line.description, line.quantity, line.unit, line.rate, line.tax_rate && `${line.tax_rate} %`, line.discount && `−${line.discount} %`].filter(Boolean).join(" · ") : "—";
    }
    return flat;
  };
  const a = shown(mine);
  const b = shown(theirs);
  return Object.keys(a)
    .filter((field) => a[field] !== b[field])
    .map((field) => ({ field, mine: a[field] ?? "", theirs: b[field] ?? "" }));
}

/** Whether two forms say the same (line keys aside). */
export function sameValues(a: EditorValues, b: EditorValues): boolean {
  return a.preceding_id === b.preceding_id && differences(a, b).length === 0;
}

/** A credit note for `invoice`: its client, currency, language and lines, referring to it, dated `today`. */
export function creditNoteOf(invoice: Invoice, today: string): EditorValues {
  const copied = valuesOf(invoice);
  return {
    ...copied,
    type: "credit_note",
    issue_date: today,
    due_date: "",
    notes: "",
    preceding_number: invoice.number ?? "",
    preceding_id: invoice.id,
    lines: copied.lines.map((line) => ({ ...line, key: newLineKey(), id: null })),
  };
}

/** The same document as a credit note: every line's sign turned, so what the client was owed below zero is credited above it. */
export function turnedIntoCreditNote(values: EditorValues): EditorValues {
  const negated = (quantity: string): string => {
    const text = quantity.trim() || "1";
    return text.startsWith("-") ? text.slice(1) : `-${text}`;
  };
  return { ...values, type: "credit_note", lines: values.lines.map((line) => ({ ...line, quantity: negated(line.quantity) })) };
}
