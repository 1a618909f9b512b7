// XML from outside read safely: a DOCTYPE is refused outright (it is how entity expansion, the
// "billion laughs", and external entities, XXE, get in; no invoice format needs one), the text is
// checked well-formed first so a broken file is a 422 with its line, and only the five predefined
// entities and character references are expanded. Element names keep no namespace prefix
// ("cbc:ID" reads as "ID"); the root's namespace is read apart, for detection.
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { AppError } from "../domain/errors.ts";

/** A parsed element: attributes under "@name", text under "#text", children by local name. */
export type XmlNode = { [key: string]: XmlValue };
export type XmlValue = string | XmlNode | XmlValue[];

function refused(issue: string, message: string): AppError {
  return new AppError("VALIDATION_ERROR", message, { field: "content", issue });
}

/** The DOCTYPE check, before any parser sees the text. */
export function assertNoDoctype(text: string): void {
  if (/<!DOCTYPE/i.test(text)) {
    throw refused("xml doctype", "XML with a DOCTYPE declaration is refused: entity expansion and external entities are never read");
  }
}

export function assertWellFormed(text: string): void {
  const verdict = XMLValidator.validate(text);
  if (verdict !== true) {
    const { msg, line, col } = verdict.err;
    throw refused("malformed xml", `The XML is not well-formed at line ${line}, column ${col}: ${msg}`);
  }
}

export type ParseXmlOptions = {
  /** Local element names that are always a list, even with one member (lines, parties' ids…). */
  lists?: ReadonlySet<string>;
  /** Keep blanks around text (spreadsheet strings under xml:space="preserve"); trimmed by default. */
  keepBlanks?: boolean;
};

/** Values stay text; only the predefined entities and character references are expanded. */
const COMMON = { ignoreAttributes: false, attributeNamePrefix: "@", removeNSPrefix: true, parseTagValue: false, parseAttributeValue: false, processEntities: true, htmlEntities: false } as const;

/** Parses XML after the DOCTYPE and well-formedness checks, children grouped by name. */
export function parseXml(text: string, options: ParseXmlOptions = {}): XmlNode {
  assertNoDoctype(text);
  assertWellFormed(text);
  const lists = options.lists ?? new Set<string>();
  const parser = new XMLParser({
    ...COMMON,
    trimValues: !options.keepBlanks,
    isArray: (name, _path, _leaf, isAttribute) => !isAttribute && lists.has(name),
  });
  return parser.parse(text) as XmlNode;
}

/** An element in document order: its local name → its children, attributes under ":@", text as "#text". */
export type OrderedXml = { [name: string]: OrderedXml[] | string | Record<string, string> | undefined; ":@"?: Record<string, string> };

/**
 * Parses XML after the same checks, keeping document order and every blank: for documents whose
 * meaning is in the order of mixed children (a DOCX body: a paragraph, a table, a paragraph; a
 * break between two texts of one run; a run's spaces under xml:space="preserve").
 */
export function parseXmlOrdered(text: string): OrderedXml[] {
  assertNoDoctype(text);
  assertWellFormed(text);
  return new XMLParser({ ...COMMON, preserveOrder: true, trimValues: false }).parse(text) as OrderedXml[];
}

/** The root element's local name and namespace, read from its start tag (no parse needed). */
export function xmlRoot(text: string): { name: string; namespace: string | null } | null {
  const start = /<(?!\?|!)([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)([^>]*)>/.exec(text);
  if (!start) return null;
  const prefix = start[1]?.slice(0, -1);
  const attributes = start[3] ?? "";
  const declaration = new RegExp(`xmlns${prefix ? `:${prefix}` : ""}\\s*=\\s*["']([^"']*)["']`).exec(attributes);
  return { name: start[2]!, namespace: declaration?.[1] ?? null };
}
