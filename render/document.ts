// What every human-readable export (Markdown, XLSX, DOCX) shows of an invoice, in reading order and
// with its labels in the invoice's language: which parties, dates, lines, totals (paid and due only
// once something was paid), VAT rows, exemption reasons and payment facts. Values stay raw — minor
// units, ISO days, user text unescaped — so each codec formats and escapes them its own way: Markdown
// escapes syntax, a spreadsheet keeps numbers as numbers, Word keeps line breaks as breaks.
import type { InvoiceRecord } from "../server/domain/invoice.ts";
import { linePrice, lineTax } from "../server/domain/money.ts";
import type { PostalAddress } from "../server/domain/profile.ts";
import { addressLines } from "./address.ts";
import { formatCountry, formatDate, formatMoney, formatPercent, formatQuantity } from "./format.ts";
import { labelsFor, type Labels } from "./labels/index.ts";

/** The invoice's locale and currency, bound once. */
export type Formatters = {
  money(minor: number): string;
  date(day: string): string;
  quantity(value: number): string;
  percent(rate: number): string;
};

export type Party = { label: string; lines: string[]; taxId: string | null };
export type DateFact = { label: string; day: string };
export type Preceding = { label: string; number: string; day: string | null };
/** A line's discount: its percent and the minor units it takes off quantity × unit price (linePrice's). */
export type LineDiscount = { percent: number; amount: number };
export type Line = { description: string; quantity: number; unitPrice: number; taxRate: number; discount: LineDiscount | null; amount: number };
export type Total = { label: string; amount: number; strong: boolean };
export type TaxRow = { label: string; taxable: number; tax: number };
export type Fact = { label: string; value: string };

export type InvoiceDocument = {
  labels: Labels;
  format: Formatters;
  /** The document type's name ("Rechnung"); `number` is null on a draft. */
  type: string;
  number: string | null;
  /** Seller, then buyer: name, address lines (country in the invoice's language), e-mail. */
  parties: Party[];
  dates: DateFact[];
  preceding: Preceding | null;
  lineHeader: string[];
  lines: Line[];
  totals: Total[];
  taxHeader: [rate: string, taxable: string, tax: string];
  taxRows: TaxRow[];
  exemptionReasons: string[];
  payment: Fact[];
  notes: string | null;
};

function formattersFor({ locale, currency }: InvoiceRecord): Formatters {
  return {
    money: (minor) => formatMoney(minor, currency, locale),
    date: (day) => formatDate(day, locale),
    quantity: (value) => formatQuantity(value, locale),
    percent: (rate) => formatPercent(rate, locale),
  };
}

function party(record: InvoiceRecord, label: string, name: string, address: PostalAddress | null, email: string | null, taxId: string | null): Party {
  const lines = [name, ...addressLines(address, (code) => formatCountry(code, record.locale)), email];
  return { label, lines: lines.filter((line): line is string => Boolean(line)), taxId };
}

function totals(record: InvoiceRecord, labels: Labels): Total[] {
  const total = (label: string, amount: number, strong = false): Total => ({ label, amount, strong });
  const paid = record.amount_paid !== 0 ? [total(labels.amountPaid, record.amount_paid), total(labels.amountDue, record.amount_due, true)] : [];
  return [total(labels.subtotal, record.subtotal), total(labels.tax, record.tax), total(labels.total, record.total, true), ...paid];
}

function taxRows(record: InvoiceRecord, labels: Labels, format: Formatters): TaxRow[] {
  return record.tax_breakdown.map((group) => {
    const rate = labels.taxAt(format.percent(group.rate));
    const label = group.category === "S" ? rate : `${rate} (${labels.taxCategory[group.category]})`;
    return { label, taxable: group.taxable, tax: group.tax };
  });
}

function present(entries: ReadonlyArray<[string, string | null | undefined]>): Fact[] {
  return entries.flatMap(([label, value]) => (value ? [{ label, value }] : []));
}

export function invoiceDocument(record: InvoiceRecord): InvoiceDocument {
  const labels = labelsFor(record.locale);
  const format = formattersFor(record);
  const preceding = record.preceding_invoice;
  const dates: Array<[string, string | null]> = [
    [labels.issueDate, record.issue_date],
    [labels.dueDate, record.due_date],
    [labels.deliveryDate, record.delivery_date],
  ];
  const reasons = [record.tax_exemption_reason, ...record.items.map((item) => item.tax_exemption_reason)];
  return {
    labels,
    format,
    type: labels.title[record.type],
    number: record.number,
    parties: [
      party(record, labels.from, record.from_name, record.from_address, record.from_email, record.from_tax_id),
      party(record, labels.billTo, record.bill_to_name, record.bill_to_address, record.bill_to_email, record.bill_to_tax_id),
    ],
    dates: present(dates).map(({ label, value }) => ({ label, day: value })),
    preceding: preceding && { label: labels.precedingInvoice, number: preceding.number, day: preceding.issue_date },
    lineHeader: [labels.description, labels.quantity, labels.unitPrice, labels.taxRate, labels.amount],
    lines: record.items.map((item) => ({
      description: item.description,
      quantity: item.quantity,
      unitPrice: item.rate,
      taxRate: lineTax(item, record.tax_rate).rate,
      discount: item.discount_percent ? { percent: item.discount_percent, amount: linePrice(item).discount } : null,
      amount: item.amount,
    })),
    totals: totals(record, labels),
    taxHeader: [labels.taxRate, labels.taxableAmount, labels.tax],
    taxRows: taxRows(record, labels, format),
    exemptionReasons: [...new Set(reasons.filter((reason) => reason !== null))],
    payment: present([
      [labels.paymentTerms, record.payment_terms],
      [labels.iban, record.payment?.iban],
      [labels.bic, record.payment?.bic],
      [labels.reference, record.payment?.reference],
    ]),
    notes: record.notes || null,
  };
}

// The blocks as text, for every export that prints them; `text` escapes user text where the format
// needs it (Markdown).
const verbatim = (value: string): string => value;

/** "Rechnung RE-2026-0042", or "Rechnung — ENTWURF" without a number. */
export function headingOf(document: InvoiceDocument, text = verbatim): string {
  return document.number ? `${document.type} ${text(document.number)}` : `${document.type} — ${document.labels.draft}`;
}

/** The dates laid out for the locale; the preceding invoice as "number (date)". */
export function printedDates({ dates, preceding, format }: InvoiceDocument, text = verbatim): Fact[] {
  const facts = dates.map(({ label, day }) => ({ label, value: format.date(day) }));
  if (!preceding) return facts;
  return [...facts, { label: preceding.label, value: `${text(preceding.number)}${preceding.day ? ` (${format.date(preceding.day)})` : ""}` }];
}

/**
 * A line's description as printed: a discounted line's discount on a line of its own beneath it
 * ("Discount 10% (-€12.00)"), so the columns stay those of every invoice (the unit price is the
 * price, the amount the net) and every design, the HTML, Markdown and DOCX print the discount alike
 * (the XLSX export gives it a numeric column instead). The printed readers
 * (server/imports/formats/printed.ts) take that last line back as the discount.
 */
export function printedDescription({ labels, format }: InvoiceDocument, { description, discount }: Line): string {
  return discount ? `${description}\n${labels.lineDiscount(format.percent(discount.percent), format.money(-discount.amount))}` : description;
}

/** A table row as printed; `strong` marks the total and the amount due. */
export type PrintedRow = { cells: string[]; strong: boolean };

/** One row per line (its description unescaped), then the totals beneath the amount column. */
export function printedLines(document: InvoiceDocument): PrintedRow[] {
  const { lines, totals, format } = document;
  const items = lines.map((line) => ({
    cells: [printedDescription(document, line), format.quantity(line.quantity), format.money(line.unitPrice), format.percent(line.taxRate), format.money(line.amount)],
    strong: false,
  }));
  return [...items, ...totals.map(({ label, amount, strong }) => ({ cells: ["", "", "", label, format.money(amount)], strong }))];
}

export function printedTaxRows({ taxRows, format }: InvoiceDocument): string[][] {
  return taxRows.map((row) => [row.label, format.money(row.taxable), format.money(row.tax)]);
}
