// XML from outside read safely: a DOCTYPE is refused outright (it is how entity expansion, the
// "billion laughs", and external entities, XXE, get in; no invoice format needs one), one linear
// pass over the tags then holds the text to the xml budget (nesting depth, elements;
// server/domain/document-budgets.ts) before any parser sees it, the text is checked well-formed so
// a broken file is a 422 with its line, and only the five predefined entities and character
// references are expanded. Element names keep no namespace prefix ("cbc:ID" reads as "ID"); the
// root's namespace is read apart, for detection.
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { DOCUMENT_BUDGETS, overBudget } from "../domain/document-budgets.ts";
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

/** What one pass over the tags found: counting stops once depth or elements pass the xml budget. */
export type XmlShape = { depth: number; elements: number; longestText: number };

/** Where `close` ends, searched from `from`; the end of the text when it never does. */
function after(text: string, close: string, from: number): number {
  const at = text.indexOf(close, from);
  return at === -1 ? text.length : at + close.length;
}

/** The longest reference, "&#x10FFFF;": its ";" is looked for no further, so "&&&…" costs no more than its length. */
const LONGEST_REFERENCE = 10;

/** A run of text in characters, each entity or character reference counting as one. */
function textLength(text: string, from: number, to: number): number {
  let length = to - from;
  for (let amp = text.indexOf("&", from); amp !== -1 && amp < to; amp = text.indexOf("&", amp + 1)) {
    const end = Math.min(to, amp + LONGEST_REFERENCE);
    for (let at = amp + 1; at < end; at++) {
      if (text.charCodeAt(at) === 59) {
        length -= at - amp;
        break;
      }
    }
  }
  return length;
}

/** Where a start or end tag ends: its ">" outside quoted attribute values. */
function tagEnd(text: string, from: number): number {
  let quote = 0;
  for (let at = from; at < text.length; at++) {
    const char = text.charCodeAt(at);
    if (quote !== 0) {
      if (char === quote) quote = 0;
    } else if (char === 34 || char === 39) quote = char;
    else if (char === 62) return at;
  }
  return text.length;
}

/**
 * Nesting depth, elements and the longest run of text (CDATA included), in one pass over the tags
 * without building anything: comments, CDATA, processing instructions and declarations are skipped
 * whole, a self-closing tag opens nothing, a ">" inside a quoted attribute value ends no tag.
 */
export function scanXml(text: string): XmlShape {
  const budget = DOCUMENT_BUDGETS.xml;
  const shape: XmlShape = { depth: 0, elements: 0, longestText: 0 };
  let depth = 0;
  let at = 0;
  while (at < text.length && shape.depth <= budget.depth && shape.elements <= budget.elements) {
    const open = text.indexOf("<", at);
    const textTo = open === -1 ? text.length : open;
    if (textTo - at > shape.longestText) shape.longestText = Math.max(shape.longestText, textLength(text, at, textTo));
    if (open === -1) break;
    if (text.startsWith("<!--", open)) at = after(text, "-->", open + 4);
    else if (text.startsWith("<![CDATA[", open)) {
      at = after(text, "]]>", open + 9);
      shape.longestText = Math.max(shape.longestText, at - open - 12);
    } else if (text.startsWith("<?", open)) at = after(text, "?>", open + 2);
    else if (text.startsWith("<!", open)) at = tagEnd(text, open + 2) + 1;
    else if (text.startsWith("</", open)) {
      depth -= 1;
      at = tagEnd(text, open + 2) + 1;
    } else {
      const end = tagEnd(text, open + 1);
      shape.elements += 1;
      if (text.charCodeAt(end - 1) !== 47) shape.depth = Math.max(shape.depth, ++depth);
      at = end + 1;
    }
  }
  return shape;
}

/** The xml budget's check, before any parser: `what` names the document or the package's part. */
export function assertXmlWithinBudget(text: string, what = "The XML"): XmlShape {
  const shape = scanXml(text);
  if (shape.depth > DOCUMENT_BUDGETS.xml.depth) throw overBudget("xml", "depth", shape.depth, what);
  if (shape.elements > DOCUMENT_BUDGETS.xml.elements) throw overBudget("xml", "elements", shape.elements, what);
  return shape;
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
  /** The package part the text is ("xl/sharedStrings.xml"), named when it is refused. */
  part?: string;
  /** The text is a spreadsheet's cells: a run of text longer than a cell may hold is refused before parsing. */
  cells?: boolean;
};

/** The checks every parse makes first: no DOCTYPE, within the budget, well-formed. */
function assertReadable(text: string, options: ParseXmlOptions): void {
  assertNoDoctype(text);
  const what = options.part ?? "The XML";
  const { longestText } = assertXmlWithinBudget(text, what);
  if (options.cells && longestText > DOCUMENT_BUDGETS.spreadsheet.cellChars) throw overBudget("spreadsheet", "cellChars", longestText, `A cell of ${what}`);
  assertWellFormed(text);
}

/** Values stay text; only the predefined entities and character references are expanded. */
const COMMON = { ignoreAttributes: false, attributeNamePrefix: "@", removeNSPrefix: true, parseTagValue: false, parseAttributeValue: false, processEntities: true, htmlEntities: false } as const;

/** Parses XML after the DOCTYPE, budget and well-formedness checks, children grouped by name. */
export function parseXml(text: string, options: ParseXmlOptions = {}): XmlNode {
  assertReadable(text, options);
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
export function parseXmlOrdered(text: string, part?: string): OrderedXml[] {
  assertReadable(text, { part });
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
