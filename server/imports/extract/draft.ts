// The draft is held to the very schema invoices.create validates with (the router hands it in), so
// what extraction hands back can be posted as it is: a field the schema refuses (an e-mail that is
// no address, a country that is no ISO code) is dropped with a warning, a line missing what a line
// needs goes with its confidence, and the rest comes back as the schema reads it (defaults filled,
// names trimmed).
import type { z } from "zod";
import type { ExtractedInvoice } from "./result.ts";

/** The schema a draft is held to: invoices.create's fields, every one optional (routers/imports/draft.schema.ts). */
export type DraftSchema = z.ZodType;

export type CleanDraft = { invoice: ExtractedInvoice; confidence: Record<string, number>; warnings: string[] };

/** Fields of a line that it cannot do without: a refused one drops the line. */
const LINE_ESSENTIALS = new Set(["description", "rate", "amount"]);

function pathOf(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, key) => (typeof key === "number" ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key)), "");
}

export function cleanDraft(invoice: ExtractedInvoice, confidence: Record<string, number>, schema: DraftSchema): CleanDraft {
  const draft = structuredClone(invoice) as Record<string, unknown>;
  const kept = { ...confidence };
  const warnings: string[] = [];
  const droppedLines = new Set<number>();
  let parsed = schema.safeParse(draft);
  for (let attempt = 0; !parsed.success && attempt < 3; attempt++) {
    for (const issue of parsed.error.issues) {
      const [field, index, key] = issue.path;
      if (field === "items" && typeof index === "number") {
        if (key === undefined || LINE_ESSENTIALS.has(String(key))) droppedLines.add(index);
        else delete ((draft.items as Array<Record<string, unknown>>)[index] ?? {})[String(key)];
      } else if (typeof field === "string") {
        removeAt(draft, issue.path);
      }
      warnings.push(`${pathOf(issue.path)} was read as something invoices.create refuses (${issue.message}): left out`);
    }
    if (droppedLines.size > 0 && Array.isArray(draft.items)) draft.items = draft.items.filter((_, index) => !droppedLines.has(index));
    parsed = schema.safeParse(draft);
  }
  if (!parsed.success) return { invoice: {}, confidence: {}, warnings: [...warnings, "The draft could not be made valid"] };
  return { invoice: parsed.data as ExtractedInvoice, confidence: renumbered(kept, droppedLines, parsed.data as ExtractedInvoice), warnings };
}

/** Deletes the field at `path`; for a nested field, its own key only (an address keeps its other lines). */
function removeAt(target: Record<string, unknown>, path: readonly PropertyKey[]): void {
  const [head, ...rest] = path;
  if (head === undefined) return;
  const child = target[String(head)];
  if (rest.length > 0 && child && typeof child === "object" && !Array.isArray(child)) removeAt(child as Record<string, unknown>, rest);
  else delete target[String(head)];
}

/** Confidence keys of the fields still present, line indexes moved up over the lines dropped. */
function renumbered(confidence: Record<string, number>, dropped: ReadonlySet<number>, invoice: ExtractedInvoice): Record<string, number> {
  const result: Record<string, number> = {};
  for (const [key, value] of Object.entries(confidence)) {
    const line = /^items\[(\d+)\](.*)$/.exec(key);
    if (line) {
      const index = Number(line[1]);
      if (dropped.has(index)) continue;
      const shift = [...dropped].filter((each) => each < index).length;
      result[`items[${index - shift}]${line[2]}`] = value;
    } else if (["subtotal", "tax", "total"].includes(key) || present(invoice, key)) {
      result[key] = value;
    }
  }
  return result;
}

function present(invoice: ExtractedInvoice, key: string): boolean {
  let value: unknown = invoice;
  for (const part of key.split(".")) value = value && typeof value === "object" ? (value as Record<string, unknown>)[part] : undefined;
  return value !== undefined && value !== null;
}

/**
 * One VAT rate on every line is the invoice's rate, as a person would enter it: moved up from the
 * lines (with its confidence), so the draft reads as invoices.create is usually called.
 */
export function hoistTaxRate(invoice: ExtractedInvoice, confidence: Record<string, number>): void {
  const items = invoice.items ?? [];
  const rates = new Set(items.map((item) => item.tax_rate));
  const [rate] = rates;
  if (items.length === 0 || rates.size !== 1 || rate === null || rate === undefined) return;
  invoice.tax_rate = rate;
  invoice.items = items.map(({ tax_rate: _rate, ...item }) => item);
  const sure = items.map((_, index) => confidence[`items[${index}].tax_rate`] ?? 0);
  confidence.tax_rate = Math.max(...sure);
  items.forEach((_, index) => delete confidence[`items[${index}].tax_rate`]);
}
