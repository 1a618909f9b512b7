// What a template prints of an invoice: render/document.ts's content with the template's choices
// applied. Hidden optional facts (tax ids, delivery date, notes) are dropped from the record before
// the document is built, so no block can print them by accident; label overrides replace a label's
// text wherever the document uses it. An override is keyed by label, so the replacement is found
// by the label's text in the invoice's language: tests check that no two overridable labels of a
// language share a text, which keeps that lookup unambiguous.
import type { InvoiceRecord } from "../../server/domain/invoice.ts";
import { invoiceDocument, type InvoiceDocument } from "../document.ts";
import type { Labels } from "../labels/index.ts";
import type { OverridableLabel, TemplateOptions } from "./options.ts";

function visibleRecord(record: InvoiceRecord, { show }: TemplateOptions): InvoiceRecord {
  return {
    ...record,
    from_tax_id: show.tax_ids ? record.from_tax_id : null,
    bill_to_tax_id: show.tax_ids ? record.bill_to_tax_id : null,
    delivery_date: show.delivery_date ? record.delivery_date : null,
    notes: show.notes ? record.notes : null,
  };
}

/** The document with `overrides` in place of the labels they name. */
export function relabelled(document: InvoiceDocument, overrides: Partial<Record<OverridableLabel, string>>): InvoiceDocument {
  const entries = Object.entries(overrides) as [OverridableLabel, string][];
  if (entries.length === 0) return document;
  const replaced = new Map(entries.map(([key, text]) => [document.labels[key], text]));
  const rename = (label: string): string => replaced.get(label) ?? label;
  const labels: Labels = { ...document.labels, ...overrides };
  return {
    ...document,
    labels,
    parties: document.parties.map((party) => ({ ...party, label: rename(party.label) })),
    dates: document.dates.map((date) => ({ ...date, label: rename(date.label) })),
    preceding: document.preceding && { ...document.preceding, label: rename(document.preceding.label) },
    lineHeader: document.lineHeader.map(rename),
    totals: document.totals.map((total) => ({ ...total, label: rename(total.label) })),
    taxHeader: document.taxHeader.map(rename) as InvoiceDocument["taxHeader"],
    payment: document.payment.map((fact) => ({ ...fact, label: rename(fact.label) })),
  };
}

/** The invoice's printed content under a template's options. */
export function templateDocument(record: InvoiceRecord, options: TemplateOptions): InvoiceDocument {
  return relabelled(invoiceDocument(visibleRecord(record, options)), options.labels);
}
