// Invoice DSL export, layout A (ADR 0012 "The Invoice DSL"): keyword lines, then ITEMS with one
// line per item indented by a space, "<description> <quantity> x <price> [<rate>%] [-<discount>%]",
// as compact as parseDsl (./dsl-parse.ts) reads back.
// The price is one word, the currency's symbol glued to a machine decimal with its ISO digits
// ("€120.00", "¥1980", "KWD1.250", "-€5.00"); "1 x" is left out.
//
// CURRENCY and LOCALE are always written (docs/api-guide.md "Create from the Invoice DSL"), so the
// text recreates the invoice on any account: a symbol alone leaves an invoice without items to the
// reading account's currency, and the locale the reader would derive by itself (ADR 0034) puts the
// linked client's before the document's, which depends on the account reading it. LOCALE also
// sets how numbers read: where "." may group (de-DE), a machine decimal with three fraction digits
// takes a fourth, zero one (machineFor).
//
// What round-trips (parseDsl(toDsl(record)) gives it back): the number; the seller's name, address
// and e-mail; the buyer's name, e-mail and address; issue and due dates; payment terms (as
// "DUE Net 30" when they count the due date from the issue date); the currency and locale; the
// invoice's tax rate ("TAX DE" when it is the seller's country's standard rate); every item's
// description, quantity, price, own tax rate and discount (its percent after a minus sign, last on
// the line); the notes, line by line.
//
// What does not, as the grammar has no line for it:
// - the document type (a credit note, quote or purchase order reads back as an invoice), status,
//   lock, revision and ids; FINALIZE and SEND are directives, never written by an export;
// - an address's structure: street, postal code, city and region come back as one line1, and the
//   country only as the last part of two capitals (so an address without a country whose last part
//   is two capitals reads as one, and a one-word address part with an "@" as an e-mail);
// - tax IDs, tax categories and exemption reasons, units, delivery date, payment instructions,
//   buyer reference, client and template, the preceding invoice and the amount paid (VAT and
//   totals are the service's to compute again);
// - runs of blanks and line breaks in any text (collapsed to one space, as lines are the syntax;
//   notes keep their line breaks), a blank text and "|" in a name, address or e-mail (written as
//   "/", the pipe separates a party's parts).
import { addDays } from "../../server/domain/clock.ts";
import { machineFor, symbolOf } from "../../server/domain/decimal-text.ts";
import type { InvoiceRecord, LineItem } from "../../server/domain/invoice.ts";
import type { PostalAddress } from "../../server/domain/profile.ts";
import { standardVatRate } from "../../server/domain/vat-rates.ts";
import { addressLines } from "../address.ts";
import { machineAmount, machineNumber } from "../format.ts";
import { termDays } from "./dsl-parse.ts";

const oneLine = (text: string): string => text.replace(/\s+/g, " ").trim();
const part = (text: string): string => oneLine(text).replaceAll("|", "/");

/** A keyword line; a value holding a pipe takes the colon, or the reader would try it as a pipe item. */
function keyword(name: string, value: string): string {
  if (!value) return name;
  return value.includes("|") ? `${name}: ${value}` : `${name} ${value}`;
}

function addressText(address: PostalAddress | null): string {
  return addressLines(address).map(part).filter(Boolean).join(", ");
}

/** A party's name, then its other parts that have a value, separated by pipes. */
function party(name: string, ...parts: Array<string | null>): string {
  return [part(name), ...parts.map((each) => (each ? part(each) : ""))].filter(Boolean).join(" | ");
}

function price(minor: number, { currency, locale }: InvoiceRecord): string {
  const amount = machineFor(machineAmount(minor, currency), locale);
  const sign = amount.startsWith("-") ? "-" : "";
  return `${sign}${symbolOf(currency)}${amount.slice(sign.length)}`;
}

/** A quantity or percent as the invoice's LOCALE line makes the reader read it. */
const decimal = (value: number, record: InvoiceRecord): string => machineFor(machineNumber(value), record.locale);

function itemLine(item: LineItem, record: InvoiceRecord): string {
  const description = oneLine(item.description);
  // "Box 2 x" for one would read as two boxes, and a pipe as a pipe item: those keep their "1 x".
  const plain = item.quantity === 1 && !/[xX×*]$/.test(description) && !description.includes("|");
  const rate = item.tax_rate === null ? "" : ` ${decimal(item.tax_rate, record)}%`;
  const discount = item.discount_percent ? ` -${decimal(item.discount_percent, record)}%` : "";
  // One space is indentation enough, and a token cheaper per line than two (o200k_base).
  return ` ${description} ${plain ? "" : `${decimal(item.quantity, record)} x `}${price(item.rate, record)}${rate}${discount}`;
}

/** "DUE Net 30" when the terms say how the due date follows from the issue date; else the date and TERMS. */
function dueLines(record: InvoiceRecord): string[] {
  const terms = oneLine(record.payment_terms ?? "");
  const days = termDays(terms);
  if (record.due_date && days !== null && addDays(record.issue_date, days) === record.due_date) return [`DUE ${terms}`];
  return [record.due_date ? `DUE ${record.due_date}` : "", terms ? keyword("TERMS", terms) : ""].filter(Boolean);
}

/** The seller's country when its standard rate is the invoice's, else the percent; none without a rate. */
function taxLine(record: InvoiceRecord): string | null {
  if (record.tax_rate === null) return null;
  const country = record.from_address?.country;
  return country && standardVatRate(country) === record.tax_rate ? `TAX ${country}` : `TAX ${decimal(record.tax_rate, record)}`;
}

/** The number as INVOICE's value: the reader strips one leading "#" (INVOICE #2026-001), so one is added back. */
function numberText(number: string | null): string {
  const text = oneLine(number ?? "");
  return text.startsWith("#") ? `#${text}` : text;
}

export function toDsl(record: InvoiceRecord): string {
  const notes = record.notes === null ? [] : record.notes.split(/\r\n|\r|\n/).map((line) => keyword("NOTE", oneLine(line)));
  const lines = [
    keyword("INVOICE", numberText(record.number)),
    `FROM ${party(record.from_name, addressText(record.from_address), record.from_email)}`,
    `TO ${party(record.bill_to_name, record.bill_to_email, addressText(record.bill_to_address))}`,
    `DATE ${record.issue_date}`,
    ...dueLines(record),
    `CURRENCY ${record.currency}`,
    `LOCALE ${record.locale}`,
    taxLine(record),
    "ITEMS",
    ...record.items.map((item) => itemLine(item, record)),
    ...notes,
  ];
  return `${lines.filter((line) => line !== null).join("\n")}\n`;
}
