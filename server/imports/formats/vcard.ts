// vCard import (2.1, 3.0 and 4.0): each card is a client. FN is the name (else N, else ORG; ORG
// when Apple's X-ABShowAs says the card is a company), the preferred EMAIL, TEL and ADR the
// client's (PREF first, then WORK, then the file's order), the others and the company or contact
// person beside the name kept in the notes after NOTE; a tax id from X-VATID, X-TAX-ID and the like.
//
// The file is read as bytes, one character per byte, so each value is decoded by its own CHARSET
// after its own ENCODING: Outlook writes 2.1 cards in the system code page with quoted-printable
// lines, Apple and Google 3.0 in UTF-8. A value no property here uses (PHOTO, LOGO, SOUND, KEY) is
// never decoded. Lines fold as RFC 6350 says (CRLF and one blank, the blank dropped; 2.1 keeps it,
// as RFC 822 did); a quoted-printable value also continues over soft line breaks ("=" at the end).
import { Buffer } from "node:buffer";
import { AppError } from "../../domain/errors.ts";
import { countryCode } from "../extract/parties.ts";
import { emptyResult, MAX_IMPORT_ROWS, type FormatReader, type ReadResult, tooManyRows } from "../model.ts";

type RawLine = { text: string; line: number };
type Card = { index: number; line: number; lines: RawLine[] };
type Property = { name: string; params: Map<string, string[]>; value: string; line: number; version: string };

const TAX_ID = /^X-(?:VAT|TAX|UST)[-_]?(?:ID|IDNR|NUMBER|NO|NR)?$/;
const ENCODINGS: ReadonlySet<string> = new Set(["QUOTED-PRINTABLE", "BASE64", "B", "8BIT", "7BIT"]);
/** TYPE values that say nothing a reader of the notes needs. */
const SILENT_TYPES: ReadonlySet<string> = new Set(["pref", "internet", "voice", "x400"]);

function refusal(issue: string): AppError {
  return new AppError("VALIDATION_ERROR", `The vCard file cannot be read: ${issue}`, { field: "content", issue });
}

/** The cards of the file with their raw lines; a card nested in another (2.1's AGENT) stays inside it, unread. */
function cardsOf(text: string): Card[] {
  const cards: Card[] = [];
  let open: Card | null = null;
  let nested = 0;
  text.split(/\r\n|\n|\r/).forEach((line, index) => {
    const marker = line.trim().toUpperCase();
    if (marker === "BEGIN:VCARD") {
      if (open) nested++;
      else open = { index: cards.length + 1, line: index + 1, lines: [] };
    } else if (marker === "END:VCARD" && open) {
      if (nested > 0) nested--;
      else {
        cards.push(open);
        open = null;
      }
    } else if (open && nested === 0) open.lines.push({ text: line, line: index + 1 });
  });
  const unclosed = open as Card | null;
  if (unclosed) throw refusal(`vcard[${unclosed.index}], begun on line ${unclosed.line}, has no END:VCARD`);
  if (cards.length === 0) throw refusal("no BEGIN:VCARD line");
  return cards;
}

const isQuotedPrintable = (text: string): boolean => /QUOTED-PRINTABLE/i.test(text.slice(0, text.indexOf(":") + 1));

/** Folded lines joined, and quoted-printable soft line breaks. */
function unfolded(lines: readonly RawLine[], version: string): RawLine[] {
  const logical: RawLine[] = [];
  for (const raw of lines) {
    const last = logical.at(-1);
    if (last && /^[ \t]/.test(raw.text)) last.text += version === "2.1" ? raw.text : raw.text.slice(1);
    else if (last && isQuotedPrintable(last.text) && last.text.endsWith("=")) last.text = last.text.slice(0, -1) + raw.text;
    else if (raw.text.trim()) logical.push({ ...raw });
  }
  return logical;
}

/** `text` cut at each `separator` outside double quotes. */
function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts = [""];
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    if (char === separator && !quoted) parts.push("");
    else parts[parts.length - 1] += char;
  }
  return parts;
}

/** Where the name and parameters end: the first ":" outside double quotes; -1 without one. Values are never scanned. */
function valueStart(text: string): number {
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    if (text[index] === '"') quoted = !quoted;
    else if (text[index] === ":" && !quoted) return index;
  }
  return -1;
}

const unquoted = (text: string): string => text.replace(/^"(.*)"$/, "$1");

/** "group.NAME;PARAM=a,b;BARE:value", or null when the line has no name and colon. */
function propertyOf(raw: RawLine, version: string): Property | null {
  const head = /^(?:[A-Za-z0-9-]+\.)?([A-Za-z0-9-]+)/.exec(raw.text);
  const colon = head ? valueStart(raw.text) : -1;
  if (!head?.[1] || colon === -1) return null;
  const params = new Map<string, string[]>();
  for (const param of splitOutsideQuotes(raw.text.slice(head[0].length, colon), ";").slice(1)) {
    const equals = param.indexOf("=");
    // vCard 2.1 writes parameter values bare ("TEL;WORK;VOICE", "NOTE;QUOTED-PRINTABLE").
    const bare = param.trim().toUpperCase();
    const [key, values] = equals === -1 ? [ENCODINGS.has(bare) ? "ENCODING" : "TYPE", [bare]] : [param.slice(0, equals).trim().toUpperCase(), splitOutsideQuotes(param.slice(equals + 1), ",").map(unquoted)];
    params.set(key, [...(params.get(key) ?? []), ...values]);
  }
  return { name: head[1].toUpperCase(), params, value: raw.text.slice(colon + 1), line: raw.line, version };
}

/** The file is read one character per byte: this gives the bytes back. */
const latin1Bytes = (binary: string): Uint8Array => new Uint8Array(Buffer.from(binary, "latin1"));

function quotedPrintableBytes(value: string): Uint8Array {
  return latin1Bytes(value.replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))));
}

/** Bytes as text in `charset`, else UTF-8, else Windows-1252 (which reads any byte). */
function decodeBytes(bytes: Uint8Array, charset: string | undefined): string {
  for (const label of [charset, "utf-8"]) {
    try {
      if (label) return new TextDecoder(label, { fatal: true }).decode(bytes);
    } catch {
      // An unknown charset name, or bytes that are not in it: the next guess reads them.
    }
  }
  return new TextDecoder("windows-1252").decode(bytes);
}

/** The value's text, after its ENCODING and in its CHARSET. */
function decoded(property: Property): string {
  const encoding = property.params.get("ENCODING")?.[0]?.toUpperCase();
  return decodeBytes(encoding === "QUOTED-PRINTABLE" ? quotedPrintableBytes(property.value) : latin1Bytes(property.value), property.params.get("CHARSET")?.[0]);
}

/** ADR's LABEL parameter (4.0): line breaks written "\n" as in RFC 6350's example, or "^n" as RFC 6868 says. */
function labelParameter(property: Property): string {
  const raw = decodeBytes(latin1Bytes(property.params.get("LABEL")?.[0] ?? ""), property.params.get("CHARSET")?.[0]);
  return raw.replace(/\\n|\^n/gi, "\n").replaceAll("^'", '"').replaceAll("^^", "^");
}

/**
 * The value with its escapes read ("\n" a line break; "\,", "\;" and "\\" the character), cut at
 * unescaped ";" when `structured`. vCard 2.1 escapes only ";": its other backslashes are text.
 */
function unescaped(property: Property, structured: boolean): string[] {
  const parts = [""];
  const text = decoded(property).replace(/\r\n|\r/g, "\n");
  for (let index = 0; index < text.length; index++) {
    const char = text[index] as string;
    const next = text[index + 1];
    if (char === "\\" && next !== undefined && (property.version !== "2.1" || next === ";")) {
      parts[parts.length - 1] += next === "n" || next === "N" ? "\n" : next;
      index++;
    } else if (char === ";" && structured) parts.push("");
    else parts[parts.length - 1] += char;
  }
  return parts.map((part) => part.trim());
}

/** A structured value's parts (N, ADR, ORG). */
const components = (property: Property): string[] => unescaped(property, true);
const textOf = (property: Property): string => unescaped(property, false)[0] ?? "";

/** vCard 4.0 may give a phone as a tel: URI ("tel:+1-418-656-9254;ext=102"). */
const phoneOf = (property: Property): string => textOf(property).replace(/^tel:/i, "");

const typesOf = (property: Property): string[] => (property.params.get("TYPE") ?? []).flatMap((type) => type.toLowerCase().split(","));

/** PREF=n (4.0) or TYPE=pref (2.1, 3.0) first, then work ones, then the file's order. */
function byPreference(properties: readonly Property[]): Property[] {
  const rank = (property: Property): number => {
    const pref = Number(property.params.get("PREF")?.[0]);
    if (Number.isInteger(pref) && pref > 0) return pref;
    const types = typesOf(property);
    return types.includes("pref") ? 1 : types.includes("work") ? 101 : 102;
  };
  return [...properties].sort((a, b) => rank(a) - rank(b));
}

/** "E-mail (home): zoe@example.com", for what the client keeps only in its notes. */
function noteLine(label: string, property: Property, text: string): string {
  const types = typesOf(property).filter((type) => !SILENT_TYPES.has(type));
  return `${label}${types.length ? ` (${types.join(", ")})` : ""}: ${text}`;
}

/** "DE", or a country's name in one of the label languages ("Deutschland", "Allemagne"); null otherwise. */
function countryOf(text: string): string | null {
  const code = text.toUpperCase();
  if (/^[A-Z]{2}$/.test(code) && new Intl.Locale(`und-${code}`).maximize().region === code) return code;
  return countryCode(text);
}

type AddressRead = { address: Record<string, string> | null; notice: string | null };

/** ADR's seven parts (PO box; extended; street; locality; region; postal code; country) as the service's address. */
function addressOf(property: Property): AddressRead {
  const [poBox = "", extended = "", street = "", city = "", region = "", postalCode = "", country = ""] = components(property);
  const [line1 = "", ...streetRest] = street.split("\n");
  const parts: Record<string, string> = { line1, line2: [...streetRest, extended, poBox].filter(Boolean).join(", "), city, region, postal_code: postalCode };
  const code = country ? countryOf(country) : null;
  if (code) parts.country = code;
  const address = Object.fromEntries(Object.entries(parts).filter(([, value]) => value));
  const notice = country && !code ? `the country "${country}" is no ISO 3166-1 code or known country name: left out of the address` : null;
  return { address: Object.keys(address).length ? address : null, notice };
}

/** N's parts (family; given; additional; prefix; suffix) in reading order. */
function nameOfN(property: Property): string {
  const [family = "", given = "", additional = "", prefix = "", suffix = ""] = components(property);
  return [prefix, given, additional, family, suffix].filter(Boolean).join(" ");
}

function locale(property: Property | undefined): string | null {
  try {
    return property ? (Intl.getCanonicalLocales(textOf(property))[0] ?? null) : null;
  } catch {
    return null;
  }
}

/** The card's properties; a line that is none is a notice, and the card goes on. */
function propertiesOf(card: Card, element: string, result: ReadResult): Property[] {
  const version = /^VERSION:\s*(\S+)/i.exec(card.lines.find((raw) => /^VERSION:/i.test(raw.text))?.text ?? "")?.[1] ?? "3.0";
  return unfolded(card.lines, version).flatMap((raw) => {
    const property = propertyOf(raw, version);
    if (!property) result.notices.push({ element, row: raw.line, value: decodeBytes(latin1Bytes(raw.text.slice(0, 200)), undefined), issue: "not a vCard property line (NAME:value): left out" });
    return property ? [property] : [];
  });
}

type Names = { name: string; company: string; person: string };

function namesOf(named: (name: string) => Property[]): Names {
  const [fn] = named("FN");
  const [n] = named("N");
  const [org] = named("ORG");
  const company = org ? components(org).filter(Boolean).join(", ") : "";
  const person = (fn ? textOf(fn) : "") || (n ? nameOfN(n) : "");
  const showsCompany = named("X-ABSHOWAS").some((property) => textOf(property).toUpperCase() === "COMPANY");
  return { name: (showsCompany && company) || person || company, company, person };
}

/** The chosen ADR as an address; without one, a LABEL (the formatted address) as its one line. */
function addressFieldOf(chosen: Property | undefined, labels: readonly Property[], element: string, result: ReadResult): unknown {
  const read = chosen ? addressOf(chosen) : null;
  if (chosen && read?.notice) result.notices.push({ element, row: chosen.line, column: "ADR", value: components(chosen)[6] ?? null, issue: read.notice });
  if (read?.address) return read.address;
  const label = labels[0] ? textOf(labels[0]) : chosen ? labelParameter(chosen) : "";
  return label ? label.replace(/\s*\n\s*/g, ", ") : null;
}

function readCard(card: Card, result: ReadResult): void {
  const element = `vcard[${card.index}]`;
  const all = propertiesOf(card, element, result);
  const named = (name: string): Property[] => all.filter((property) => property.name === name);
  const { name, company, person } = namesOf(named);
  if (!name) {
    result.problems.push({ element, row: card.line, issue: "no name: the card has no FN, N or ORG" });
    return;
  }
  const [email, ...otherEmails] = byPreference(named("EMAIL"));
  const [phone, ...otherPhones] = byPreference(named("TEL"));
  const [address, ...otherAddresses] = byPreference(named("ADR"));
  const [taxId] = all.filter((property) => TAX_ID.test(property.name)).map(textOf).filter(Boolean);
  const notes = [
    ...named("NOTE").map(textOf),
    name !== company && company ? `Company: ${company}` : "",
    name !== person && person ? `Contact: ${person}` : "",
    ...otherEmails.map((property) => noteLine("E-mail", property, textOf(property))),
    ...otherPhones.map((property) => noteLine("Phone", property, phoneOf(property))),
    ...otherAddresses.map((property) => noteLine("Address", property, components(property).filter(Boolean).join(", ").replace(/\n/g, ", "))),
  ].filter(Boolean);
  const fields: Record<string, unknown> = {
    name,
    email: email ? textOf(email) : null,
    phone: phone ? phoneOf(phone) : null,
    address: addressFieldOf(address, named("LABEL"), element, result),
    tax_id: taxId ?? null,
    locale: locale(byPreference(named("LANG"))[0]),
    notes: notes.join("\n") || null,
  };
  result.clients.push({ place: { element, row: card.line }, fields: Object.fromEntries(Object.entries(fields).filter(([, value]) => value)) });
}

export const readVcard: FormatReader = async (bytes) => {
  const cards = cardsOf(Buffer.from(bytes).toString("latin1").replace(/^\xEF\xBB\xBF/, ""));
  if (cards.length > MAX_IMPORT_ROWS) throw tooManyRows(`The vCard file holds ${cards.length} cards`);
  const result = emptyResult();
  result.rows = cards.length;
  for (const card of cards) readCard(card, result);
  return result;
};
