// Markdown export: the invoice as a person reads it, in the invoice's language. Every piece of user
// text goes through mdText/mdCell, so a "|", "*" or "<script>" in a description prints as written.
import { headingOf, invoiceDocument, printedDates, printedLines, printedTaxRows, type Fact, type InvoiceDocument, type Party } from "../document.ts";
import type { InvoiceRecord } from "../../server/domain/invoice.ts";
import { HARD_BREAK, mdCell, mdTable, mdText } from "./markdown-text.ts";

/** "**Label**: value" lines; `value` arrives escaped. */
function facts({ labels }: InvoiceDocument, entries: readonly Fact[]): string | null {
  return entries.length > 0 ? entries.map(({ label, value }) => `**${label}**${labels.colon}${value}`).join(HARD_BREAK) : null;
}

function party({ labels }: InvoiceDocument, { label, lines, taxId }: Party): string {
  const taxLine = taxId ? [`${labels.taxId}${labels.colon}${mdText(taxId)}`] : [];
  return [`**${label}**`, ...lines.map(mdText), ...taxLine].join(HARD_BREAK);
}

/** Line items, with the totals beneath the amount column as on a printed invoice. */
function lines(document: InvoiceDocument): string {
  const rows = printedLines(document).map(({ cells: [description = "", ...numbers], strong }) => [
    mdCell(description),
    ...numbers.map((cell) => (strong && cell ? `**${cell}**` : cell)),
  ]);
  return mdTable(document.lineHeader, ["left", "right", "right", "right", "right"], rows);
}

function taxBreakdown(document: InvoiceDocument): string | null {
  const { labels, taxHeader, exemptionReasons } = document;
  const rows = printedTaxRows(document);
  if (rows.length === 0) return null;
  const table = mdTable(taxHeader, ["left", "right", "right"], rows);
  const notes = facts(document, exemptionReasons.map((reason) => ({ label: labels.taxExemptionReason, value: mdText(reason) })));
  return [`## ${labels.taxBreakdown}`, table, notes].filter(Boolean).join("\n\n");
}

function payment(document: InvoiceDocument): string | null {
  const body = facts(document, document.payment.map(({ label, value }) => ({ label, value: mdText(value) })));
  return body && `## ${document.labels.paymentInstructions}\n\n${body}`;
}

function notes({ labels, notes }: InvoiceDocument): string | null {
  return notes ? `## ${labels.notes}\n\n${mdText(notes)}` : null;
}

export function toMarkdown(record: InvoiceRecord): string {
  const document = invoiceDocument(record);
  const blocks = [
    `# ${headingOf(document, mdText)}`,
    ...document.parties.map((each) => party(document, each)),
    facts(document, printedDates(document, mdText)),
    lines(document),
    taxBreakdown(document),
    payment(document),
    notes(document),
  ];
  return `${blocks.filter(Boolean).join("\n\n")}\n`;
}
