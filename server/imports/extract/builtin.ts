// The built-in extractor: no network, only rules over the document's layout. The order matters
// where one finding informs the next: the labels tell the language, the language and the amounts
// tell the currency and the decimal mark, the line table is taken out before single labels are
// read (a "Total" column header is not the total), then parties, dates, payment facts and totals.
import type { PostalAddress } from "../../domain/profile.ts";
import type { LabelLanguage } from "../../../render/labels/index.ts";
import { documentCurrency, documentDecimalMark, type NumberStyle } from "./amounts.ts";
import { bicOf, dateOf, firstDate, ibanOf, notesOf, numberOf, paymentTermsOf, precedingOf, referenceOf, titleOf, type Fact } from "./fields.ts";
import { partyOf, type PartyFields } from "./parties.ts";
import { Reader, type CellRef, type Found } from "./reading.ts";
import type { ExtractedInvoice, ExtractOptions, Extractor, ProviderAnswer } from "./result.ts";
import type { SourceDocument } from "./source.ts";
import { findTable, itemFigures, type Table } from "./table.ts";
import { statedTotals, type StatedTotals } from "./totals.ts";
import { fieldLabel, isDraftMark, LANGUAGES, titleLabel } from "./vocabulary.ts";
import { percentOf } from "../../domain/money.ts";

export const builtinExtractor: Extractor = {
  name: "builtin",
  extract: async (source, options) => extractByRules(source, options),
};

/** A draft with a confidence beside every field it sets. */
class Draft {
  readonly invoice: ExtractedInvoice = {};
  readonly confidence: Record<string, number> = {};
  readonly warnings: string[] = [];

  set<Key extends keyof ExtractedInvoice>(field: Key, fact: Fact<NonNullable<ExtractedInvoice[Key]>> | null): void {
    if (!fact) return;
    this.invoice[field] = fact.value;
    this.confidence[field] = round(fact.confidence);
  }
}

/** ISO 4217's code for "no currency": the number style's when the document names none (its amounts are then not read). */
const NO_CURRENCY = "XXX";

const round = (value: number): number => Math.round(Math.max(0, Math.min(1, value)) * 1000) / 1000;

export function extractByRules(source: SourceDocument, options: ExtractOptions): ProviderAnswer {
  const reader = new Reader(source.layout);
  const draft = new Draft();
  const title = titleOf(reader);
  const language = languageOf(reader);
  const locale = localeFor(language, options.locale);
  const currency = documentCurrency(source.layout, locale);
  const style: NumberStyle = {
    currency: currency?.currency ?? NO_CURRENCY,
    decimal: documentDecimalMark(source.layout, currency?.currency ?? null, locale),
    ocr: source.ocr_confidence !== null,
  };
  if (currency) draft.set("currency", { value: currency.currency, confidence: currency.certain ? 0.97 : 0.7 });
  else draft.warnings.push("No currency symbol or code found next to the amounts; currency left unset and amounts not read");
  if (language) draft.set("locale", { value: locale ?? language, confidence: 0.8 });

  const table = currency ? findTable(reader, style) : null;
  const totals = currency ? statedTotals(reader, style) : { subtotal: null, tax: null, total: null, taxRows: [] };

  if (title) draft.set("type", { value: title.type, confidence: title.confidence });
  draft.set("number", numberOf(reader, title));
  if (title?.draft) draft.warnings.push("The document is marked as a draft: it has no number yet");
  parties(reader, draft);
  draft.set("issue_date", dateOf(reader, "issueDate", locale) ?? firstDate(reader, locale));
  draft.set("due_date", dateOf(reader, "dueDate", locale));
  draft.set("delivery_date", dateOf(reader, "deliveryDate", locale));
  const preceding = precedingOf(reader, locale);
  if (preceding) draft.set("preceding_invoice", preceding);
  draft.set("payment_terms", paymentTermsOf(reader));
  payment(reader, draft);
  draft.set("notes", notesOf(reader));
  items(table, totals, draft);
  if (!draft.invoice.issue_date) draft.warnings.push("No issue date found");
  return {
    invoice: draft.invoice,
    confidence: { ...draft.confidence, ...totalConfidence(totals) },
    document_totals: { subtotal: totals.subtotal?.amount ?? null, tax: totals.tax?.amount ?? null, total: totals.total?.amount ?? null },
    warnings: draft.warnings,
  };
}

/** The label language most of the document's labels belong to (a label shared by several counts for each in part). */
function languageOf(reader: Reader): LabelLanguage | null {
  const votes = new Map<LabelLanguage, number>();
  const vote = (languages: ReadonlySet<LabelLanguage>) => languages.forEach((language) => votes.set(language, (votes.get(language) ?? 0) + 1 / languages.size));
  for (const hit of reader.hits) vote(hit.match.languages);
  for (const line of reader.layout.lines.slice(0, 12)) for (const cell of line.cells) {
    const title = titleLabel(cell.text, reader.layout.misread);
    if (title) vote(title.languages);
  }
  const ranked = [...votes].sort((a, b) => b[1] - a[1] || LANGUAGES.indexOf(a[0]) - LANGUAGES.indexOf(b[0]));
  return ranked[0]?.[0] ?? null;
}

/** The caller's locale when it speaks the document's language (its region settles "$" and 03/05), else the language. */
function localeFor(language: LabelLanguage | null, hint: string | undefined): string | undefined {
  if (!hint) return language ?? undefined;
  if (!language) return hint;
  try {
    return new Intl.Locale(hint).language === language ? hint : language;
  } catch {
    return language;
  }
}

const PARTY_FIELDS = new Set(["taxId"] as const);

/** The lines of the block under a party heading, with the heading's own rest ("Bill to: Acme") first. */
function partyBlock(reader: Reader, role: "from" | "billTo"): { lines: Found[]; trust: number } | null {
  for (const hit of reader.labels(role)) {
    if (hit.match.rest && !hit.match.colon) continue;
    const first: Found[] = hit.match.rest ? [{ text: hit.match.rest, confidence: reader.cell(hit)?.confidence ?? 1, ref: hit }] : [];
    const lines = [...first, ...reader.blockUnder(hit, PARTY_FIELDS)];
    if (lines.length > 0) return { lines, trust: 0.95 };
  }
  return null;
}

/**
 * Without a "from" heading the seller is the first block of the page: the first cell of the first
 * lines that is not the title, a draft mark, a label or a date.
 */
function topBlock(reader: Reader): { lines: Found[]; trust: number } | null {
  const { misread } = reader.layout;
  const lines = reader.layout.lines.slice(0, 4);
  for (const [offset, line] of lines.entries()) {
    const index = line.cells.findIndex((cell) => !titleLabel(cell.text, misread) && !isDraftMark(cell.text) && !fieldLabel(cell.text, misread) && !/\d{2}/.test(cell.text));
    const cell = line.cells[index];
    if (!cell) continue;
    const ref: CellRef = { line: offset, cell: index };
    return { lines: [{ text: cell.text, confidence: cell.confidence, ref }, ...reader.blockUnder(ref, PARTY_FIELDS)], trust: 0.6 };
  }
  return null;
}

function setParty(draft: Draft, prefix: "from" | "bill_to", block: { lines: Found[]; trust: number } | null): void {
  if (!block) return;
  const party: PartyFields | null = partyOf(block.lines.map((found) => found.text));
  if (!party) return;
  const confidence = block.trust * Math.min(...block.lines.map((found) => found.confidence));
  draft.set(`${prefix}_name`, { value: party.name, confidence });
  if (party.email) draft.set(`${prefix}_email`, { value: party.email, confidence });
  if (party.tax_id) draft.set(`${prefix}_tax_id`, { value: party.tax_id, confidence });
  if (party.address) draft.set(`${prefix}_address`, { value: party.address as PostalAddress, confidence: confidence * 0.9 });
}

function parties(reader: Reader, draft: Draft): void {
  const seller = partyBlock(reader, "from") ?? topBlock(reader);
  setParty(draft, "from", seller);
  setParty(draft, "bill_to", partyBlock(reader, "billTo"));
  if (!draft.invoice.from_name) draft.warnings.push("No seller found");
  if (!draft.invoice.bill_to_name) draft.warnings.push("No buyer (bill to) found");
}

function payment(reader: Reader, draft: Draft): void {
  const iban = ibanOf(reader);
  const bic = bicOf(reader);
  const reference = referenceOf(reader);
  if (!iban && !bic && !reference) return;
  draft.invoice.payment = { iban: iban?.value ?? null, bic: bic?.value ?? null, reference: reference?.value ?? null };
  if (iban) draft.confidence["payment.iban"] = round(iban.confidence);
  if (bic) draft.confidence["payment.bic"] = round(bic.confidence);
  if (reference) draft.confidence["payment.reference"] = round(reference.confidence);
}

/**
 * The table's rows as items. A line's VAT rate is its column's; without one, the invoice's rate is
 * the single rate the totals name, or the one that turns the stated subtotal into the stated tax.
 */
function items(table: Table | null, totals: StatedTotals, draft: Draft): void {
  if (!table || table.rows.length === 0) {
    draft.warnings.push("No line-item table found");
    return;
  }
  const rates = new Set<number>();
  draft.invoice.items = table.rows.flatMap((row, index) => {
    const figures = itemFigures(row);
    if (!figures) return [];
    const path = `items[${index}]`;
    const sure = row.confidence * (figures.checked ? 0.98 : row.amount === null ? 0.8 : 0.55);
    if (!figures.checked && row.amount !== null && row.unitPrice !== null) draft.warnings.push(`Line ${index + 1}: quantity × unit price is not the amount printed`);
    draft.confidence[`${path}.description`] = round(row.confidence * 0.95);
    draft.confidence[`${path}.quantity`] = round(row.quantity === null ? 0.6 : sure);
    draft.confidence[`${path}.rate`] = round(sure);
    if (row.taxRate !== null) {
      rates.add(row.taxRate);
      draft.confidence[`${path}.tax_rate`] = round(row.confidence * 0.95);
    }
    return [{ description: row.description, quantity: figures.quantity, rate: figures.rate, ...(row.unit ? { unit: row.unit } : {}), ...(row.taxRate !== null ? { tax_rate: row.taxRate } : {}) }];
  });
  if (rates.size === 0) {
    const rate = invoiceRate(totals);
    if (rate) draft.set("tax_rate", rate);
  }
}

/** The single rate the totals name, or the one whose tax on the stated subtotal is the stated tax exactly. */
function invoiceRate(totals: StatedTotals): Fact<number> | null {
  const named = [...new Set(totals.taxRows.map((row) => row.rate))];
  if (named.length === 1) return { value: named[0] as number, confidence: 0.9 };
  if (named.length > 1 || !totals.subtotal || !totals.tax || totals.subtotal.amount === 0) return null;
  const { amount: net } = totals.subtotal;
  const exact = (totals.tax.amount * 100) / net;
  for (const decimals of [0, 1, 2]) {
    const rate = Number(exact.toFixed(decimals));
    if (rate >= 0 && rate <= 100 && percentOf(net, rate) === totals.tax.amount) return { value: rate, confidence: 0.75 };
  }
  return null;
}

function totalConfidence(totals: StatedTotals): Record<string, number> {
  const confidence: Record<string, number> = {};
  if (totals.subtotal) confidence.subtotal = round(0.95 * totals.subtotal.confidence);
  if (totals.tax) confidence.tax = round(0.95 * totals.tax.confidence);
  if (totals.total) confidence.total = round(0.95 * totals.total.confidence);
  return confidence;
}
