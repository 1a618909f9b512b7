// The one place the e-invoice files (UBL, CII, Factur-X's XMP) meet the XML builder (xmlbuilder2).
// Documents are plain objects whose key order is the element order the XSD requires; absent values
// (null, undefined, []) write nothing, so no empty element ever appears (Peppol R008 rejects them).
import { create } from "xmlbuilder2";

export type XmlValue = string | XmlElement | XmlElement[] | null | undefined;
export type XmlElement = { [name: string]: XmlValue };

/** Serializes a document whose single key is the root element. */
export function toXml(document: XmlElement): string {
  // The model already drops control codes; anything else XML 1.0 cannot carry (a lone surrogate) is
  // dropped here rather than written into a file no parser would accept.
  return create({ version: "1.0", encoding: "UTF-8", invalidCharReplacement: "" }, document).end({ prettyPrint: true });
}

/** As toXml, without the XML declaration: for XML embedded in another format (an XMP packet). */
export function toXmlFragment(document: XmlElement): string {
  return create({ invalidCharReplacement: "" }, document).end({ headless: true, prettyPrint: true });
}

/** An element with attributes: `withAttributes("12.00", {currencyID: "EUR"})`. */
export function withAttributes(text: string, attributes: Record<string, string>): XmlElement {
  const element: XmlElement = { "#": text };
  for (const [name, value] of Object.entries(attributes)) element[`@${name}`] = value;
  return element;
}

/** The element when `value` is present, else nothing: `when(date, (d) => ({ "cbc:DueDate": d }))`. */
export function when<T>(value: T | null | undefined, build: (value: T) => XmlElement): XmlElement | undefined {
  return value === null || value === undefined ? undefined : build(value);
}
