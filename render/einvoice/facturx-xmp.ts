// The XMP metadata packet of a Factur-X PDF: PDF/A-3b identification (pdfaid), the document's
// Info entries mirrored into their XMP properties (PDF/A requires the two to agree: dc:title,
// dc:creator, dc:description, pdf:Keywords, pdf:Producer, xmp:CreatorTool, xmp:CreateDate,
// xmp:ModifyDate), and Factur-X's own properties (fx:*) with the PDF/A extension schema that
// declares them, since PDF/A accepts no XMP property it is not told about.
import { toXmlFragment, type XmlElement } from "./xml.ts";

export const FACTURX_NAMESPACE = "urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#";

/** The Info dictionary's entries, exactly as written there. */
export type DocumentInfo = {
  title: string;
  author: string | null;
  subject: string | null;
  keywords: string | null;
  creator: string;
  producer: string;
  created: Date;
  modified: Date;
};

/** fx:* values of an EN 16931 profile invoice (Factur-X 1.0). */
export type FacturXProperties = { documentFileName: string; conformanceLevel: string };

const NS = {
  x: "adobe:ns:meta/",
  rdf: "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
  pdfaid: "http://www.aiim.org/pdfa/ns/id/",
  dc: "http://purl.org/dc/elements/1.1/",
  xmp: "http://ns.adobe.com/xap/1.0/",
  pdf: "http://ns.adobe.com/pdf/1.3/",
  pdfaExtension: "http://www.aiim.org/pdfa/ns/extension/",
  pdfaSchema: "http://www.aiim.org/pdfa/ns/schema#",
  pdfaProperty: "http://www.aiim.org/pdfa/ns/property#",
};

/** The fx properties with the descriptions the Factur-X specification gives them. */
const FX_PROPERTIES: ReadonlyArray<[name: string, description: string]> = [
  ["DocumentFileName", "The name of the embedded XML document"],
  ["DocumentType", "The type of the hybrid document in capital letters, e.g. INVOICE or ORDER"],
  ["Version", "The actual version of the standard applying to the embedded XML document"],
  ["ConformanceLevel", "The conformance level of the embedded XML document"],
];

/** XMP dates carry seconds, as the Info dictionary's D:YYYYMMDDHHmmSSZ does, so both say the same. */
export function xmpDate(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** One rdf:Description of the document ("rdf:about" empty) declaring its property namespace. */
const description = (prefix: string, namespace: string, properties: XmlElement): XmlElement => ({
  "@rdf:about": "",
  [`@xmlns:${prefix}`]: namespace,
  ...properties,
});

const languageAlternative = (text: string): XmlElement => ({ "rdf:Alt": { "rdf:li": { "@xml:lang": "x-default", "#": text } } });

function extensionSchema(): XmlElement {
  return description("pdfaExtension", NS.pdfaExtension, {
    "@xmlns:pdfaSchema": NS.pdfaSchema,
    "@xmlns:pdfaProperty": NS.pdfaProperty,
    "pdfaExtension:schemas": {
      "rdf:Bag": {
        "rdf:li": {
          "@rdf:parseType": "Resource",
          "pdfaSchema:schema": "Factur-X PDFA Extension Schema",
          "pdfaSchema:namespaceURI": FACTURX_NAMESPACE,
          "pdfaSchema:prefix": "fx",
          "pdfaSchema:property": {
            "rdf:Seq": {
              "rdf:li": FX_PROPERTIES.map(([name, text]) => ({
                "@rdf:parseType": "Resource",
                "pdfaProperty:name": name,
                "pdfaProperty:valueType": "Text",
                "pdfaProperty:category": "external",
                "pdfaProperty:description": text,
              })),
            },
          },
        },
      },
    },
  });
}

/** The complete packet (xpacket wrapper included), UTF-8 text. */
export function facturXXmp(info: DocumentInfo, facturX: FacturXProperties): string {
  const rdf: XmlElement = {
    "@xmlns:rdf": NS.rdf,
    "rdf:Description": [
      description("pdfaid", NS.pdfaid, { "pdfaid:part": "3", "pdfaid:conformance": "B" }),
      description("dc", NS.dc, {
        "dc:title": languageAlternative(info.title),
        "dc:creator": info.author === null ? undefined : { "rdf:Seq": { "rdf:li": info.author } },
        "dc:description": info.subject === null ? undefined : languageAlternative(info.subject),
      }),
      description("xmp", NS.xmp, {
        "xmp:CreatorTool": info.creator,
        "xmp:CreateDate": xmpDate(info.created),
        "xmp:ModifyDate": xmpDate(info.modified),
        "xmp:MetadataDate": xmpDate(info.modified),
      }),
      description("pdf", NS.pdf, { "pdf:Producer": info.producer, "pdf:Keywords": info.keywords }),
      extensionSchema(),
      description("fx", FACTURX_NAMESPACE, {
        "fx:DocumentType": "INVOICE",
        "fx:DocumentFileName": facturX.documentFileName,
        "fx:Version": "1.0",
        "fx:ConformanceLevel": facturX.conformanceLevel,
      }),
    ],
  };
  const packet = toXmlFragment({ "x:xmpmeta": { "@xmlns:x": NS.x, "rdf:RDF": rdf } });
  // begin="U+FEFF" marks the packet as UTF-8; no bytes= or encoding= attribute (PDF/A forbids both).
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>\n${packet}\n<?xpacket end="w"?>`;
}
