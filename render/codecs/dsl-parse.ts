// Invoice DSL reader (ADR 0012): the text an agent sends to create an invoice, read into the
// service's create-input fields. Pure: no I/O, no clock (today comes in), every problem collected
// with its line and column rather than stopping at the first.
//
// Two layouts, told apart by the text and freely mixed (an agent's draft is read, not refused):
// A, keyword lines ("FROM Acme GmbH | …") and after ITEMS one indented line per item,
// "<description> <quantity> x <amount> [<rate>%] [-<discount>%]" or "<description> <amount> …"
// for one unit; B, colon keywords ("FROM: Acme") and pipe items
// "<description> | <quantity> | <amount> [| <rate>%]".
// A keyword followed by a space may also start a pipe item ("Tax advice | 1 | 500"): a line that
// reads as a pipe item is one, so a keyword value holding a pipe is written with the colon.
// A line's discount: after ITEMS, an item line of either layout may end in a percent with a minus
// sign, "Consulting 10 x €120.00 19% -10%" or "Books | 2 | 19.99 | 7% -10%": the percent taken off
// quantity × amount. The sign is what tells it from the VAT rate, which is never negative (a
// trailing "-10%" was a refused rate before, so no text that read before reads differently, but for
// "-0%", once a rate of 0 and now no discount). Item lines before ITEMS (pipe items, which a keyword
// may lead) take none: there a trailing "-10%" stays the refused amount it always was.
import { addDays } from "../../server/domain/clock.ts";
import { isCurrencyCode } from "../../server/domain/currencies.ts";
import { supportedLocale } from "../../server/domain/locale.ts";
import { currenciesOfSymbol, readAmount, readQuantity, splitAmount } from "../../server/domain/decimal-text.ts";
import { standardVatRate } from "../../server/domain/vat-rates.ts";

export type DslProblem = { line: number; column: number; text: string; expected: string };
export type DslSource = { line: number; column: number; text: string };
export type DslItem = { description: string; quantity: number; rate: number; tax_rate?: number; discount_percent?: number };
export type DslAddress = { line1?: string; country?: string };
/** Keys are the service's create-input field names; amounts in minor units of `currency`. */
export type DslInvoice = {
  number?: string;
  from_name?: string;
  from_email?: string;
  from_address?: DslAddress;
  bill_to_name?: string;
  bill_to_email?: string;
  bill_to_address?: DslAddress;
  issue_date: string;
  due_date?: string;
  payment_terms?: string;
  currency?: string;
  locale?: string;
  tax_rate?: number;
  notes?: string;
  items: DslItem[];
};
export type ParsedDsl = {
  layout: "A" | "B";
  invoice: DslInvoice;
  directives: { finalize: boolean; send: { to: string; source: DslSource } | null };
  /** The region a TAX line names (TAX DE, TAX US 8.875), upper case: a hint to the invoice's locale. */
  taxRegion?: string;
  /** Where each top-level field (and items.N) came from, so later validation errors can name a line. */
  sources: Record<string, DslSource>;
};
export type DslContext = { today: string; currency?: string | null };
export type DslResult = { ok: true; value: ParsedDsl } | { ok: false; problems: DslProblem[] };

const KEYWORDS = ["INVOICE", "FROM", "TO", "DATE", "DUE", "CURRENCY", "LOCALE", "TAX", "NOTE", "TERMS", "ITEMS", "FINALIZE", "SEND"] as const;
type Keyword = (typeof KEYWORDS)[number];
const KEYWORD_SET: ReadonlySet<string> = new Set(KEYWORDS);

const EXPECTED = {
  line: `a keyword line (${KEYWORDS.join(", ")}), an item line or a # comment`,
  itemBeforeItems: "an ITEMS line before the item lines (or a keyword line)",
  itemA: 'an item such as "Consulting 10 x €120.00", "Travel €89.50" or "Books 2 x €19.99 7% -10%" (7 % VAT, 10 % off)',
  itemB: 'an item such as "Consulting | 10 | 120.00" or "Books | 2 | 19.99 | 7%"',
  description: "a description before the quantity and amount",
  name: "a name, such as Globex Corporation",
  email: "an e-mail address such as ap@globex.example",
  date: "a date as YYYY-MM-DD",
  due: "a due date as YYYY-MM-DD, Net 30, 30 days or on receipt",
  currency: "an ISO 4217 currency code such as EUR",
  locale: "a BCP 47 locale such as de-DE or en-US",
  tax: "a region with a standard rate (DE, GB, CA-ON), a percent from 0 to 100 (19, 7.5%) or both (US 8.875)",
  percent: "a percent from 0 to 100 with at most 4 decimals, such as 19 or 7.5%",
  discount: "a discount from 0 to 100 percent with at most 4 decimals after the minus sign, such as -10%",
  terms: "payment terms, such as Net 30",
  bare: "nothing after the keyword",
  to: "a TO line naming the buyer, such as TO Globex Corporation | ap@globex.example",
  currencyLine: "a currency: add a CURRENCY line (CURRENCY EUR), write the amounts with a code or a symbol of one currency (EUR 120.00, €120.00), or set the account's default currency",
} as const;

type Item = { source: DslSource; description: DslSource; quantity: DslSource | null; amount: DslSource; rate: DslSource | null; discount: DslSource | null; pipe: boolean };
type Entry = { keyword: Keyword; line: DslSource; value: DslSource; colon: boolean };
type Scan = { entries: Map<Keyword, Entry[]>; items: Item[]; problems: DslProblem[]; layoutB: boolean };

/** `base.text` from `start` to `end`, trimmed, with the column where what remains begins. */
function sub(base: DslSource, start: number, end = base.text.length): DslSource {
  const raw = base.text.slice(start, end);
  return { line: base.line, column: base.column + start + (raw.length - raw.trimStart().length), text: raw.trim() };
}

function problem(at: DslSource, expected: string): DslProblem {
  return { line: at.line, column: at.column, text: at.text, expected };
}

const oneLine = (text: string): string => text.replace(/\s+/g, " ").trim();

const KEYWORD_LINE = /^([A-Za-z]+)(?:(:)\s*|\s+|$)/;

function keywordOf(line: DslSource): Entry | null {
  const match = KEYWORD_LINE.exec(line.text);
  const keyword = match?.[1]?.toUpperCase();
  if (!match || !keyword || !KEYWORD_SET.has(keyword)) return null;
  return { keyword: keyword as Keyword, line, value: sub(line, match[0].length), colon: match[2] === ":" };
}

// A number as a token, before a locale decides what its separators mean.
const NUMBER_SHAPE = /^[-−]?\d(?:[\d.,'’ \u00A0\u202F\u2009]*\d)?$/;
const RATE_TAIL = /^(.*\S)\s+([-−]?\d(?:[\d.,'’]*\d)?)\s*%$/d;
// A discount ends the line: a percent with a minus sign (the group is its number without the sign).
const DISCOUNT_TAIL = /^(.*\S)\s+[-−](\d(?:[\d.,'’]*\d)?)\s*%$/d;
// The last "<quantity> x " of the line (a token starting with a digit or sign before x, X, × or *):
// the description before it may hold anything, even " 2 x ".
const TIMES = /^(?:(.*\S)\s+)?([-−]?\d\S*?)\s*[xX×*]\s+(\S.*)$/d;
// A description ending in a free-standing x was meant as "<quantity> x": that token is its quantity.
const STRAY_TIMES = /^(?:(.*\S)\s+)?(\S+)\s+[xX×*]$/d;

const isAmount = (text: string): boolean => splitAmount(text) !== null;
const isMarker = (token: string): boolean => currenciesOfSymbol(token).length > 0;

function span(base: DslSource, indices: [number, number] | undefined): DslSource {
  return indices ? sub(base, indices[0], indices[1]) : { ...base, text: "" };
}

/** "<description> <quantity> x <amount>", the last such "x" of the line. */
function timesItem(line: DslSource, body: DslSource, rate: DslSource | null): Item | null {
  const times = TIMES.exec(body.text);
  if (!times || !NUMBER_SHAPE.test(times[2] ?? "") || !isAmount(times[3] ?? "")) return null;
  const [description, quantity, amount] = [1, 2, 3].map((group) => span(body, times.indices?.[group])) as [DslSource, DslSource, DslSource];
  return { source: line, description, quantity, amount, rate, discount: null, pipe: false };
}

/** "<description> <amount>": the amount is the last token, or the last two when one is a currency marker ("89,50 €"). */
function oneUnitItem(line: DslSource, body: DslSource, rate: DslSource | null): Item | null {
  const tokens = [...body.text.matchAll(/\S+/g)];
  const last = tokens.at(-1);
  const before = tokens.at(-2);
  if (!last || !before) return null;
  const pair = tokens.at(-3) && (isMarker(before[0]) || isMarker(last[0])) ? `${before[0]} ${last[0]}` : null;
  const start = pair && isAmount(pair) ? before.index : isAmount(last[0]) ? last.index : null;
  if (start === null) return null;
  const description = sub(body, 0, start);
  const stray = STRAY_TIMES.exec(description.text);
  if (!stray) return { source: line, description, quantity: null, amount: sub(body, start), rate, discount: null, pipe: false };
  return { source: line, description: span(description, stray.indices?.[1]), quantity: span(description, stray.indices?.[2]), amount: sub(body, start), rate, discount: null, pipe: false };
}

/**
 * An item line inside ITEMS, its discount taken off its end first: "<quantity> x" first, then a pipe
 * item (a layout B line among layout A ones), then one unit. A one-unit description holding a pipe
 * is written with "1 x" for that order.
 */
function itemInItems(line: DslSource): Item | null {
  const discounted = DISCOUNT_TAIL.exec(line.text);
  const priced = discounted ? sub(line, 0, discounted.indices?.[1]?.[1]) : line;
  const discount = discounted ? span(line, discounted.indices?.[2]) : null;
  const tail = RATE_TAIL.exec(priced.text);
  const body = tail ? sub(priced, 0, tail.indices?.[1]?.[1]) : priced;
  const rate = tail ? span(priced, tail.indices?.[2]) : null;
  const pipeItem = priced.text.includes("|") ? itemB(priced) : null;
  const item = timesItem(line, body, rate) ?? (looksLikeItem(pipeItem) ? pipeItem : oneUnitItem(line, body, rate));
  return item && { ...item, source: line, discount };
}

/** The parts between pipes, each trimmed and with its own column. */
function pipeParts(base: DslSource): DslSource[] {
  const cuts = [-1, ...[...base.text.matchAll(/\|/g)].map((match) => match.index), base.text.length];
  return cuts.slice(1).map((end, index) => sub(base, (cuts[index] ?? 0) + 1, end));
}

/** A layout B pipe item "description | quantity | amount [| rate]", or null without 3 or 4 parts. */
function itemB(line: DslSource): Item | null {
  const parts = pipeParts(line);
  if (parts.length !== 3 && parts.length !== 4) return null;
  const [description, quantity, amount, rate] = parts as [DslSource, DslSource, DslSource, DslSource | undefined];
  return { source: line, description, quantity, amount, rate: rate ?? null, discount: null, pipe: true };
}

function looksLikeItem(item: Item | null): item is Item {
  if (!item || !item.description.text || !isAmount(item.amount.text)) return false;
  if (item.quantity && !NUMBER_SHAPE.test(item.quantity.text)) return false;
  return !item.rate || NUMBER_SHAPE.test(item.rate.text.replace(/\s*%$/, ""));
}

function addEntry(scan: Scan, entry: Entry): void {
  const entries = scan.entries.get(entry.keyword) ?? [];
  const first = entries[0];
  if (first && entry.keyword !== "NOTE") {
    scan.problems.push(problem(entry.line, `one ${entry.keyword} line: the first is on line ${first.line.line}`));
    return;
  }
  scan.entries.set(entry.keyword, [...entries, entry]);
  if (entry.colon) scan.layoutB = true;
}

function addItem(scan: Scan, item: Item): void {
  scan.items.push(item);
  if (item.pipe) scan.layoutB = true;
}

/** Sorts one non-blank line into a keyword entry, an item, a comment or a problem. */
function scanLine(scan: Scan, line: DslSource, indented: boolean, inItems: boolean): void {
  const entry = keywordOf(line);
  const pipeItem = line.text.includes("|") ? itemB(line) : null;
  if (inItems && (indented || !entry)) {
    const item = itemInItems(line);
    if (item) return addItem(scan, item);
  }
  if (line.text.startsWith("#")) {
    if (looksLikeItem(pipeItem)) addItem(scan, pipeItem);
    return;
  }
  if (entry) {
    if (!entry.colon && looksLikeItem(pipeItem)) return addItem(scan, pipeItem);
    return addEntry(scan, entry);
  }
  if (pipeItem) return addItem(scan, pipeItem);
  const expected = line.text.includes("|") ? EXPECTED.itemB : inItems ? EXPECTED.itemA : indented ? EXPECTED.itemBeforeItems : EXPECTED.line;
  scan.problems.push(problem(line, expected));
}

function scanText(text: string): Scan & { lineCount: number } {
  const scan: Scan = { entries: new Map(), items: [], problems: [], layoutB: false };
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  lines.forEach((raw, index) => {
    const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    const content = line.trim();
    if (!content) return;
    const indent = line.length - line.trimStart().length;
    scanLine(scan, { line: index + 1, column: indent + 1, text: content }, indent > 0, scan.entries.has("ITEMS"));
  });
  return { ...scan, lineCount: lines.length };
}

// zod 4's z.email() pattern, the one create validates with, so what the DSL takes as an e-mail is one.
const EMAIL = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
const isEmail = (text: string): boolean => text.length <= 320 && EMAIL.test(text);

function isDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const time = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
}

/** Days from the invoice date a DUE text means: "Net 30" and "30 days" → 30, "on receipt" → 0; null for anything else. */
export function termDays(text: string): number | null {
  const days = /^net\s*(\d{1,3})$/i.exec(text) ?? /^(\d{1,3})\s*days?$/i.exec(text);
  if (days) return Number(days[1]);
  return /^(?:on|upon)\s+receipt$/i.test(text) ? 0 : null;
}

/** "Street 1, 10115 Berlin, DE" → {line1: "Street 1, 10115 Berlin", country: "DE"}: a last part of two capitals is the country. */
function addressOf(text: string): DslAddress {
  const comma = text.lastIndexOf(",");
  const last = text.slice(comma + 1).trim();
  if (!/^[A-Z]{2}$/.test(last)) return { line1: text };
  const rest = comma === -1 ? "" : text.slice(0, comma).trim();
  return rest ? { line1: rest, country: last } : { country: last };
}

type Reader = { invoice: DslInvoice; sources: Record<string, DslSource>; problems: DslProblem[] };

function set<Field extends keyof DslInvoice>(reader: Reader, field: Field, value: DslInvoice[Field], source: DslSource): void {
  reader.invoice[field] = value;
  reader.sources[field] = source;
}

/** FROM and TO: a name, then pipe parts that are an e-mail when they look like one, else address text. */
function readParty(reader: Reader, value: DslSource, fields: { name: "from_name" | "bill_to_name"; email: "from_email" | "bill_to_email"; address: "from_address" | "bill_to_address" }): void {
  const [name, ...parts] = pipeParts(value);
  if (!name?.text) reader.problems.push(problem(name ?? value, EXPECTED.name));
  else set(reader, fields.name, oneLine(name.text), name);
  const addresses: DslSource[] = [];
  for (const part of parts.filter((each) => each.text)) {
    // One word with an @ is an e-mail, mistyped or not: never an address nobody meant.
    if (!part.text.includes("@") || /\s/.test(part.text)) addresses.push(part);
    else if (!isEmail(part.text)) reader.problems.push(problem(part, EXPECTED.email));
    else if (reader.invoice[fields.email] !== undefined) reader.problems.push(problem(part, "one e-mail on the line"));
    else set(reader, fields.email, part.text, part);
  }
  const first = addresses[0];
  if (first) set(reader, fields.address, addressOf(oneLine(addresses.map((part) => part.text).join(", "))), first);
}

/** DUE 2026-12-21, or terms counted from the invoice date ("Net 30") that are also its payment terms. */
function readDue(reader: Reader, value: DslSource): void {
  const days = termDays(value.text);
  if (isDate(value.text)) {
    set(reader, "due_date", value.text, value);
  } else if (days === null) {
    reader.problems.push(problem(value, EXPECTED.due));
  } else {
    set(reader, "due_date", addDays(reader.invoice.issue_date, days), value);
    set(reader, "payment_terms", oneLine(value.text), value);
  }
}

function readPercent(reader: Reader, value: DslSource, locale: string | undefined, expected: string = EXPECTED.percent): number | null {
  const read = readQuantity(value.text.replace(/\s*%$/, ""), { locale });
  if (read.ok && read.value >= 0 && read.value <= 100) return read.value;
  reader.problems.push(problem(value, read.ok ? expected : `a percent: ${read.expected}`));
  return null;
}

const REGION = /^([A-Za-z]{2}(?:-[A-Za-z0-9]{1,3})?)(?:\s+|$)/;

/** TAX DE (the region's standard rate), TAX 19 / 19% / 7,5 %, TAX US 8.875 (a region with its rate). */
function taxRateOf(reader: Reader, value: DslSource, locale: string | undefined): number | null {
  const region = REGION.exec(value.text);
  const rest = region ? sub(value, region[0].length) : value;
  if (region && !rest.text) {
    const rate = standardVatRate(region[1] ?? "");
    if (rate === null) reader.problems.push(problem(value, EXPECTED.tax));
    return rate;
  }
  if (/^[-−]?\d/.test(rest.text)) return readPercent(reader, rest, locale);
  reader.problems.push(problem(rest, EXPECTED.tax));
  return null;
}

function readCurrency(reader: Reader, value: DslSource): void {
  const code = value.text.toUpperCase();
  if (/^[A-Z]{3}$/.test(code) && isCurrencyCode(code)) set(reader, "currency", code, value);
  else reader.problems.push(problem(value, EXPECTED.currency));
}

function readLocale(reader: Reader, value: DslSource): void {
  const locale = supportedLocale(value.text);
  if (locale) set(reader, "locale", locale, value);
  else reader.problems.push(problem(value, EXPECTED.locale));
}

/**
 * The currency amounts are read in: CURRENCY, else an ISO code in an amount, else a symbol naming
 * one currency, else the context's. Without items nothing needs one and the service's default stands.
 * Behind a CURRENCY line that is wrong (reported already) the amounts are still read in what they say.
 */
function currencyFor(reader: Reader, items: readonly Item[], context: DslContext, lineGiven: boolean): string | null {
  const first = items[0];
  if (reader.invoice.currency || !first) return reader.invoice.currency ?? null;
  const marked = items.map((item) => {
    const marker = splitAmount(item.amount.text)?.marker ?? null;
    return { item, marker, currencies: marker === null ? [] : currenciesOfSymbol(marker) };
  });
  const found = marked.find(({ marker }) => marker !== null && isCurrencyCode(marker)) ?? marked.find(({ currencies }) => currencies.length === 1);
  const currency = found?.currencies[0] ?? context.currency ?? null;
  if (currency) set(reader, "currency", currency, (found?.item ?? first).amount);
  else if (!lineGiven) reader.problems.push(problem(first.amount, EXPECTED.currencyLine));
  return currency;
}

function readItem(reader: Reader, item: Item, currency: string | null, locale: string | undefined): DslItem | null {
  const count = reader.problems.length;
  if (!item.description.text) reader.problems.push(problem(item.description, EXPECTED.description));
  const quantity = item.quantity ? readQuantity(item.quantity.text, { locale }) : { ok: true as const, value: 1 };
  if (!quantity.ok && item.quantity) reader.problems.push(problem(item.quantity, quantity.expected));
  const amount = currency ? readAmount(item.amount.text, { currency, locale }) : null;
  if (amount && !amount.ok) reader.problems.push(problem(item.amount, amount.expected));
  const rate = item.rate ? readPercent(reader, item.rate, locale) : null;
  const discount = item.discount ? readPercent(reader, item.discount, locale, EXPECTED.discount) : null;
  if (reader.problems.length > count || !quantity.ok || !amount?.ok) return null;
  const read: DslItem = { description: oneLine(item.description.text), quantity: quantity.value, rate: amount.value };
  if (rate !== null) read.tax_rate = rate;
  // 0 is no discount, as a create takes it.
  if (discount) read.discount_percent = discount;
  return read;
}

function only(scan: Scan, keyword: Keyword): Entry | undefined {
  return scan.entries.get(keyword)?.[0];
}

function readBare(reader: Reader, entry: Entry | undefined): boolean {
  if (entry?.value.text) reader.problems.push(problem(entry.value, EXPECTED.bare));
  return entry !== undefined;
}

function readSend(reader: Reader, entry: Entry | undefined): ParsedDsl["directives"]["send"] {
  if (!entry) return null;
  const to = entry.value.text || reader.invoice.bill_to_email;
  if (to && isEmail(to)) return { to, source: entry.value.text ? entry.value : entry.line };
  reader.problems.push(problem(entry.value, `${EXPECTED.email} after SEND (or one on the TO line)`));
  return null;
}

function readNumber(reader: Reader, entry: Entry | undefined): void {
  const number = entry && oneLine(entry.value.text.replace(/^#/, ""));
  if (entry && number) set(reader, "number", number, entry.value);
}

/** DATE (else today, as the reader started), DUE and TERMS. */
function readDates(reader: Reader, scan: Scan): void {
  const date = only(scan, "DATE");
  if (date && isDate(date.value.text)) set(reader, "issue_date", date.value.text, date.value);
  else if (date) reader.problems.push(problem(date.value, EXPECTED.date));
  const due = only(scan, "DUE");
  if (due) readDue(reader, due.value);
  const dueDate = reader.invoice.due_date;
  if (due && dueDate && dueDate < reader.invoice.issue_date) reader.problems.push(problem(due.value, `a due date on or after the invoice date ${reader.invoice.issue_date}`));
  const terms = only(scan, "TERMS");
  if (terms && terms.value.text) set(reader, "payment_terms", oneLine(terms.value.text), terms.value);
  else if (terms) reader.problems.push(problem(terms.value, EXPECTED.terms));
}

/** Reads an invoice from DSL text; every problem is reported with its line and column. */
export function parseDsl(text: string, context: DslContext): DslResult {
  const scan = scanText(text);
  const reader: Reader = { invoice: { issue_date: context.today, items: [] }, sources: {}, problems: scan.problems };
  readNumber(reader, only(scan, "INVOICE"));
  const from = only(scan, "FROM");
  if (from) readParty(reader, from.value, { name: "from_name", email: "from_email", address: "from_address" });
  const to = only(scan, "TO");
  if (to) readParty(reader, to.value, { name: "bill_to_name", email: "bill_to_email", address: "bill_to_address" });
  else reader.problems.push({ line: scan.lineCount + 1, column: 1, text: "", expected: EXPECTED.to });
  readDates(reader, scan);
  const locale = only(scan, "LOCALE");
  if (locale) readLocale(reader, locale.value);
  const currency = only(scan, "CURRENCY");
  if (currency) readCurrency(reader, currency.value);
  const tax = only(scan, "TAX");
  const taxRate = tax ? taxRateOf(reader, tax.value, reader.invoice.locale) : null;
  if (tax && taxRate !== null) set(reader, "tax_rate", taxRate, tax.value);
  const notes = scan.entries.get("NOTE") ?? [];
  const [firstNote] = notes;
  if (firstNote) set(reader, "notes", notes.map((note) => oneLine(note.value.text)).join("\n"), firstNote.value);
  const readIn = currencyFor(reader, scan.items, context, currency !== undefined);
  scan.items.forEach((item, index) => {
    const read = readItem(reader, item, readIn, reader.invoice.locale);
    if (read) reader.invoice.items.push(read);
    reader.sources[`items.${index}`] = item.source;
  });
  readBare(reader, only(scan, "ITEMS"));
  const finalize = readBare(reader, only(scan, "FINALIZE"));
  const send = readSend(reader, only(scan, "SEND"));
  if (reader.problems.length > 0) {
    return { ok: false, problems: reader.problems.sort((a, b) => a.line - b.line || a.column - b.column) };
  }
  const taxRegion = tax ? REGION.exec(tax.value.text)?.[1]?.toUpperCase() : undefined;
  return { ok: true, value: { layout: scan.layoutB ? "B" : "A", invoice: reader.invoice, directives: { finalize, send }, sources: reader.sources, ...(taxRegion ? { taxRegion } : {}) } };
}
