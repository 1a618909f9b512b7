// SVG markup as a small typed tree and back. fast-xml-parser reads it (entities decoded, comments,
// the XML declaration and processing instructions left out) and `serialize` writes it again with
// every value escaped, so the markup resvg reads says exactly what the sanitizer checked.
import { XMLParser, XMLValidator } from "fast-xml-parser";

export type XmlElement = { name: string; attributes: Record<string, string>; children: XmlNode[] };
export type XmlNode = XmlElement | { text: string };

/** Elements nested deeper than this are refused by the parser (a logo needs a handful of levels). */
export const MAX_DEPTH = 64;

const TEXT = "#text";
const CDATA = "#cdata";
const ATTRIBUTES = ":@";

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  cdataPropName: CDATA,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // Character references (&#x6A;) decoded too, so no check can be dodged by spelling a value in them.
  htmlEntities: true,
  maxNestedTags: MAX_DEPTH,
});

export type ParseResult = { ok: true; nodes: XmlNode[] } | { ok: false; message: string };

/** Well-formed XML as top-level nodes, or why it is not. */
export function parseXml(markup: string): ParseResult {
  const validation = XMLValidator.validate(markup);
  if (validation !== true) return { ok: false, message: `${validation.err.msg} (line ${validation.err.line})` };
  try {
    return { ok: true, nodes: toNodes(parser.parse(markup) as unknown[]) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

type ParsedEntry = Record<string, unknown>;

function toNodes(entries: unknown[]): XmlNode[] {
  return entries.flatMap((entry): XmlNode[] => {
    const record = entry as ParsedEntry;
    if (TEXT in record) return [{ text: String(record[TEXT]) }];
    if (CDATA in record) return toNodes(record[CDATA] as unknown[]);
    const name = Object.keys(record).find((key) => key !== ATTRIBUTES);
    if (name === undefined) return [];
    const attributes = Object.fromEntries(Object.entries((record[ATTRIBUTES] ?? {}) as Record<string, unknown>).map(([key, value]) => [key, String(value)]));
    return [{ name, attributes, children: toNodes(record[name] as unknown[]) }];
  });
}

export function isElement(node: XmlNode): node is XmlElement {
  return "name" in node;
}

const escapeText = (text: string): string => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttribute = (value: string): string => escapeText(value).replace(/"/g, "&quot;");

export function serialize(node: XmlNode): string {
  if (!isElement(node)) return escapeText(node.text);
  const attributes = Object.entries(node.attributes)
    .map(([key, value]) => ` ${key}="${escapeAttribute(value)}"`)
    .join("");
  if (node.children.length === 0) return `<${node.name}${attributes}/>`;
  return `<${node.name}${attributes}>${node.children.map(serialize).join("")}</${node.name}>`;
}
