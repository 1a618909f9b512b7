// The EPC QR code's text ("GiroCode", "scan to pay"): what a banking app reads to pre-fill a SEPA
// credit transfer. Spelled per EPC069-12 v3.0 (European Payments Council, "Quick Response Code:
// Guidelines to Enable the Data Capture for the Initiation of an SCT", 2022): format version 002,
// where the BIC may be left out inside the EEA, and character set 1 (UTF-8). One element per line,
// positional, so empty optional elements keep their line; the last populated element ends the text.
import type { InvoiceRecord } from "../../server/domain/invoice.ts";
import { machineAmount } from "../format.ts";
import { compact, isBic, isCreditorReference, isIban } from "./check-digits.ts";

export type EpcSource = Pick<InvoiceRecord, "type" | "currency" | "amount_due" | "number" | "from_name" | "payment">;

/** The guidelines' limit: what a version 13 QR code holds at error correction level M. */
export const EPC_MAX_BYTES = 331;
const NAME_CHARS = 70;
const TEXT_CHARS = 140;
/** 999999999.99 euro, the largest amount the guidelines allow, in cents. */
const MAX_CENTS = 99_999_999_999;
/** UNTDID 4461 direct debits: the seller collects, so a transfer code would invite paying twice. */
const DIRECT_DEBIT_MEANS = new Set(["49", "59"]);

const utf8 = new TextEncoder();
const graphemes = new Intl.Segmenter("und", { granularity: "grapheme" });
const byteLength = (text: string): number => utf8.encode(text).length;

/** Line breaks would split an element in two: they become spaces. */
const oneLine = (text: string): string => text.replace(/\s*[\r\n\u2028\u2029\u0085]+\s*/g, " ").trim();

/**
 * The longest start of `text` within `maxChars` code points (the guidelines count characters, not
 * UTF-16 units) and `maxBytes` UTF-8 bytes, cut between graphemes so no accent loses its letter.
 */
function clip(text: string, maxChars: number, maxBytes = Number.POSITIVE_INFINITY): string {
  let kept = "";
  let chars = 0;
  let bytes = 0;
  for (const { segment } of graphemes.segment(text)) {
    chars += [...segment].length;
    bytes += byteLength(segment);
    if (chars > maxChars || bytes > maxBytes) break;
    kept += segment;
  }
  return kept.trimEnd();
}

type Elements = { bic: string; name: string; iban: string; amount: string; reference: string; text: string };

function joined(e: Elements): string {
  const lines = ["BCD", "002", "1", "SCT", e.bic, e.name, e.iban, e.amount, "", e.reference, e.text, ""];
  while (lines.at(-1) === "") lines.pop();
  return lines.join("\n");
}

/** Name and unstructured text within 331 bytes in all: the text gives way first, then the name. */
function fitted(elements: Elements): Elements {
  if (byteLength(joined(elements)) <= EPC_MAX_BYTES) return elements;
  // The text's room counts its own line's separators: measured with a one-byte stand-in.
  const textRoom = EPC_MAX_BYTES - byteLength(joined({ ...elements, text: "-" })) + 1;
  const text = clip(elements.text, TEXT_CHARS, Math.max(textRoom, 0));
  if (text !== "") return { ...elements, text };
  const nameRoom = EPC_MAX_BYTES - byteLength(joined({ ...elements, name: "", text: "" }));
  return { ...elements, name: clip(elements.name, NAME_CHARS, nameRoom), text: "" };
}

/**
 * The payload for the invoice's payment QR code, or null when none should be printed: not in euro,
 * nothing due, paid by direct debit, no IBAN, or an IBAN whose check digits fail. A bad IBAN gives
 * null rather than an error because the invoice is still valid (the API checks the IBAN's shape,
 * not its check digits, and the e-invoice exports carry it as written): the document prints the
 * IBAN as entered, and only the code that would pre-fill a transfer the bank refuses is left out.
 */
export function epcPayload(record: EpcSource): string | null {
  const { payment } = record;
  // Only an invoice asks the reader to pay: a credit note's amount is owed the other way, and a
  // quote or purchase order is not a demand for payment.
  if (record.type !== "invoice") return null;
  if (record.currency !== "EUR" || !Number.isSafeInteger(record.amount_due) || record.amount_due <= 0) return null;
  if (!payment?.iban || DIRECT_DEBIT_MEANS.has(payment.means)) return null;
  const iban = compact(payment.iban);
  if (!isIban(iban)) return null;
  const name = clip(oneLine(record.from_name), NAME_CHARS);
  if (name === "") return null;
  // Version 002 lets the BIC go: one that is malformed is left out rather than sent to the bank.
  const bic = payment.bic && isBic(compact(payment.bic)) ? compact(payment.bic) : "";
  // Above the limit the amount stays empty and the payer types it: the code still carries the rest.
  const amount = record.amount_due <= MAX_CENTS ? `EUR${machineAmount(record.amount_due, "EUR")}` : "";
  const reference = payment.reference ? compact(payment.reference) : "";
  const structured = isCreditorReference(reference);
  const text = structured ? "" : clip(oneLine(payment.reference ?? "") || oneLine(record.number ?? ""), TEXT_CHARS);
  return joined(fitted({ bic, name, iban, amount, reference: structured ? reference : "", text }));
}
