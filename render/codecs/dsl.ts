// Invoice DSL export, layout A of spec §4.4: keyword lines, then ITEMS with one indented line per
// item, "<description> <quantity> x <price>". The price is one token, the currency's symbol glued to
// a machine decimal with its ISO digits ("€120.00", "¥1980", "KWD1.250", "-€5.00"), so a reader
// splits an item line from the right and the description may hold any text.
//
// What does not round-trip (the DSL has no line for it; createFromDsl would not restore it):
// - the document type (a credit note, quote or purchase order reads back as an invoice), status,
//   lock and revision; FINALIZE and SEND are directives, never written by an export;
// - the structure of the seller's address (one comma-joined line after FROM), the seller's e-mail,
//   the buyer's address and both tax IDs; the buyer's e-mail only travels when present;
// - TAX names the seller's country (from its address), not a rate: per-line and invoice VAT rates,
//   categories and exemption reasons are lost, and with them the VAT and totals;
// - units, delivery date, payment terms and instructions, notes, amount paid, locale, buyer
//   reference and the preceding invoice;
// - line breaks and runs of blanks in any text (collapsed to one space, as lines are the syntax) and
//   "|" in a name or address (written as "/", the pipe separates the line's two parts).
// An invoice without a number writes a bare INVOICE line: the service numbers it on finalize.
import type { InvoiceRecord } from "../../server/domain/invoice.ts";
import { addressLines } from "../address.ts";
import { machineAmount, machineNumber } from "../format.ts";

const oneLine = (text: string): string => text.replace(/\s+/g, " ").trim();
const part = (text: string): string => oneLine(text).replaceAll("|", "/");

/** The currency's short symbol in English ("€", "$", "¥"), or its code where it has none ("KWD"). */
function currencySymbol(currency: string): string {
  const parts = new Intl.NumberFormat("en", { style: "currency", currency, currencyDisplay: "narrowSymbol" }).formatToParts(0);
  return parts.find((piece) => piece.type === "currency")?.value ?? currency;
}

function price(minor: number, currency: string): string {
  const amount = machineAmount(minor, currency);
  const sign = amount.startsWith("-") ? "-" : "";
  return `${sign}${currencySymbol(currency)}${amount.slice(sign.length)}`;
}

function keyword(name: string, first: string | null, second?: string | null): string | null {
  if (first === null) return null;
  return second ? `${name} ${first} | ${second}` : `${name} ${first}`;
}

export function toDsl(record: InvoiceRecord): string {
  const address = addressLines(record.from_address).map(part).join(", ");
  const items = record.items.map(
    (item) => `  ${oneLine(item.description)} ${machineNumber(item.quantity)} x ${price(item.rate, record.currency)}`,
  );
  const lines = [
    record.number ? `INVOICE ${oneLine(record.number)}` : "INVOICE",
    keyword("FROM", part(record.from_name), address),
    keyword("TO", part(record.bill_to_name), record.bill_to_email && part(record.bill_to_email)),
    keyword("DATE", record.issue_date),
    keyword("DUE", record.due_date),
    keyword("CURRENCY", record.currency),
    keyword("TAX", record.from_address?.country ?? null),
    "ITEMS",
    ...items,
  ];
  return `${lines.filter((line) => line !== null).join("\n")}\n`;
}
