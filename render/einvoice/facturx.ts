// Factur-X 1.0 (= ZUGFeRD 2.x), EN 16931 profile: the visual invoice PDF turned into a PDF/A-3b
// file that carries the CII invoice as an associated file. What PDF/A-3 and Factur-X add to the
// painter's PDF (render/paint/pdf.ts: subset TrueType fonts, DeviceRGB, no transparency or actions):
// - factur-x.xml (text/xml) as an embedded file with its modification date and size, listed in the
//   EmbeddedFiles name tree and the catalog's AF array. Its AFRelationship is Alternative: the
//   Factur-X/ZUGFeRD "data relationship" reserves Data for MINIMUM and BASIC WL (which are not
//   invoices on their own) and makes the XML of an EN 16931 profile invoice an alternative
//   representation of the visible one;
// - an uncompressed XMP metadata stream agreeing with the Info dictionary (facturx-xmp.ts);
// - an output intent (GTS_PDFA1) with an sRGB profile (srgb-icc.ts), giving DeviceRGB a meaning;
// - a trailer ID, derived from the content so the same input and date give the same bytes.
// pdf-lib's attach() writes the embedded file, filespec (F, UF, Desc, AFRelationship), name tree
// and AF entry; the rest is set on the catalog and trailer here.
import { AFRelationship, PDFDocument, PDFHexString, PDFName, PDFString } from "pdf-lib";
import { PDF_CREATOR, PDF_PRODUCER } from "../paint/pdf.ts";
import { EN16931_GUIDELINE, toCii } from "./cii.ts";
import { facturXXmp, type DocumentInfo } from "./facturx-xmp.ts";
import type { En16931Invoice } from "./model.ts";
import { present } from "./requirements.ts";
import { assertBusinessRules } from "./rules/index.ts";
import { SRGB_DESCRIPTION, srgbIccProfile } from "./srgb-icc.ts";

export const FACTURX_FILENAME = "factur-x.xml";
/** The XMP name of the profile (fx:ConformanceLevel); its CII guideline is plain EN 16931. */
export const FACTURX_CONFORMANCE_LEVEL = "EN 16931";

export type FacturXOptions = {
  /** The moment written as modification date (Info, XMP, the embedded file). */
  createdAt: Date;
};

const utf8 = new TextEncoder();

/** PDF dates have whole seconds; dropping the milliseconds here keeps Info and XMP equal. */
function wholeSeconds(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 1000) * 1000);
}

/**
 * The Info entries the file will carry: the painter's title, creator, producer and creation date
 * where it set them, the invoice number as title and this service as creator and producer where
 * it did not, and `modified` as modification date. Text goes through `present`, so a character
 * XML cannot hold is dropped from both Info and XMP alike.
 */
function documentInfo(doc: PDFDocument, model: En16931Invoice, modified: Date): DocumentInfo {
  return {
    title: present(doc.getTitle()) ?? model.number,
    author: present(doc.getAuthor()),
    subject: present(doc.getSubject()),
    keywords: present(doc.getKeywords()),
    creator: present(doc.getCreator()) ?? PDF_CREATOR,
    producer: present(doc.getProducer()) ?? PDF_PRODUCER,
    created: wholeSeconds(doc.getCreationDate() ?? modified),
    modified,
  };
}

function writeInfo(doc: PDFDocument, info: DocumentInfo): void {
  doc.setTitle(info.title, { showInWindowTitleBar: true });
  if (info.author !== null) doc.setAuthor(info.author);
  if (info.subject !== null) doc.setSubject(info.subject);
  if (info.keywords !== null) doc.setKeywords([info.keywords]);
  doc.setCreator(info.creator);
  doc.setProducer(info.producer);
  doc.setCreationDate(info.created);
  doc.setModificationDate(info.modified);
}

function addOutputIntent(doc: PDFDocument): void {
  const { context } = doc;
  const profile = context.register(context.flateStream(srgbIccProfile(), { N: 3 }));
  const intent = context.obj({
    Type: "OutputIntent",
    S: "GTS_PDFA1",
    OutputConditionIdentifier: PDFString.of(SRGB_DESCRIPTION),
    RegistryName: PDFString.of("http://www.color.org"),
    Info: PDFString.of(SRGB_DESCRIPTION),
    DestOutputProfile: profile,
  });
  doc.catalog.set(PDFName.of("OutputIntents"), context.obj([intent]));
}

/** Metadata streams stay unfiltered, so any PDF/A reader can find the packet in the bytes. */
function addMetadata(doc: PDFDocument, xmp: string): void {
  const stream = doc.context.stream(utf8.encode(xmp), { Type: "Metadata", Subtype: "XML" });
  doc.catalog.set(PDFName.of("Metadata"), doc.context.register(stream));
}

/** The trailer ID (both halves, as for a new file): a digest of what makes this file this file. */
async function setFileId(doc: PDFDocument, parts: Uint8Array[]): Promise<void> {
  const joined = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", joined)).slice(0, 16);
  const hex = Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
  doc.context.trailerInfo.ID = doc.context.obj([PDFHexString.of(hex), PDFHexString.of(hex)]);
}

/**
 * The visual invoice `pdf` (from render/paint/pdf.ts) as a Factur-X EN 16931 PDF/A-3b invoice
 * carrying `model` as CII. Throws AppError VALIDATION_ERROR (422) naming the rule and business term
 * when the model breaks an EN 16931 business rule, so no file with an invalid XML is ever made.
 */
export async function toFacturX(pdf: Uint8Array, model: En16931Invoice, options: FacturXOptions): Promise<Uint8Array> {
  assertBusinessRules(model);
  const xml = utf8.encode(toCii(model, { guideline: EN16931_GUIDELINE }));
  const modified = wholeSeconds(options.createdAt);
  // updateMetadata: false, or pdf-lib stamps its own producer and the current time on load.
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const info = documentInfo(doc, model, modified);
  writeInfo(doc, info);
  await doc.attach(xml, FACTURX_FILENAME, {
    mimeType: "text/xml",
    description: `Factur-X invoice ${model.number} (${FACTURX_CONFORMANCE_LEVEL})`,
    creationDate: modified,
    modificationDate: modified,
    afRelationship: AFRelationship.Alternative,
  });
  addMetadata(doc, facturXXmp(info, { documentFileName: FACTURX_FILENAME, conformanceLevel: FACTURX_CONFORMANCE_LEVEL }));
  addOutputIntent(doc);
  await setFileId(doc, [pdf, xml, utf8.encode(modified.toISOString())]);
  // objectsPerTick: Infinity, or pdf-lib yields to a timer every 50 objects while writing.
  return doc.save({ objectsPerTick: Number.POSITIVE_INFINITY, updateFieldAppearances: false, addDefaultPage: false });
}
