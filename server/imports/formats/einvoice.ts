// An e-invoice (UBL, CII, XRechnung, Factur-X) as an InvoiceDraft: the mirror of the exporter
// (render/einvoice/model.ts). ubl.ts and cii.ts read their syntax into one ReadEInvoice, the EN 16931
// business terms as the file writes them (text, each with the element it came from); this file maps
// those terms onto invoices.create's fields, naming the term of every problem. Amounts are decimal
// strings read exactly (render/einvoice/rules/amounts.ts), never through a float. Mapping rules:
// - a line keeps quantity × price, less its discount when its only allowance or charge is one
//   allowance given as a percentage (BT-138), when our money rule (linePrice) gives exactly its net
//   amount BT-131 at the document's precision; otherwise (other line allowances or charges, a price
//   per base quantity that is no whole minor unit, a quantity beyond four decimals) it becomes
//   quantity 1 at BT-131, the original quantity and price written into its description, with a
//   notice: the net amount, which every total is built from, is what must survive;
// - a document allowance (BG-20) or charge (BG-21) becomes a line of quantity 1 (allowance negative)
//   in its VAT category, since the record has no document-level allowances;
// - the stated totals (BG-22) go to draft.totals as written, for the import to compare, never used;
// - a payment account (BT-84), BIC (BT-86) or e-mail address (BT-34, BT-43, BT-49, BT-58) that is
//   not one (an example's placeholder "IBAN", "XX") is left out with a notice naming it: the
//   record refuses it, and the invoice is worth more than the malformed detail.
import { amountScale } from "../../../render/einvoice/decimal.ts";
import { parseExact, ONE, type Exact } from "../../../render/einvoice/rules/amounts.ts";
import { formatDecimal } from "../../../render/decimal.ts";
import { AppError } from "../../domain/errors.ts";
import { isCurrencyCode, minorUnits } from "../../domain/currencies.ts";
import { linePrice, MAX_AMOUNT, toScaled, ZERO_RATE_CATEGORIES, type TaxCategory } from "../../domain/money.ts";
import { BIC_PATTERN, emailAddress, IBAN_PATTERN } from "../../domain/payment-details.ts";
import { readDate } from "../extract/dates.ts";
import { emptyResult, MAX_IMPORT_ROWS, type ImportProblem, type ReadResult, type StatedTotals, tooManyRows } from "../model.ts";
import { decodeText } from "../text.ts";
import { parseXml, xmlRoot, type XmlNode, type XmlValue } from "../xml.ts";

/** A term's text as written (trimmed), with where it was: "/Invoice/InvoiceLine[2]/LineExtensionAmount". */
export type Found = { text: string; element: string };

/** An element found in the parsed tree, with its path for problems. */
export type Located = { node: XmlNode; path: string };

export type ReadAddress = Record<"line1" | "line2" | "line3" | "city" | "postalCode" | "region" | "country", Found | null>;

export type ReadParty = {
  at: string;
  name: Found | null; // BT-27 / BT-44 (else the trading name BT-28 / BT-45)
  vatIdentifier: Found | null; // BT-31 / BT-48
  /** The seller's tax registration BT-32; the buyer's legal registration BT-47, where the exporter puts a national tax number. */
  taxNumber: Found | null;
  /** The electronic address (BT-34 / BT-49) when its scheme is EM, else the contact's e-mail (BT-43 / BT-58). */
  email: Found | null;
  address: ReadAddress | null;
};

/** BG-27 line allowance or BG-28 line charge: what decides whether it is the record's discount. */
export type ReadLineAllowanceCharge = {
  charge: boolean;
  percentage: Found | null; // BT-138 / BT-143
};

export type ReadLine = {
  at: string;
  name: Found | null; // BT-153
  quantity: Found | null; // BT-129
  unit: Found | null; // BT-130
  netAmount: Found | null; // BT-131
  price: Found | null; // BT-146
  baseQuantity: Found | null; // BT-149
  allowancesCharges: ReadLineAllowanceCharge[]; // BG-27, BG-28
  category: Found | null; // BT-151
  rate: Found | null; // BT-152
};

/** BG-20 document allowance or BG-21 charge. */
export type ReadAllowanceCharge = {
  at: string;
  charge: boolean;
  amount: Found | null; // BT-92 / BT-99
  reason: Found | null; // BT-97 / BT-104
  category: Found | null; // BT-95 / BT-102
  rate: Found | null; // BT-96 / BT-103
};

export type ReadVatGroup = {
  at: string;
  category: Found | null; // BT-118
  rate: Found | null; // BT-119
  reason: Found | null; // BT-120, else the code BT-121
};

export type ReadPayment = { at: string; means: Found | null; reference: Found | null; iban: Found | null; bic: Found | null }; // BT-81, 83, 84, 86

export type ReadTotals = Record<"taxExclusive" | "vat" | "taxInclusive" | "paid" | "rounding" | "amountDue", Found | null>; // BT-109, 110, 112, 113, 114, 115

export type ReadEInvoice = {
  root: string;
  /** A UBL CreditNote: a credit note whatever its type code. */
  creditNote: boolean;
  typeCode: Found | null; // BT-3
  number: Found | null; // BT-1
  issueDate: Found | null; // BT-2
  currency: Found | null; // BT-5
  dueDate: Found | null; // BT-9
  buyerReference: Found | null; // BT-10
  paymentTerms: Found[]; // BT-20
  notes: Found[]; // BT-22
  preceding: Array<{ at: string; number: Found | null; issueDate: Found | null }>; // BG-3: BT-25, BT-26
  seller: ReadParty | null; // BG-4
  buyer: ReadParty | null; // BG-7
  deliveryDate: Found | null; // BT-72
  payments: ReadPayment[]; // BG-16
  lines: ReadLine[]; // BG-25
  allowancesCharges: ReadAllowanceCharge[]; // BG-20, BG-21
  vatBreakdown: ReadVatGroup[]; // BG-23
  totals: ReadTotals; // BG-22
  /** The document's language, where the syntax has one (CII's ExchangedDocument/LanguageID): a hint to the invoice's locale. */
  language?: Found | null;
};

// ---- Walking the parsed tree (parseXml: local names, attributes "@name", text "#text") ----

function nodesOf(value: XmlValue | undefined): XmlNode[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value.flatMap((entry) => nodesOf(entry));
  return [typeof value === "string" ? { "#text": value } : value];
}

/** Every child element `name`, numbered in its path when there are several. */
export function all(at: Located | null, name: string): Located[] {
  const nodes = at ? nodesOf(at.node[name]) : [];
  return nodes.map((node, index) => ({ node, path: `${at?.path}/${name}${nodes.length > 1 ? `[${index + 1}]` : ""}` }));
}

/** The first element down a path of child names. */
export function first(at: Located | null, ...names: string[]): Located | null {
  let current = at;
  for (const name of names) current = all(current, name)[0] ?? null;
  return current;
}

/** The trimmed text of the element down `names`, or null when absent or empty. */
export function textAt(at: Located | null, ...names: string[]): Found | null {
  const element = first(at, ...names);
  const text = element?.node["#text"];
  return element && typeof text === "string" && text.trim() !== "" ? { text: text.trim(), element: element.path } : null;
}

/** An attribute as a term (a unit code, a scheme): "/…/InvoicedQuantity/@unitCode". */
export function attributeAt(at: Located | null, name: string): Found | null {
  const value = at?.node[`@${name}`];
  return at && typeof value === "string" && value.trim() !== "" ? { text: value.trim(), element: `${at.path}/@${name}` } : null;
}

/**
 * The document's root element after the XML checks (no DOCTYPE, well-formed: parseXml) and the
 * root's name and namespace (`accepts`): a 422 naming what was found when it is another document.
 */
export function documentRoot(bytes: Uint8Array, expected: string, accepts: (name: string, namespace: string | null) => boolean): Located {
  const text = decodeText(bytes);
  if (text === null) throw new AppError("VALIDATION_ERROR", `Not ${expected}: the file is binary, not XML`, { field: "content", issue: "not xml" });
  const parsed = parseXml(text);
  const root = xmlRoot(text);
  const node = root ? nodesOf(parsed[root.name])[0] : undefined;
  if (!root || !node || !accepts(root.name, root.namespace)) {
    const found = root ? `${root.name} in ${root.namespace ? `namespace ${root.namespace}` : "no namespace"}` : "missing";
    throw new AppError("VALIDATION_ERROR", `Not ${expected}: the XML's root element is ${found}`, { field: "content", issue: "wrong root" });
  }
  return { node, path: `/${root.name}` };
}

/** Texts of the same term from several elements, joined by line breaks (BT-20, BT-22). */
function joined(found: readonly Found[]): string | null {
  return found.length === 0 ? null : found.map((each) => each.text).join("\n");
}

// ---- Reading terms exactly ----

// Every TaxCategory, checked complete by the compiler.
const CATEGORY_CODES: Record<TaxCategory, true> = { S: true, Z: true, E: true, AE: true, K: true, G: true, O: true, L: true, M: true };

// UNTDID 1001 document types EN 16931 admits (the CEN code list), by what the record calls them.
const CREDIT_NOTE_CODES = new Set(["81", "83", "261", "262", "296", "308", "381", "396", "420", "458", "532"]);
const INVOICE_CODES = new Set(
  "71 80 82 84 102 130 202 203 204 211 218 219 295 325 326 331 380 382 383 384 385 386 387 388 389 390 393 394 395 456 457 527 553 575 623 633 751 780 817 870 875 876 877 935".split(" "),
);

const UNIT_CODE = /^[A-Z0-9]{1,3}$/;

/** value × 10^digits / per as a whole number of minor units, or null when it is none. */
function minorUnitsOf(value: Exact, digits: number, per: Exact = ONE): bigint | null {
  const numerator = value.units * 10n ** BigInt(digits + per.scale);
  const denominator = per.units * 10n ** BigInt(value.scale);
  if (denominator <= 0n || numerator % denominator !== 0n) return null;
  const units = numerator / denominator;
  return units > BigInt(MAX_AMOUNT) || units < -BigInt(MAX_AMOUNT) ? null : units;
}

/** A decimal with at most four significant decimals as the number the domain holds, else null. */
function scaledNumber(value: Exact): number | null {
  const number = Number(formatDecimal(value.units, value.scale, 0));
  const scaled = toScaled(number);
  return scaled !== null && minorUnitsOf(value, 4) === scaled ? number : null;
}

/** What one reading collects: the problems (bad terms) and notices (read differently, not wrong). */
class Report {
  readonly problems: ImportProblem[] = [];
  readonly notices: ImportProblem[] = [];

  problem(element: string, term: string, value: string | null, issue: string): void {
    this.problems.push({ element, term, value, issue });
  }

  notice(element: string, term: string, value: string | null, issue: string): void {
    this.notices.push({ element, term, value, issue });
  }
}

/** Reads the terms of one document, reporting each one that cannot be read. */
class Terms {
  readonly report = new Report();
  readonly digits: number;

  constructor(readonly currency: string) {
    this.digits = minorUnits(currency);
  }

  text(found: Found | null): string | null {
    return found?.text ?? null;
  }

  decimal(found: Found, term: string): Exact | null {
    const value = parseExact(found.text);
    if (!value) this.report.problem(found.element, term, found.text, "not a decimal number");
    return value;
  }

  /** An amount in minor units of the document's currency. */
  amount(found: Found | null, term: string): number | null {
    const value = found ? this.decimal(found, term) : null;
    if (!found || !value) return null;
    const minor = minorUnitsOf(value, this.digits);
    if (minor === null) this.report.problem(found.element, term, found.text, `more decimals than ${this.currency} has, or beyond ±(2^53 − 1) minor units`);
    return minor === null ? null : Number(minor);
  }

  /** A percentage (BT-96, BT-119, BT-152): at most four decimals, as the record holds it. */
  percent(found: Found, term: string): number | null {
    const value = this.decimal(found, term);
    const number = value ? scaledNumber(value) : null;
    if (value && number === null) this.report.problem(found.element, term, found.text, "a rate with at most 4 decimals");
    return number;
  }

  /** YYYY-MM-DD (a UBL date may carry a zone; CII's format 102 comes here already as YYYY-MM-DD). */
  date(found: Found | null, term: string): string | null {
    if (!found) return null;
    const iso = /^(\d{4}-\d{2}-\d{2})(?:Z|[+-]\d{2}:\d{2})?$/.exec(found.text)?.[1];
    const date = iso ? readDate(iso, "ymd")?.date : undefined;
    if (!date) this.report.problem(found.element, term, found.text, "a calendar date YYYY-MM-DD");
    return date ?? null;
  }

  /** A payment or contact detail as `compact` makes it, or null with a notice when `wellFormed` says it is not one. */
  detail(found: Found | null, term: string, wellFormed: (text: string) => boolean, what: string, compact = (text: string) => text): string | null {
    if (!found) return null;
    const text = compact(found.text);
    if (wellFormed(text)) return text;
    this.report.notice(found.element, term, found.text, `not ${what}: the record would refuse it, so it is left out and the rest of the invoice kept`);
    return null;
  }

  category(found: Found | null, term: string): TaxCategory | null {
    if (!found) return null;
    if (found.text in CATEGORY_CODES) return found.text as TaxCategory;
    this.report.problem(found.element, term, found.text, "a VAT category code (UNTDID 5305: S, Z, E, AE, K, G, O, L or M)");
    return null;
  }

  /** A line's VAT rate; a zero-rate category states none (category O must not). */
  rate(found: Found | null, category: TaxCategory | null, term: string, at: string): number | null {
    if (found) return this.percent(found, term);
    if (category && ZERO_RATE_CATEGORIES.has(category)) return 0;
    if (category) this.report.problem(at, term, null, `a VAT rate is required for category ${category}`);
    return null;
  }
}

// ---- Parts of the draft ----

type Item = {
  description: string;
  quantity: number;
  unit?: string;
  rate: number;
  tax_rate: number | null;
  tax_category: TaxCategory | null;
  tax_exemption_reason?: string;
  discount_percent?: number;
};

function addressOf(address: ReadAddress | null): Record<string, string | null> | null {
  if (!address) return null;
  const text = (found: Found | null) => found?.text ?? null;
  const line2 = [address.line2, address.line3].flatMap((found) => (found ? [found.text] : [])).join(", ");
  return { line1: text(address.line1), line2: line2 || null, city: text(address.city), postal_code: text(address.postalCode), region: text(address.region), country: text(address.country) };
}

/** The e-mail's term: the party's electronic address (BT-34 / BT-49), or its contact's e-mail (BT-43 / BT-58). */
const EMAIL_TERMS = { from: { address: "BT-34", contact: "BT-43" }, bill_to: { address: "BT-49", contact: "BT-58" } };

const isEmailAddress = (text: string): boolean => emailAddress.safeParse(text).success;

function partyFields(party: ReadParty | null, prefix: "from" | "bill_to", term: string, root: string, terms: Terms): Record<string, unknown> {
  if (!party?.name) terms.report.problem(party?.at ?? root, term, null, "required");
  if (!party) return {};
  const emailTerm = EMAIL_TERMS[prefix][party.email && /Contact\//.test(party.email.element) ? "contact" : "address"];
  return {
    [`${prefix}_name`]: terms.text(party.name) ?? undefined,
    [`${prefix}_email`]: terms.detail(party.email, emailTerm, isEmailAddress, "an e-mail address"),
    [`${prefix}_address`]: addressOf(party.address),
    [`${prefix}_tax_id`]: terms.text(party.vatIdentifier) ?? terms.text(party.taxNumber),
  };
}

/**
 * The discount a line's allowances and charges amount to, as the record holds one: none (0) without
 * any, the percentage (BT-138) of a line whose only one is an allowance stating it, within 0–100 and
 * four decimals; null for anything else (charges, several, an amount without a percentage).
 */
function discountOf(line: ReadLine): number | null {
  if (line.allowancesCharges.length === 0) return 0;
  const [only, ...others] = line.allowancesCharges;
  if (!only || only.charge || others.length > 0 || !only.percentage) return null;
  const value = parseExact(only.percentage.text);
  const percent = value ? scaledNumber(value) : null;
  return percent !== null && percent >= 0 && percent <= 100 ? percent : null;
}

type ExactLine = { quantity: number; rate: number; discount_percent: number };

/** quantity × price (per its base quantity) less its discount, when our money rule gives exactly the net amount. */
function exactLine(line: ReadLine, net: number, terms: Terms): ExactLine | null {
  const quantity = line.quantity ? parseExact(line.quantity.text) : null;
  const price = line.price ? parseExact(line.price.text) : null;
  const base = line.baseQuantity ? parseExact(line.baseQuantity.text) : ONE;
  const asNumber = quantity ? scaledNumber(quantity) : null;
  const rate = price && base ? minorUnitsOf(price, terms.digits, base) : null;
  const discount = discountOf(line);
  if (asNumber === null || rate === null || discount === null) return null;
  const exact = { quantity: asNumber, rate: Number(rate), discount_percent: discount };
  let amount: number;
  try {
    amount = linePrice(exact).net;
  } catch {
    return null;
  }
  // At the document's precision: a three-decimal currency's net amount is written with two.
  const scale = amountScale(terms.currency);
  return scale.toWork(amount) === scale.toWork(net) ? exact : null;
}

function lineItem(line: ReadLine, terms: Terms): Item | null {
  const name = terms.text(line.name);
  if (!name) terms.report.problem(line.at, "BT-153", null, "an invoice line needs its item name; the line is left out");
  const net = terms.amount(line.netAmount, "BT-131");
  if (!line.netAmount) terms.report.problem(line.at, "BT-131", null, "an invoice line needs its net amount; the line is left out");
  if (!name || net === null) return null;
  const tax_category = terms.category(line.category, "BT-151");
  const tax = { tax_rate: terms.rate(line.rate, tax_category, "BT-152", line.at), tax_category };
  const unit = terms.text(line.unit);
  if (unit && !UNIT_CODE.test(unit)) terms.report.notice(line.unit?.element ?? line.at, "BT-130", unit, "not a UN/ECE Rec. 20 unit code; read as C62 (one)");
  const exact = exactLine(line, net, terms);
  if (exact) {
    // A discount of 0 is none: the record keeps discount_percent only when there is one.
    const discount = exact.discount_percent ? { discount_percent: exact.discount_percent } : {};
    return { description: name, quantity: exact.quantity, ...(unit && UNIT_CODE.test(unit) ? { unit } : {}), rate: exact.rate, ...tax, ...discount };
  }
  const written = `${line.quantity?.text ?? "?"}${unit ? ` ${unit}` : ""} × ${line.price?.text ?? "?"}${line.baseQuantity ? ` per ${line.baseQuantity.text}` : ""}`;
  terms.report.notice(
    line.netAmount?.element ?? line.at,
    "BT-131",
    line.netAmount?.text ?? null,
    `quantity × price (${written}) does not give the line net amount exactly (line allowances or charges other than one percentage discount, a price per base quantity, or more decimals than the record holds); read as quantity 1 at the net amount, the original quantity and price added to the description`,
  );
  return { description: `${name} (${written})`, quantity: 1, rate: net, ...tax };
}

function allowanceChargeItem(entry: ReadAllowanceCharge, terms: Terms): Item | null {
  const term = entry.charge ? "BT-99" : "BT-92";
  const amount = terms.amount(entry.amount, term);
  if (!entry.amount) terms.report.problem(entry.at, term, null, `a document ${entry.charge ? "charge" : "allowance"} needs its amount; it is left out`);
  if (amount === null) return null;
  const tax_category = terms.category(entry.category, entry.charge ? "BT-102" : "BT-95");
  const tax_rate = terms.rate(entry.rate, tax_category, entry.charge ? "BT-103" : "BT-96", entry.at);
  const description = terms.text(entry.reason) ?? (entry.charge ? "Charge" : "Allowance");
  terms.report.notice(entry.at, entry.charge ? "BG-21" : "BG-20", entry.amount?.text ?? null, `document ${entry.charge ? "charge" : "allowance"} read as a line of quantity 1`);
  return { description, quantity: 1, rate: entry.charge ? amount : -amount, tax_rate, tax_category };
}

/** BT-120 (or BT-121) of each VAT breakdown onto the lines of its category and rate. */
function withExemptionReasons(items: Item[], groups: readonly ReadVatGroup[], terms: Terms): void {
  for (const group of groups) {
    const reason = terms.text(group.reason);
    const category = group.category?.text;
    if (!reason || !category) continue;
    const rate = group.rate ? parseExact(group.rate.text) : null;
    const rateNumber = rate ? scaledNumber(rate) : null;
    for (const item of items) {
      if (item.tax_category === category && (rateNumber === null || item.tax_rate === rateNumber)) item.tax_exemption_reason = reason;
    }
  }
}

function documentType(doc: ReadEInvoice, terms: Terms): "invoice" | "credit_note" {
  const code = terms.text(doc.typeCode);
  if (doc.creditNote || (code && CREDIT_NOTE_CODES.has(code))) return "credit_note";
  if (!code || !INVOICE_CODES.has(code)) {
    terms.report.notice(doc.typeCode?.element ?? doc.root, "BT-3", code, "not an invoice or credit note type code (UNTDID 1001); read as an invoice");
  }
  return "invoice";
}

function precedingOf(doc: ReadEInvoice, type: "invoice" | "credit_note", terms: Terms): { number: string; issue_date: string | null } | undefined {
  const [preceding, ...others] = doc.preceding.filter((entry) => entry.number);
  for (const other of others) terms.report.notice(other.at, "BG-3", other.number?.text ?? null, "only the first preceding invoice reference is kept");
  if (!preceding?.number) return undefined;
  if (type !== "credit_note") {
    terms.report.notice(preceding.at, "BG-3", preceding.number.text, "only a credit note refers to a preceding invoice here; the reference is not kept");
    return undefined;
  }
  return { number: preceding.number.text, issue_date: terms.date(preceding.issueDate, "BT-26") };
}

function paymentOf(doc: ReadEInvoice, terms: Terms): Record<string, string | null> | null {
  const [payment, ...others] = doc.payments.filter((entry) => entry.means);
  for (const other of others) terms.report.notice(other.at, "BG-16", other.means?.text ?? null, "only the first payment means is kept");
  if (!payment) return null;
  // An IBAN or BIC is often written in groups of four; the record holds it without blanks.
  const compact = (text: string) => text.replace(/\s+/g, "");
  return {
    means: terms.text(payment.means),
    reference: terms.text(payment.reference),
    iban: terms.detail(payment.iban, "BT-84", (text) => IBAN_PATTERN.test(text), "an IBAN, the only payment account the record holds", compact),
    bic: terms.detail(payment.bic, "BT-86", (text) => BIC_PATTERN.test(text), "a BIC of 8 or 11 letters or digits", compact),
  };
}

function statedTotals(totals: ReadTotals, terms: Terms): StatedTotals {
  const stated: StatedTotals = {};
  const read = (key: keyof StatedTotals, found: Found | null, term: string) => {
    const value = terms.amount(found, term);
    if (value !== null) stated[key] = value;
  };
  read("subtotal", totals.taxExclusive, "BT-109");
  read("tax", totals.vat, "BT-110");
  read("total", totals.taxInclusive, "BT-112");
  read("amount_paid", totals.paid, "BT-113");
  read("amount_due", totals.amountDue, "BT-115");
  const rounding = totals.rounding ? parseExact(totals.rounding.text) : null;
  if (totals.rounding && rounding?.units !== 0n) {
    terms.report.notice(totals.rounding.element, "BT-114", totals.rounding.text, "the record has no rounding amount: its amount due will differ from BT-115 by it");
  }
  return stated;
}

/** BT-9, unless it falls before the issue date: the record refuses that, and the rest of the invoice is worth keeping. */
function dueDateOf(doc: ReadEInvoice, issueDate: string | null, terms: Terms): string | null | undefined {
  const due = terms.date(doc.dueDate, "BT-9");
  if (!due || !issueDate || due >= issueDate) return due;
  terms.report.notice(doc.dueDate?.element ?? doc.root, "BT-9", doc.dueDate?.text ?? null, `the due date is before the issue date ${issueDate}, which an invoice here cannot have; left out`);
  return undefined;
}

/** Drops undefined fields, so the draft holds only what the file says. */
function defined(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

/** The draft (one invoice) an e-invoice gives, with every problem and notice met on the way. */
export function einvoiceResult(doc: ReadEInvoice): ReadResult {
  const rows = doc.lines.length + doc.allowancesCharges.length;
  if (rows > MAX_IMPORT_ROWS) {
    throw tooManyRows(`The e-invoice has ${rows} lines`);
  }
  const currency = doc.currency?.text ?? null;
  const terms = new Terms(currency ?? "");
  if (!currency || !isCurrencyCode(currency)) terms.report.problem(doc.currency?.element ?? doc.root, "BT-5", currency, "an ISO 4217 currency code");
  const type = documentType(doc, terms);
  const issueDate = terms.date(doc.issueDate, "BT-2");
  if (!doc.issueDate) terms.report.problem(doc.root, "BT-2", null, "required");
  const items = [
    ...doc.lines.flatMap((line) => lineItem(line, terms) ?? []),
    ...doc.allowancesCharges.flatMap((entry) => allowanceChargeItem(entry, terms) ?? []),
  ];
  if (doc.lines.length === 0) terms.report.problem(doc.root, "BG-25", null, "an e-invoice has at least one line");
  withExemptionReasons(items, doc.vatBreakdown, terms);
  const fields = defined({
    type,
    number: terms.text(doc.number) ?? undefined,
    ...partyFields(doc.seller, "from", "BG-4", doc.root, terms),
    ...partyFields(doc.buyer, "bill_to", "BG-7", doc.root, terms),
    buyer_reference: terms.text(doc.buyerReference),
    currency: currency ?? undefined,
    issue_date: issueDate ?? undefined,
    due_date: dueDateOf(doc, issueDate, terms),
    delivery_date: terms.date(doc.deliveryDate, "BT-72"),
    payment_terms: joined(doc.paymentTerms),
    payment: paymentOf(doc, terms),
    notes: joined(doc.notes),
    preceding_invoice: precedingOf(doc, type, terms),
    items,
  });
  const result = emptyResult();
  result.rows = doc.lines.length;
  const language = doc.language?.text;
  result.invoices.push({ place: { element: doc.root }, fields, totals: statedTotals(doc.totals, terms), ...(language ? { language } : {}) });
  result.problems.push(...terms.report.problems);
  result.notices.push(...terms.report.notices);
  return result;
}
