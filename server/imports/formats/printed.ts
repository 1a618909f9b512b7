// The printed invoice (render/document.ts: heading, parties, "Label: value" dates, the line table
// with the totals beneath its amount column and a line's discount beneath its description or, in the
// XLSX export, in a column, the VAT breakdown, payment facts, notes) read back from
// the neutral blocks the Markdown, HTML, DOCX and XLSX readers turn their files into. Labels are
// matched in the eight languages of render/labels/ (server/imports/extract/vocabulary.ts), so the
// document's language follows from the labels it prints. Its locale is what the file states (the
// HTML's lang, the DOCX's run language); otherwise the first candidate for that language under
// which every printed amount, date, quantity and percentage formats back to exactly its own text,
// so a "$" is USD under en and CAD under en-CA, and "1.250" is read as the locale wrote it. Amounts
// become minor units through server/domain/decimal-text.ts, never a float product; totals are what
// the document states, never recomputed.
// Where each part lives: the blocks and what they say in printed-blocks.ts, one value's reading in
// printed-values.ts, the language, locale and currency in printed-locale.ts, the parties in
// printed-parties.ts, the XLSX export's grid in printed-grid.ts; this file builds the draft.
import { LABELS, type Labels } from "../../../render/labels/index.ts";
import { AppError } from "../../domain/errors.ts";
import type { Reading } from "../../domain/decimal-text.ts";
import { isSafeLineAmount, linePrice } from "../../domain/money.ts";
import { INVOICE_TYPES, type InvoiceType } from "../../domain/lifecycle.ts";
import type { PostalAddress } from "../../domain/profile.ts";
import { isDraftMark, LANGUAGES, titleLabel, type FieldRole } from "../extract/vocabulary.ts";
import { emptyResult, MAX_IMPORT_ROWS, type ImportProblem, type Place, type ReadOptions, type ReadResult, type StatedTotals, tooManyRows } from "../model.ts";
import { collect, type Printed, type PrintedDocument, type PrintedValue } from "./printed-blocks.ts";
import { languageOf, languageOfTag, settle, validLocale } from "./printed-locale.ts";
import { partyFields } from "./printed-parties.ts";
import { readDay, readMoney, readNumber, readPercent, type Settled } from "./printed-values.ts";
import { textOf } from "./table-cells.ts";

// ---- The heading ---------------------------------------------------------------------------------

/** The renderer's titles in every language, longest first ("Credit note" before a shorter title it starts with). */
const TITLES = LANGUAGES.flatMap((language) => INVOICE_TYPES.map((type) => ({ type, title: LABELS[language].title[type] }))).sort((a, b) => b.title.length - a.title.length);

/** Type and number: the renderer's own titles matched exactly (the number kept as written), else the vocabulary's. */
export function invoiceTitle(heading: string): { type: InvoiceType; number: string | null; label: string } | null {
  const exact = TITLES.find(({ title }) => heading === title || heading.startsWith(`${title} `));
  const match = exact ? { type: exact.type, rest: heading.slice(exact.title.length + 1), label: exact.title } : null;
  const loose = match ?? (() => {
    const found = titleLabel(heading);
    return found ? { type: found.role, rest: found.rest, label: heading.slice(0, heading.length - found.rest.length).trim() } : null;
  })();
  if (!loose) return null;
  const rest = loose.rest.replace(/^[—–-]\s*/, "");
  return { type: loose.type, number: loose.rest === "" || (rest !== loose.rest && isDraftMark(rest)) ? null : loose.rest, label: loose.label };
}

// ---- The draft -----------------------------------------------------------------------------------

type Context = { reading: Settled; problems: ImportProblem[] };

function readCell<Value>(context: Context, read: (value: PrintedValue, reading: Settled) => Reading<Value>, cell: PrintedValue, place: Place, column: string): Value | undefined {
  const result = read(cell, context.reading);
  if (result.ok) return result.value;
  context.problems.push({ ...place, column, value: textOf(cell), issue: `expected ${result.expected}` });
  return undefined;
}

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The language's "Discount 10% (-€12.00)" (render/labels/) as a pattern capturing the percent and the amount. */
function discountPattern(labels: Labels): RegExp {
  const [before = "", between = "", after = ""] = labels.lineDiscount("\u0000", "\u0001").split(/[\u0000\u0001]/);
  return new RegExp(`^${escaped(before)}(.+?)${escaped(between)}(.+)${escaped(after)}$`);
}

/**
 * A printed description's last line as the line's discount (render/document.ts printedDescription):
 * taken only when it is the language's discount line and its amount is what that percent takes off
 * this line's quantity × unit price, so a description that merely ends in such words stays whole.
 */
function printedDiscount(description: string, quantity: number | undefined, rate: number | undefined, labels: Labels, reading: Settled): { description: string; percent: number } | null {
  const cut = description.lastIndexOf("\n");
  const parts = cut === -1 ? null : discountPattern(labels).exec(description.slice(cut + 1));
  if (!parts || quantity === undefined || rate === undefined || !isSafeLineAmount(quantity, rate)) return null;
  const percent = readPercent(parts[1] ?? "", reading);
  const amount = readMoney(parts[2] ?? "", reading);
  if (!percent.ok || !amount.ok || percent.value <= 0 || percent.value > 100) return null;
  const taken = linePrice({ quantity, rate, discount_percent: percent.value }).discount === -amount.value;
  return taken ? { description: description.slice(0, cut), percent: percent.value } : null;
}

function items(printed: Printed, context: Context, labels: Labels): Array<Record<string, unknown>> {
  return printed.lines.map(({ cells, place }) => {
    const quantity = cells.quantity === undefined ? 1 : readCell(context, readNumber, cells.quantity, place, "quantity");
    const price = cells.unitPrice ?? (quantity === 1 ? cells.amount : undefined);
    const rate = price === undefined ? undefined : readCell(context, readMoney, price, place, "unit price");
    const taxRate = cells.taxRate === undefined ? undefined : readCell(context, readPercent, cells.taxRate, place, "tax rate");
    if (price === undefined) context.problems.push({ ...place, column: "unit price", value: null, issue: "the line has no unit price" });
    // A spreadsheet's discount column (the XLSX export), else the line beneath the description.
    const described = textOf(cells.description);
    const beneath = cells.discount === undefined ? printedDiscount(described, quantity, rate, labels, context.reading) : null;
    const discount = cells.discount === undefined ? beneath?.percent : readCell(context, readPercent, cells.discount, place, "discount");
    return {
      description: beneath?.description ?? described,
      ...(quantity !== undefined && { quantity }),
      ...(typeof cells.unit === "string" && { unit: cells.unit }),
      ...(rate !== undefined && { rate }),
      ...(taxRate !== undefined && { tax_rate: taxRate }),
      ...(discount ? { discount_percent: discount } : {}),
    };
  });
}

const STATED: Partial<Record<FieldRole, keyof StatedTotals>> = { subtotal: "subtotal", tax: "tax", total: "total", amountPaid: "amount_paid", amountDue: "amount_due" };

function totals(printed: Printed, context: Context): StatedTotals {
  const stated: StatedTotals = {};
  for (const total of printed.totals) {
    const key = STATED[total.role];
    const amount = key && stated[key] === undefined ? readCell(context, readMoney, total.value, total.place, total.label) : undefined;
    if (key && amount !== undefined) stated[key] = amount;
  }
  return stated;
}

/** A VAT breakdown row's category when it names one ("VAT 0 % (reverse charge)" → AE), by rate. */
function categories(printed: Printed, labels: Labels, context: Context): Map<number, string> {
  const [before = "", after = ""] = labels.taxAt("\u0000").split("\u0000");
  const names = new Map(Object.entries(labels.taxCategory).map(([code, name]) => [name, code]));
  const byRate = new Map<number, string>();
  for (const row of printed.taxRows) {
    if (!row.label.startsWith(before)) continue;
    const named = / \(([^()]+)\)$/.exec(row.label);
    const code = named ? names.get(named[1] ?? "") : undefined;
    const rateText = row.label.slice(before.length, row.label.length - (named?.[0].length ?? 0) - after.length);
    const rate = code ? readPercent(rateText, context.reading) : null;
    if (code && rate?.ok) byRate.set(rate.value, code);
  }
  return byRate;
}

function factValues(printed: Printed, context: Context): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const payment: Record<string, string> = {};
  for (const fact of printed.facts) {
    const [first = "", second] = fact.values;
    const text = textOf(first);
    const date = (): string | undefined => readCell(context, readDay, first, fact.place, fact.label);
    switch (fact.role) {
      case "issueDate":
        fields.issue_date = date();
        break;
      case "dueDate":
        fields.due_date = date();
        break;
      case "deliveryDate":
        fields.delivery_date = date();
        break;
      case "precedingInvoice": {
        // "number (date)" in text, number and date cells in a spreadsheet.
        const printedDay = second === undefined ? /^(.*) \(([^()]*)\)$/s.exec(text) : null;
        const day = second ?? printedDay?.[2];
        const issue = day === undefined ? null : (readCell(context, readDay, day, fact.place, fact.label) ?? null);
        fields.preceding_invoice = { number: printedDay ? (printedDay[1] as string) : text, issue_date: issue };
        break;
      }
      case "taxExemptionReason":
        fields.tax_exemption_reason ??= text;
        break;
      case "paymentTerms":
        fields.payment_terms = text;
        break;
      case "iban":
      case "bic":
      case "reference":
        payment[fact.role] = text;
        break;
      case "number":
        fields.number ??= text;
        break;
      default:
        if (STATED[fact.role]) printed.totals.push({ role: fact.role, label: fact.label, value: first, place: fact.place });
    }
  }
  if (Object.keys(payment).length > 0) fields.payment = payment;
  return Object.fromEntries(Object.entries(fields).filter(([, each]) => each !== undefined));
}


/** The printed document as one invoice draft. */
export function readPrinted(document: PrintedDocument, options: ReadOptions): ReadResult {
  const printed = collect(document.blocks);
  if (printed.lines.length > MAX_IMPORT_ROWS) throw tooManyRows(`The document holds ${printed.lines.length} rows`);
  const title = printed.heading === null ? null : invoiceTitle(printed.heading);
  if (!title && printed.lines.length === 0) {
    throw new AppError("VALIDATION_ERROR", "The file prints no invoice: no heading such as \"Invoice INV-1\" and no line table", { field: "content", issue: "no invoice" });
  }
  const language = languageOf([...(title ? [title.label] : []), ...printed.labels], options.locale && languageOfTag(options.locale));
  const partyFieldsList = printed.parties.map(partyFields);
  const countries = partyFieldsList.flatMap((fields) => Object.entries(fields).flatMap(([key, each]) => (key.endsWith("_address") ? [(each as PostalAddress).country] : []))).filter((each): each is string => Boolean(each));
  const reading = settle(printed, validLocale(document.locale), language, countries, options);
  const context: Context = { reading, problems: [] };
  const facts = factValues(printed, context);
  const lineItems = items(printed, context, LABELS[language]);
  const categoryOf = categories(printed, LABELS[language], context);
  for (const item of lineItems) {
    const category = typeof item.tax_rate === "number" ? categoryOf.get(item.tax_rate) : undefined;
    if (category) item.tax_category = category;
  }
  const fields: Record<string, unknown> = {
    ...(title && { type: title.type }),
    locale: reading.locale,
    currency: reading.currency,
    ...Object.assign({}, ...partyFieldsList),
    ...facts,
    ...(title?.number && { number: title.number }),
    items: lineItems,
    ...(printed.notes.length > 0 && { notes: printed.notes.join("\n") }),
  };
  const result = emptyResult();
  // The limit counts an invoice's lines, as it counts an e-invoice's.
  result.rows = Math.max(1, printed.lines.length);
  result.invoices.push({ place: { element: "document" }, fields, totals: totals(printed, context) });
  result.problems.push(...context.problems);
  return result;
}
