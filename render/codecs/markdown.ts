// Markdown export: the invoice as a person reads it, in the invoice's language. Every piece of user
// text goes through mdText/mdCell, so a "|", "*" or "<script>" in a description prints as written.
import type { InvoiceRecord } from "../../server/domain/invoice.ts";
import type { PostalAddress } from "../../server/domain/profile.ts";
import { addressLines } from "../address.ts";
import { formatCountry, formatDate, formatMoney, formatPercent, formatQuantity } from "../format.ts";
import { labelsFor, type Labels } from "../labels.ts";
import { lineTax } from "../../server/domain/money.ts";
import { HARD_BREAK, mdCell, mdTable, mdText } from "./markdown-text.ts";

/** The record with its labels and formatters bound to its locale and currency. */
type View = {
  record: InvoiceRecord;
  labels: Labels;
  money(minor: number): string;
  date(date: string): string;
  quantity(value: number): string;
  percent(rate: number): string;
};

function viewOf(record: InvoiceRecord): View {
  const { locale, currency } = record;
  return {
    record,
    labels: labelsFor(locale),
    money: (minor) => formatMoney(minor, currency, locale),
    date: (date) => formatDate(date, locale),
    quantity: (value) => formatQuantity(value, locale),
    percent: (rate) => formatPercent(rate, locale),
  };
}

/** "**Label**: value" lines; `value` arrives escaped, absent values are left out. */
function facts(labels: Labels, entries: ReadonlyArray<[string, string | null]>): string | null {
  const present = entries.filter((entry): entry is [string, string] => entry[1] !== null);
  return present.length > 0 ? present.map(([label, value]) => `**${label}**${labels.colon}${value}`).join(HARD_BREAK) : null;
}

function title({ record, labels }: View): string {
  const heading = labels.title[record.type];
  return record.number ? `# ${heading} ${mdText(record.number)}` : `# ${heading} — ${labels.draft}`;
}

type Party = { label: string; name: string; address: PostalAddress | null; email: string | null; taxId: string | null };

function party({ record, labels }: View, { label, name, address, email, taxId }: Party): string {
  const lines = [name, ...addressLines(address, (code) => formatCountry(code, record.locale)), email].filter((line): line is string => Boolean(line));
  const taxLine = taxId ? [`${labels.taxId}${labels.colon}${mdText(taxId)}`] : [];
  return [`**${label}**`, ...lines.map(mdText), ...taxLine].join(HARD_BREAK);
}

function dates(view: View): string | null {
  const { record, labels, date } = view;
  const preceding = record.preceding_invoice;
  const precedingText = preceding
    ? `${mdText(preceding.number)}${preceding.issue_date ? ` (${date(preceding.issue_date)})` : ""}`
    : null;
  return facts(labels, [
    [labels.issueDate, date(record.issue_date)],
    [labels.dueDate, record.due_date && date(record.due_date)],
    [labels.deliveryDate, record.delivery_date && date(record.delivery_date)],
    [labels.precedingInvoice, precedingText],
  ]);
}

/** Line items, with the totals beneath the amount column as on a printed invoice. */
function lines({ record, labels, money, quantity, percent }: View): string {
  const items = record.items.map((item) => [
    mdCell(item.description),
    quantity(item.quantity),
    money(item.rate),
    percent(lineTax(item, record.tax_rate).rate),
    money(item.amount),
  ]);
  const total = (label: string, amount: number, strong = false): string[] => {
    const mark = strong ? "**" : "";
    return ["", "", "", `${mark}${label}${mark}`, `${mark}${money(amount)}${mark}`];
  };
  const paid = record.amount_paid !== 0 ? [total(labels.amountPaid, record.amount_paid), total(labels.amountDue, record.amount_due, true)] : [];
  return mdTable(
    [labels.description, labels.quantity, labels.unitPrice, labels.taxRate, labels.amount],
    ["left", "right", "right", "right", "right"],
    [...items, total(labels.subtotal, record.subtotal), total(labels.tax, record.tax), total(labels.total, record.total, true), ...paid],
  );
}

function taxBreakdown({ record, labels, money, percent }: View): string | null {
  if (record.tax_breakdown.length === 0) return null;
  const rows = record.tax_breakdown.map((group) => {
    const rate = labels.taxAt(percent(group.rate));
    const label = group.category === "S" ? rate : `${rate} (${labels.taxCategory[group.category]})`;
    return [label, money(group.taxable), money(group.tax)];
  });
  const reasons = new Set([record.tax_exemption_reason, ...record.items.map((item) => item.tax_exemption_reason)].filter((reason) => reason !== null));
  const table = mdTable([labels.taxRate, labels.taxableAmount, labels.tax], ["left", "right", "right"], rows);
  const notes = facts(labels, [...reasons].map((reason) => [labels.taxExemptionReason, mdText(reason)]));
  return [`## ${labels.taxBreakdown}`, table, notes].filter(Boolean).join("\n\n");
}

function payment({ record, labels }: View): string | null {
  const text = (value: string | null | undefined): string | null => (value ? mdText(value) : null);
  const body = facts(labels, [
    [labels.paymentTerms, text(record.payment_terms)],
    [labels.iban, text(record.payment?.iban)],
    [labels.bic, text(record.payment?.bic)],
    [labels.reference, text(record.payment?.reference)],
  ]);
  return body && `## ${labels.paymentInstructions}\n\n${body}`;
}

function notes({ record, labels }: View): string | null {
  return record.notes ? `## ${labels.notes}\n\n${mdText(record.notes)}` : null;
}

export function toMarkdown(record: InvoiceRecord): string {
  const view = viewOf(record);
  const { labels } = view;
  const blocks = [
    title(view),
    party(view, { label: labels.from, name: record.from_name, address: record.from_address, email: record.from_email, taxId: record.from_tax_id }),
    party(view, { label: labels.billTo, name: record.bill_to_name, address: record.bill_to_address, email: record.bill_to_email, taxId: record.bill_to_tax_id }),
    dates(view),
    lines(view),
    taxBreakdown(view),
    payment(view),
    notes(view),
  ];
  return `${blocks.filter(Boolean).join("\n\n")}\n`;
}
