// Single facts found by their label: the document type (its title), number, dates, payment facts
// and notes. Each returns the value with how sure the rule is: a label the renderer prints is surer
// than a synonym, a value that needed a guess (a day-month order) less so; OCR's own confidence in
// the cells read multiplies in.
import type { InvoiceType } from "../../domain/lifecycle.ts";
import { dateOrderOf, readDate, type DateOrder } from "./dates.ts";
import type { Found, LabelHit, Reader } from "./reading.ts";
import { isDraftMark, labelKey, titleLabel, type FieldRole } from "./vocabulary.ts";
import { LABELS } from "../../../render/labels/index.ts";

export type Fact<Value> = { value: Value; confidence: number };

/** How sure a label makes the rule: the renderer's own words, or a synonym. */
const RENDERED_LABELS = new Set(Object.values(LABELS).flatMap((labels) => Object.values(labels).filter((value): value is string => typeof value === "string").map(labelKey)));

function labelTrust(reader: Reader, hit: LabelHit): number {
  const cell = reader.cell(hit);
  const label = cell ? labelKey(cell.text.slice(0, cell.text.length - hit.match.rest.length)) : "";
  return RENDERED_LABELS.has(label) ? 0.97 : 0.88;
}

/** The first value of a label of `role` that `read` accepts, with its confidence. */
function labelled<Value>(reader: Reader, role: FieldRole, read: (text: string) => { value: Value; certainty: number } | null): Fact<Value> & { found: Found } | null {
  for (const hit of reader.labels(role)) {
    for (const found of reader.valuesOf(hit)) {
      const reading = read(found.text);
      if (reading) return { value: reading.value, confidence: labelTrust(reader, hit) * reading.certainty * found.confidence, found };
    }
  }
  return null;
}

export type Title = { type: InvoiceType; rest: string; confidence: number; draft: boolean };

/** The document's title (its type) among the first lines of the first page, and whether it is marked as a draft. */
export function titleOf(reader: Reader): Title | null {
  const top = reader.layout.lines.filter((line) => line.page === (reader.layout.lines[0]?.page ?? 1)).slice(0, 12);
  const draft = top.some((line) => line.cells.some((cell) => isDraftMark(cell.text)));
  for (const line of top) {
    for (const cell of line.cells) {
      const match = titleLabel(cell.text, reader.layout.misread);
      if (match && (match.rest === "" || /\d/.test(match.rest))) return { type: match.role, rest: match.rest, confidence: 0.9 * cell.confidence, draft };
    }
  }
  return null;
}

/** An invoice number's look: letters, digits and separators with at least one digit, at most three words ("FT 2025/1218"). */
function invoiceNumber(text: string): { value: string; certainty: number } | null {
  const token = text.trim().replace(/^(?:#|№|no\.?|nr\.?|n°|nº)\s*/i, "");
  if (!/^[A-Za-z0-9][A-Za-z0-9\-/._]*(?: [A-Za-z0-9\-/._]+){0,2}$/.test(token) || token.length > 100 || !/\d/.test(token) || readDate(token)) return null;
  return { value: token, certainty: 1 };
}

export function numberOf(reader: Reader, title: Title | null): Fact<string> | null {
  if (title?.draft) return null;
  const found = labelled(reader, "number", invoiceNumber);
  if (found) return found;
  const fromTitle = title?.rest ? invoiceNumber(title.rest.split(/\s+/).at(-1) ?? "") : null;
  return fromTitle ? { value: fromTitle.value, confidence: 0.8 * (title?.confidence ?? 1) } : null;
}

function dateReader(order: DateOrder) {
  return (text: string) => {
    const reading = readDate(text, order);
    return reading ? { value: reading.date, certainty: reading.ambiguous ? 0.7 : 1 } : null;
  };
}

export function dateOf(reader: Reader, role: "issueDate" | "dueDate" | "deliveryDate", locale: string | undefined): Fact<string> | null {
  return labelled(reader, role, dateReader(dateOrderOf(locale)));
}

/** With no issue date labelled, the first date in the first lines is the likeliest one. */
export function firstDate(reader: Reader, locale: string | undefined): Fact<string> | null {
  const order = dateOrderOf(locale);
  for (const line of reader.layout.lines.slice(0, 25)) {
    for (const cell of line.cells) {
      const reading = readDate(cell.text, order);
      if (reading) return { value: reading.date, confidence: 0.5 * cell.confidence };
    }
  }
  return null;
}

/** ISO 13616: two letters, two check digits, the account; the check is mod 97 of the rearranged digits. */
function isIban(candidate: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(candidate)) return false;
  const digits = (candidate.slice(4) + candidate.slice(0, 4)).replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

function ibanIn(text: string): { value: string; certainty: number } | null {
  for (const match of text.toUpperCase().matchAll(/[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]){10,30}/g)) {
    const compact = match[0].replace(/ /g, "");
    for (let end = compact.length; end >= 14; end--) if (isIban(compact.slice(0, end))) return { value: compact.slice(0, end), certainty: 1 };
  }
  return null;
}

export function ibanOf(reader: Reader): Fact<string> | null {
  const labelledIban = labelled(reader, "iban", ibanIn);
  if (labelledIban) return labelledIban;
  for (const line of reader.layout.lines) {
    for (const cell of line.cells) {
      const found = ibanIn(cell.text);
      if (found) return { value: found.value, confidence: 0.85 * cell.confidence };
    }
  }
  return null;
}

export function bicOf(reader: Reader): Fact<string> | null {
  return labelled(reader, "bic", (text) => {
    const compact = text.replace(/\s/g, "").toUpperCase();
    return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/.test(compact) ? { value: compact, certainty: 1 } : null;
  });
}

const text140 = (limit: number) => (text: string) => (text.trim() && text.length <= limit ? { value: text.trim(), certainty: 1 } : null);

export function referenceOf(reader: Reader): Fact<string> | null {
  return labelled(reader, "reference", text140(140));
}

/** A label's value with the lines wrapped under it ("Zahlbar innerhalb von 30 / Tagen ohne Abzug"). */
function wrappedValue(reader: Reader, role: FieldRole, limit: number): Fact<string> | null {
  for (const hit of reader.labels(role)) {
    const [first] = reader.valuesOf(hit);
    if (!first) continue;
    const more = reader.wrapped(first.ref, 4);
    const text = [first, ...more].map((found) => found.text).join(" ").trim();
    if (text && text.length <= limit) return { value: text, confidence: labelTrust(reader, hit) * Math.min(first.confidence, ...more.map((found) => found.confidence)) };
  }
  return null;
}

export function paymentTermsOf(reader: Reader): Fact<string> | null {
  return wrappedValue(reader, "paymentTerms", 1000);
}

/** The paragraph under the notes heading. */
export function notesOf(reader: Reader): Fact<string> | null {
  for (const hit of reader.labels("notes")) {
    if (hit.match.rest) return { value: hit.match.rest, confidence: labelTrust(reader, hit) * (reader.cell(hit)?.confidence ?? 1) };
    const block = reader.blockUnder(hit, new Set(), 20);
    if (block.length > 0) return { value: block.map((found) => found.text).join(" "), confidence: labelTrust(reader, hit) * Math.min(...block.map((found) => found.confidence)) };
  }
  return null;
}

/** A credit note's preceding invoice as the renderer prints it: "RE-2026-0001 (1. Oktober 2026)". */
export function precedingOf(reader: Reader, locale: string | undefined): Fact<{ number: string; issue_date: string | null }> | null {
  return labelled(reader, "precedingInvoice", (text) => {
    const match = /^(\S+)(?:\s*\((.+)\))?$/.exec(text.trim());
    if (!match?.[1]) return null;
    const date = match[2] ? readDate(match[2], dateOrderOf(locale)) : null;
    return { value: { number: match[1], issue_date: date?.date ?? null }, certainty: 1 };
  });
}
