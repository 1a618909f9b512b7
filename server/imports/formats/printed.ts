// The printed invoice (render/document.ts: heading, parties, "Label: value" dates, the line table
// with the totals beneath its amount column, the VAT breakdown, payment facts, notes) read back from
// the neutral blocks the Markdown, HTML, DOCX and XLSX readers turn their files into. Labels are
// matched in the eight languages of render/labels.ts (server/imports/extract/vocabulary.ts), so the
// document's language follows from the labels it prints. Its locale is what the file states (the
// HTML's lang, the DOCX's run language); otherwise the first candidate for that language under
// which every printed amount, date, quantity and percentage formats back to exactly its own text,
// so a "$" is USD under en and CAD under en-CA, and "1.250" is read as the locale wrote it. Amounts
// become minor units through server/domain/decimal-text.ts, never a float product; totals are what
// the document states, never recomputed.
import { formatDate, formatMoney, formatPercent, formatQuantity } from "../../../render/format.ts";
import { LABELS, type LabelLanguage, type Labels } from "../../../render/labels.ts";
import { AppError } from "../../domain/errors.ts";
import { currenciesOfSymbol, readAmount, readQuantity, splitAmount, type Reading } from "../../domain/decimal-text.ts";
import { INVOICE_TYPES, type InvoiceType } from "../../domain/lifecycle.ts";
import type { PostalAddress } from "../../domain/profile.ts";
import { dateOrderOf, readDate } from "../extract/dates.ts";
import { countryCode, partyOf } from "../extract/parties.ts";
import { columnLabel, fieldLabel, isDraftMark, labelKey, LANGUAGES, titleLabel, type ColumnRole, type FieldRole } from "../extract/vocabulary.ts";
import { minorOfNumber, type TableCell } from "./table.ts";
import { emptyResult, MAX_IMPORT_ROWS, type ImportProblem, type Place, type ReadOptions, type ReadResult, type StatedTotals } from "../model.ts";

/** A printed value: text, or in a spreadsheet a number (amounts in major units, rates as fractions) or a date. */
export type PrintedValue = string | number | Date;

/** One printed line: the bold label it starts with, if any, and what follows (the colon left out). */
export type PrintedLine = { label: string | null; values: PrintedValue[] };

export type PrintedBlock =
  | { kind: "heading"; level: number; text: string; place: Place }
  | { kind: "lines"; lines: PrintedLine[]; place: Place }
  /** The first row is the header; an empty cell is "". */
  | { kind: "table"; rows: PrintedValue[][]; place: Place };

/** What a file printed; `locale` when the file states it (HTML lang, DOCX run language). */
export type PrintedDocument = { locale: string | null; blocks: PrintedBlock[] };

const COLONS = [...new Set(LANGUAGES.map((language) => LABELS[language].colon))].sort((a, b) => b.length - a.length);

/** The text after a label's colon, as a language's labels print it ("\u202f: " in French, "：" in Japanese). */
export function afterColon(text: string): string {
  const colon = COLONS.find((each) => text.startsWith(each));
  return colon ? text.slice(colon.length) : text.replace(/^\s*[:：]\s?/, "");
}

// ---- Where things sit ----------------------------------------------------------------------------

function rowPlace(place: Place, index: number): Place {
  return place.row !== undefined ? { row: place.row + index } : { element: `${place.element ?? "table"}/tr[${index + 1}]` };
}

// ---- The document's language ----------------------------------------------------------------------

function labelWords(labels: Labels): string[] {
  const words = Object.values(labels).filter((value): value is string => typeof value === "string");
  return [...words, ...Object.values(labels.title)];
}

const WORDS_OF: ReadonlyMap<LabelLanguage, ReadonlySet<string>> = new Map(LANGUAGES.map((language) => [language, new Set(labelWords(LABELS[language]).map(labelKey))]));

/** The language whose labels the document prints most of; a tie goes to the options' language, then English. */
function languageOf(labels: readonly string[], preferred: string | undefined): LabelLanguage {
  const keys = labels.map(labelKey);
  const score = (language: LabelLanguage): number => keys.filter((key) => WORDS_OF.get(language)?.has(key)).length;
  const ranked = [...LANGUAGES].sort((a, b) => score(b) - score(a) || Number(b === preferred) - Number(a === preferred) || Number(b === "en") - Number(a === "en"));
  return ranked[0] ?? "en";
}

// ---- Values --------------------------------------------------------------------------------------

/** A double as its shortest decimal string, without an exponent: 1e-7 → "0.0000001". */
export function decimalOf(value: number): string {
  const text = String(value);
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign = "", lead = "", rest = "", exponent = "0"] = match;
  const digits = lead + rest;
  const point = 1 + Number(exponent);
  if (point <= 0) return `${sign}0.${"0".repeat(-point)}${digits}`;
  return point >= digits.length ? `${sign}${digits.padEnd(point, "0")}` : `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** A decimal string times 10^shift, by moving its point: ("0.08875", 2) → "8.875". */
function shiftDecimal(text: string, shift: number): string {
  const negative = text.startsWith("-");
  const [whole = "0", fraction = ""] = text.replace(/^-/, "").split(".");
  const digits = whole + fraction.padEnd(shift, "0");
  const point = whole.length + shift;
  const shifted = `${digits.slice(0, point).replace(/^0+(?=\d)/, "")}.${digits.slice(point)}`.replace(/\.?0*$/, "") || "0";
  return negative && shifted !== "0" ? `-${shifted}` : shifted;
}

const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

/** The locale and currency every value is read in. */
type Settled = { locale: string; currency: string };

// Symbols by locale ("CN¥" is CNY in en, "$" USD in en and CAD in en-CA), from Intl's own formatting.
const symbolMaps = new Map<string, ReadonlyMap<string, string[]>>();
const CURRENCIES: readonly string[] = Intl.supportedValuesOf("currency");

function symbolsOf(locale: string): ReadonlyMap<string, string[]> {
  let map = symbolMaps.get(locale);
  if (!map) {
    const symbols = new Map<string, string[]>();
    for (const currency of CURRENCIES) {
      const symbol = new Intl.NumberFormat(locale, { style: "currency", currency }).formatToParts(1).find((part) => part.type === "currency")?.value;
      if (symbol) symbols.set(symbol, [...(symbols.get(symbol) ?? []), currency]);
    }
    map = symbols;
    symbolMaps.set(locale, map);
  }
  return map;
}

/** Every currency a printed marker may mean in a locale: the locale's own symbols first, then the bundled table. */
function currenciesOfMarker(marker: string, locale: string): string[] {
  const own = symbolsOf(locale).get(marker) ?? [];
  return [...new Set([...own, ...currenciesOfSymbol(marker.normalize("NFKC"))])];
}

function readMoney(value: PrintedValue, { locale, currency }: Settled): Reading<number> {
  if (typeof value === "number") return minorOfNumber(value, currency);
  if (typeof value !== "string") return { ok: false, expected: "an amount" };
  const parts = splitAmount(value);
  if (parts?.marker && currenciesOfMarker(parts.marker, locale).includes(currency)) {
    return readAmount(value.replace(parts.marker, currency), { currency, locale });
  }
  return readAmount(value, { currency, locale });
}

function readDay(value: PrintedValue, { locale }: Settled): Reading<string> {
  if (value instanceof Date) return { ok: true, value: isoDay(value) };
  const date = typeof value === "string" ? readDate(value, dateOrderOf(locale)) : null;
  return date ? { ok: true, value: date.date } : { ok: false, expected: "a date" };
}

function readNumber(value: PrintedValue, { locale }: Settled): Reading<number> {
  if (typeof value === "number") return readQuantity(decimalOf(value));
  return typeof value === "string" ? readQuantity(value, { locale }) : { ok: false, expected: "a number" };
}

/** A percentage: printed with its sign, or a spreadsheet's fraction (0.19 is 19 %). */
function readPercent(value: PrintedValue, { locale }: Settled): Reading<number> {
  if (typeof value === "number") return readQuantity(shiftDecimal(decimalOf(value), 2));
  if (typeof value !== "string") return { ok: false, expected: "a percentage" };
  return readQuantity(value.replace(/^[%％]\s*|[\s\u00a0\u202f]*[%％]$/g, ""), { locale });
}

// ---- What the blocks say -------------------------------------------------------------------------

type Party = { role: "from" | "billTo"; lines: string[]; place: Place };
type Fact = { role: FieldRole; label: string; values: PrintedValue[]; place: Place };
type LineRow = { place: Place; cells: Partial<Record<ColumnRole, PrintedValue>> };
type TotalRow = { role: FieldRole; label: string; value: PrintedValue; place: Place };
type TaxRow = { label: string; place: Place };

type Printed = {
  heading: string | null;
  labels: string[];
  parties: Party[];
  facts: Fact[];
  lines: LineRow[];
  totals: TotalRow[];
  taxRows: TaxRow[];
  notes: string[];
};

const textOf = (value: PrintedValue | undefined): string => (value === undefined ? "" : value instanceof Date ? isoDay(value) : String(value));
const isBlank = (value: PrintedValue | undefined): boolean => textOf(value).trim() === "";

/** A label that is the whole text (a bold lead-in, a section's heading), not a sentence starting with one. */
function wholeField(text: string): FieldRole | null {
  const match = fieldLabel(text.trim());
  return match && match.rest === "" ? match.role : null;
}

const TOTAL_ROLES: ReadonlySet<FieldRole> = new Set(["subtotal", "tax", "total", "amountPaid", "amountDue"]);

/** A line table's header: which column holds what; null when it names no description or amount. */
function lineColumns(header: readonly PrintedValue[]): Array<ColumnRole | null> | null {
  const roles = header.map((cell) => (typeof cell === "string" && cell.trim() ? (columnLabel(cell.trim())?.role ?? null) : null));
  return roles.includes("description") && (roles.includes("amount") || roles.includes("unitPrice")) ? roles : null;
}

function readTableBlock(printed: Printed, rows: readonly PrintedValue[][], place: Place, section: FieldRole | null): void {
  const [header = [], ...body] = rows;
  printed.labels.push(...header.filter((cell): cell is string => typeof cell === "string"));
  const columns = lineColumns(header);
  if (columns) {
    body.forEach((row, index) => {
      const cells: LineRow["cells"] = {};
      columns.forEach((role, column) => {
        if (role && !isBlank(row[column])) cells[role] = row[column] as PrintedValue;
      });
      const description = columns.indexOf("description");
      // The totals sit beneath the amount column, their label in a cell before it and no description.
      const labelCell = row.slice(0, -1).findLast((cell) => !isBlank(cell));
      const role = isBlank(row[description]) && typeof labelCell === "string" ? wholeField(labelCell) : null;
      const total = row.at(-1);
      if (role && TOTAL_ROLES.has(role) && total !== undefined) printed.totals.push({ role, label: labelCell as string, value: total, place: rowPlace(place, index + 1) });
      else if (!isBlank(row[description])) printed.lines.push({ place: rowPlace(place, index + 1), cells });
    });
    return;
  }
  if (section === "taxBreakdown") {
    body.forEach((row, index) => {
      if (typeof row[0] === "string" && row[0].trim()) printed.taxRows.push({ label: row[0], place: rowPlace(place, index + 1) });
    });
  }
}

/** A party block: its label alone on the first line, then name, address, e-mail and tax id. */
function partyBlock(lines: readonly PrintedLine[], place: Place): Party | null {
  const [first, ...rest] = lines;
  const role = first?.label ? wholeField(first.label) : null;
  if ((role !== "from" && role !== "billTo") || first?.values.some((value) => !isBlank(value))) return null;
  return { role, lines: rest.flatMap((line) => [line.label ?? "", ...line.values.map(textOf)].filter(Boolean).join("")), place };
}

function readLinesBlock(printed: Printed, lines: readonly PrintedLine[], place: Place, section: FieldRole | null): void {
  const party = partyBlock(lines, place);
  if (party) {
    printed.labels.push(lines[0]?.label ?? "");
    printed.parties.push(party);
    return;
  }
  let fact: Fact | null = null;
  for (const line of lines) {
    const role = line.label ? wholeField(line.label) : null;
    if (line.label && role) {
      printed.labels.push(line.label);
      fact = { role, label: line.label, values: [...line.values], place };
      printed.facts.push(fact);
    } else if (fact && !line.label) {
      // A value's own line breaks continue it on the next printed lines.
      fact.values = [`${fact.values.map(textOf).join("")}\n${line.values.map(textOf).join("")}`];
    } else if (section === "notes") {
      printed.notes.push([line.label ?? "", ...line.values.map(textOf)].join(""));
    }
  }
}

function collect(blocks: readonly PrintedBlock[]): Printed {
  const printed: Printed = { heading: null, labels: [], parties: [], facts: [], lines: [], totals: [], taxRows: [], notes: [] };
  let section: FieldRole | null = null;
  for (const block of blocks) {
    if (block.kind === "heading") {
      if (printed.heading === null && block.level <= 1) {
        printed.heading = block.text;
        continue;
      }
      section = wholeField(block.text);
      printed.labels.push(block.text);
    } else if (block.kind === "lines") readLinesBlock(printed, block.lines, block.place, section);
    else readTableBlock(printed, block.rows, block.place, section);
  }
  return printed;
}

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

// ---- Locale and currency -------------------------------------------------------------------------

/** Regions tried after the parties' countries when the file names no locale. */
const REGIONS: Record<LabelLanguage, readonly string[]> = {
  en: ["US", "GB", "IE", "CA", "AU", "NZ", "IN", "ZA", "SG", "CH"],
  de: ["DE", "AT", "CH", "LI", "LU", "BE"],
  fr: ["FR", "BE", "CH", "CA", "LU"],
  es: ["ES", "MX", "AR", "CO", "CL", "US"],
  it: ["IT", "CH"],
  nl: ["NL", "BE"],
  pt: ["PT", "BR"],
  ja: ["JP"],
};

function validLocale(tag: string | null | undefined): string | null {
  if (!tag) return null;
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? null;
  } catch {
    return null;
  }
}

const languageOfTag = (tag: string): string => new Intl.Locale(tag).language;

function localeCandidates(language: LabelLanguage, countries: readonly string[], options: ReadOptions): string[] {
  const given = validLocale(options.locale);
  const regional = countries.filter((country) => REGIONS[language].includes(country)).map((country) => `${language}-${country}`);
  // The bare language first: a region is taken only when the document prints what it alone would.
  const candidates = [given && languageOfTag(given) === language ? given : null, language, ...regional, ...REGIONS[language].map((region) => `${language}-${region}`)];
  return [...new Set(candidates.filter((candidate): candidate is string => candidate !== null))];
}

type Printing = { money: string[]; dates: string[]; quantities: string[]; percents: string[] };

function printedStrings(printed: Printed): Printing {
  const strings = (values: ReadonlyArray<PrintedValue | undefined>): string[] => values.filter((value): value is string => typeof value === "string" && value.trim() !== "");
  const dateRoles: ReadonlySet<FieldRole> = new Set(["issueDate", "dueDate", "deliveryDate"]);
  return {
    money: strings([...printed.lines.flatMap(({ cells }) => [cells.unitPrice, cells.amount]), ...printed.totals.map((total) => total.value)]),
    dates: strings(printed.facts.filter((fact) => dateRoles.has(fact.role)).map((fact) => fact.values[0])),
    quantities: strings(printed.lines.map(({ cells }) => cells.quantity)),
    percents: strings(printed.lines.map(({ cells }) => cells.taxRate)),
  };
}

/** Whether every printed value reads under `reading` and formats back to exactly its text. */
function reproduces(printing: Printing, reading: Settled): boolean {
  const { locale, currency } = reading;
  const same = <Value>(texts: readonly string[], read: (text: string) => Reading<Value>, format: (value: Value) => string): boolean =>
    texts.every((text) => {
      const value = read(text);
      return value.ok && format(value.value) === text;
    });
  try {
    return (
      same(printing.money, (text) => readMoney(text, reading), (minor) => formatMoney(minor, currency, locale)) &&
      same(printing.dates, (text) => readDay(text, reading), (day) => formatDate(day, locale)) &&
      same(printing.quantities, (text) => readNumber(text, reading), (value) => formatQuantity(value, locale)) &&
      same(printing.percents, (text) => readPercent(text, reading), (value) => formatPercent(value, locale))
    );
  } catch {
    return false;
  }
}

function markerOf(money: readonly string[]): string | null {
  for (const text of money) {
    const marker = splitAmount(text)?.marker;
    if (marker) return marker;
  }
  return null;
}

/**
 * The currencies a marker may mean under any of the locales, the options' first (an ambiguous "$"
 * is the account's when the document allows it), then each locale's own; without a marker, the options'.
 */
function currencyCandidates(marker: string | null, locales: readonly string[], options: ReadOptions): string[] {
  if (!marker) return [options.currency];
  const found = new Set(locales.flatMap((locale) => currenciesOfMarker(marker, locale)));
  return found.has(options.currency) ? [options.currency, ...[...found].filter((each) => each !== options.currency)] : [...found];
}

function settle(printed: Printed, stated: string | null, language: LabelLanguage, countries: readonly string[], options: ReadOptions): Settled {
  const printing = printedStrings(printed);
  const marker = markerOf(printing.money);
  const locales = stated ? [stated] : localeCandidates(language, countries, options);
  const currencies = currencyCandidates(marker, locales, options);
  for (const currency of currencies) {
    for (const locale of locales) {
      if (reproduces(printing, { locale, currency })) return { locale, currency };
    }
  }
  return { locale: locales[0] ?? language, currency: currencies[0] ?? options.currency };
}

// ---- Parties -------------------------------------------------------------------------------------

const TAX_ID_PREFIXES = [...new Set(LANGUAGES.map((language) => `${LABELS[language].taxId}${LABELS[language].colon}`))];
const EMAIL_LINE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** "10115 Berlin" read as postal code and city, by the extraction's party reader. */
function placeOf(line: string): { postal_code: string; city: string } | null {
  const address = partyOf(["name", line])?.address;
  return address?.postal_code && address.city && `${address.postal_code} ${address.city}` === line ? { postal_code: address.postal_code, city: address.city } : null;
}

/** The address lines back into fields, in render/address.ts's order: street lines, "postal code city", region. */
function addressOf(lines: readonly string[], country: string | null): PostalAddress | null {
  if (lines.length === 0 && !country) return null;
  const placeAt = lines.findLastIndex((line) => placeOf(line) !== null);
  const joined = (part: readonly string[]): string | null => (part.length > 0 ? part.join("\n") : null);
  if (placeAt < 0) {
    const [line1 = null, line2 = null, city = null, ...region] = lines;
    return { line1, line2, city, postal_code: null, region: joined(region), country };
  }
  const street = lines.slice(0, placeAt);
  return { line1: street[0] ?? null, line2: joined(street.slice(1)), ...(placeOf(lines[placeAt] as string) as { postal_code: string; city: string }), region: joined(lines.slice(placeAt + 1)), country };
}

function partyFields(party: Party): Record<string, unknown> {
  const lines = [...party.lines];
  const prefix = (line: string | undefined) => TAX_ID_PREFIXES.find((each) => line?.startsWith(each));
  const taxPrefix = prefix(lines.at(-1));
  const taxId = taxPrefix ? (lines.pop() as string).slice(taxPrefix.length) : null;
  const email = lines.length > 1 && EMAIL_LINE.test(lines.at(-1) ?? "") ? (lines.pop() as string) : null;
  const country = lines.length > 1 ? countryCode(lines.at(-1) ?? "") : null;
  if (country) lines.pop();
  const [name = "", ...address] = lines;
  const key = party.role === "from" ? "from" : "bill_to";
  return {
    [`${key}_name`]: name,
    ...(email && { [`${key}_email`]: email }),
    ...(taxId && { [`${key}_tax_id`]: taxId }),
    ...(addressOf(address, country) && { [`${key}_address`]: addressOf(address, country) }),
  };
}

// ---- The draft -----------------------------------------------------------------------------------

type Context = { reading: Settled; problems: ImportProblem[] };

function readCell<Value>(context: Context, read: (value: PrintedValue, reading: Settled) => Reading<Value>, cell: PrintedValue, place: Place, column: string): Value | undefined {
  const result = read(cell, context.reading);
  if (result.ok) return result.value;
  context.problems.push({ ...place, column, value: textOf(cell), issue: `expected ${result.expected}` });
  return undefined;
}

function items(printed: Printed, context: Context): Array<Record<string, unknown>> {
  return printed.lines.map(({ cells, place }) => {
    const quantity = cells.quantity === undefined ? 1 : readCell(context, readNumber, cells.quantity, place, "quantity");
    const price = cells.unitPrice ?? (quantity === 1 ? cells.amount : undefined);
    const rate = price === undefined ? undefined : readCell(context, readMoney, price, place, "unit price");
    const taxRate = cells.taxRate === undefined ? undefined : readCell(context, readPercent, cells.taxRate, place, "tax rate");
    if (price === undefined) context.problems.push({ ...place, column: "unit price", value: null, issue: "the line has no unit price" });
    return {
      description: textOf(cells.description),
      ...(quantity !== undefined && { quantity }),
      ...(typeof cells.unit === "string" && { unit: cells.unit }),
      ...(rate !== undefined && { rate }),
      ...(taxRate !== undefined && { tax_rate: taxRate }),
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

function tooManyRows(count: number): AppError {
  return new AppError("VALIDATION_ERROR", `The document holds ${count} rows; at most ${MAX_IMPORT_ROWS.toLocaleString("en")} rows are read`, { field: "content", issue: "too many rows" });
}

/** The printed document as one invoice draft. */
export function readPrinted(document: PrintedDocument, options: ReadOptions): ReadResult {
  const printed = collect(document.blocks);
  if (printed.lines.length > MAX_IMPORT_ROWS) throw tooManyRows(printed.lines.length);
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
  const lineItems = items(printed, context);
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

// ---- The XLSX export's grid ----------------------------------------------------------------------

const cellValue = (cell: TableCell | undefined): PrintedValue => (cell === null || cell === undefined || typeof cell === "boolean" ? (cell === true ? "TRUE" : cell === false ? "FALSE" : "") : cell);
/** An empty cell; one holding blanks is not: a party's line may be blanks and the party goes on. */
const emptyCell = (cell: PrintedValue | undefined): boolean => cell === undefined || cell === "";
const blankRow = (row: readonly TableCell[]): boolean => row.every((cell) => emptyCell(cellValue(cell)));

/**
 * The XLSX export's sheet (render/codecs/xlsx.ts) as printed blocks: the title, the parties side by
 * side in columns A and C, "label | value" rows, tables from their header row to the next blank row,
 * section titles alone in column A, and the notes beneath theirs.
 */
function gridBlocks(rows: readonly TableCell[][]): PrintedBlock[] {
  const blocks: PrintedBlock[] = [];
  let section: FieldRole | null = null;
  for (let index = 0; index < rows.length; index++) {
    const row = (rows[index] ?? []).map(cellValue);
    const place = { row: index + 1 };
    const filled = row.filter((cell) => !emptyCell(cell));
    if (filled.length === 0) continue;
    const first = typeof row[0] === "string" ? row[0] : "";
    if (blocks.length === 0) {
      blocks.push({ kind: "heading", level: 1, text: textOf(row[0]), place });
      continue;
    }
    // The notes close the sheet: what follows their title is their text, whatever words it holds.
    if (section === "notes") {
      blocks.push({ kind: "lines", lines: [{ label: null, values: [textOf(filled[0])] }], place });
      continue;
    }
    const roleA = wholeField(first);
    const roleC = typeof row[2] === "string" ? wholeField(row[2]) : null;
    if (roleA === "from" && (roleC === "billTo" || isBlank(row[2]))) {
      const columns: PrintedLine[][] = [[{ label: first, values: [] }], [{ label: textOf(row[2]), values: [] }]];
      while (index + 1 < rows.length && !blankRow(rows[index + 1] ?? [])) {
        index++;
        const next = (rows[index] ?? []).map(cellValue);
        for (const [side, column] of [[0, 0], [1, 2]] as const) if (!emptyCell(next[column])) columns[side]?.push({ label: null, values: [textOf(next[column])] });
      }
      for (const column of columns) if (column.length > 1 || column[0]?.label) blocks.push({ kind: "lines", lines: column, place });
      continue;
    }
    if (lineColumns(row) || (section === "taxBreakdown" && wholeField(first) === null && columnLabel(first)?.role === "taxRate")) {
      const table: PrintedValue[][] = [row];
      while (index + 1 < rows.length && !blankRow(rows[index + 1] ?? [])) {
        const next = (rows[index + 1] ?? []).map(cellValue);
        // The exemption reasons follow the VAT rows without a blank row between.
        if (section === "taxBreakdown" && wholeField(textOf(next[0])) === "taxExemptionReason") break;
        table.push(next);
        index++;
      }
      blocks.push({ kind: "table", rows: table, place });
      continue;
    }
    if (filled.length === 1 && roleA && ["taxBreakdown", "paymentInstructions", "notes"].includes(roleA)) {
      section = roleA;
      blocks.push({ kind: "heading", level: 2, text: first, place });
      continue;
    }
    if (roleA && filled.length > 1) {
      blocks.push({ kind: "lines", lines: [{ label: first, values: row.slice(1).filter((cell) => !isBlank(cell)) }], place });
      continue;
    }
    blocks.push({ kind: "lines", lines: [{ label: null, values: [textOf(filled[0])] }], place });
  }
  return blocks;
}

/** The XLSX export's grid (numbers in major units, dates as Date cells) read as the printed invoice. */
export function readPrintedRows(rows: TableCell[][], options: ReadOptions): ReadResult {
  if (rows.length > MAX_IMPORT_ROWS) throw tooManyRows(rows.length);
  return readPrinted({ locale: null, blocks: gridBlocks(rows) }, options);
}
