// Field-by-field scoring of one extraction against the invoice the document was rendered from. Pure.
// A field is right when it equals the rendered value: text after Unicode NFC and whitespace folding
// (case and accents count), dates as ISO days, quantities and minor units exactly. A field the
// invoice leaves empty (no due date) is right when the extraction leaves it empty too.
// Lines are paired in order by the alignment that matches the most fields (a skipped or invented line
// then costs only itself, not every line after it); a line of the invoice left unpaired misses its
// three fields, and a line the extraction invented counts as one more wrong field.
import type { InvoiceRecord } from "../../../server/domain/invoice.ts";

/** What the scoring reads of an ExtractionResult (server/imports/extract): structurally the same fields. */
export type ExtractedLine = { description?: string | null; quantity?: number | null; rate?: number | null };
export type Extraction = {
  invoice: {
    number?: string | null;
    issue_date?: string | null;
    due_date?: string | null;
    currency?: string | null;
    from_name?: string | null;
    bill_to_name?: string | null;
    items?: readonly ExtractedLine[] | null;
  };
  document_totals: { subtotal: number | null; tax: number | null; total: number | null };
  consistent: boolean;
};

export const FIELD_GROUPS = ["number", "dates", "currency", "parties", "lines", "totals"] as const;
export type FieldGroup = (typeof FIELD_GROUPS)[number];

export type FieldResult = { group: FieldGroup; field: string; ok: boolean; expected: unknown; got: unknown };

export type DocumentScore = {
  fields: FieldResult[];
  /** Subtotal, tax and total all as printed. */
  totalsRight: boolean;
  /** The extraction said its totals do not add up (consistent: false). */
  flagged: boolean;
};

const LINE_FIELDS = ["description", "quantity", "rate"] as const;

export function normalText(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const folded = value.normalize("NFC").replace(/\s+/g, " ").trim();
  return folded === "" ? null : folded;
}

function same(expected: unknown, got: unknown): boolean {
  if (typeof expected === "string" || expected === null) return normalText(expected) === normalText(got ?? null);
  return expected === got;
}

function field(group: FieldGroup, name: string, expected: unknown, got: unknown): FieldResult {
  return { group, field: name, ok: same(expected, got), expected, got: got ?? null };
}

type ExpectedLine = { description: string; quantity: number; rate: number };

function lineMatches(expected: ExpectedLine, got: ExtractedLine): number {
  return LINE_FIELDS.filter((name) => same(expected[name], got[name])).length;
}

/** Pairs of (expected index, extracted index) keeping order and matching the most fields (dynamic programming). */
export function alignLines(expected: readonly ExpectedLine[], got: readonly ExtractedLine[]): Array<[number, number]> {
  const rows = expected.length;
  const columns = got.length;
  const best = Array.from({ length: rows + 1 }, () => new Array<number>(columns + 1).fill(0));
  for (let i = 1; i <= rows; i++) {
    for (let j = 1; j <= columns; j++) {
      const paired = best[i - 1]![j - 1]! + lineMatches(expected[i - 1]!, got[j - 1]!);
      best[i]![j] = Math.max(best[i - 1]![j]!, best[i]![j - 1]!, paired);
    }
  }
  const pairs: Array<[number, number]> = [];
  for (let i = rows, j = columns; i > 0 && j > 0; ) {
    const score = lineMatches(expected[i - 1]!, got[j - 1]!);
    if (score > 0 && best[i]![j] === best[i - 1]![j - 1]! + score) {
      pairs.push([i - 1, j - 1]);
      i--;
      j--;
    } else if (best[i]![j] === best[i - 1]![j]) i--;
    else j--;
  }
  return pairs.reverse();
}

function lineFields(record: InvoiceRecord, got: readonly ExtractedLine[]): FieldResult[] {
  const expected: ExpectedLine[] = record.items.map((item) => ({ description: item.description, quantity: item.quantity, rate: item.rate }));
  const pairs = alignLines(expected, got);
  const pairedWith = new Map(pairs);
  const results = expected.flatMap((line, index) => {
    const match = pairedWith.has(index) ? got[pairedWith.get(index)!]! : {};
    return LINE_FIELDS.map((name) => field("lines", `line ${name === "rate" ? "unit price" : name}`, line[name], match[name]));
  });
  const invented = got.length - pairs.length;
  for (let extra = 0; extra < invented; extra++) results.push({ group: "lines", field: "line not on the invoice", ok: false, expected: null, got: "a line" });
  return results;
}

export function scoreExtraction(record: InvoiceRecord, extraction: Extraction): DocumentScore {
  const { invoice, document_totals: totals } = extraction;
  const totalFields = [
    field("totals", "subtotal", record.subtotal, totals.subtotal),
    field("totals", "tax", record.tax, totals.tax),
    field("totals", "total", record.total, totals.total),
  ];
  return {
    fields: [
      field("number", "number", record.number, invoice.number),
      field("dates", "issue date", record.issue_date, invoice.issue_date),
      field("dates", "due date", record.due_date, invoice.due_date),
      field("currency", "currency", record.currency, invoice.currency),
      field("parties", "seller name", record.from_name, invoice.from_name),
      field("parties", "buyer name", record.bill_to_name, invoice.bill_to_name),
      ...lineFields(record, invoice.items ?? []),
      ...totalFields,
    ],
    totalsRight: totalFields.every((result) => result.ok),
    flagged: !extraction.consistent,
  };
}

/** A document the extractor could not read at all (it threw): every field of the invoice missed. */
export function failedExtraction(record: InvoiceRecord): DocumentScore {
  const nothing: Extraction = { invoice: {}, document_totals: { subtotal: null, tax: null, total: null }, consistent: false };
  return scoreExtraction(record, nothing);
}
