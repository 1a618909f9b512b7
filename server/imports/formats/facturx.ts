// Factur-X / ZUGFeRD: a PDF carrying its invoice as an embedded XML file (CII; a German PDF may carry
// an XRechnung, CII or UBL). The file is found the way render/einvoice/facturx.ts attaches it: by
// name in the catalog's EmbeddedFiles name tree or its AF array, through pdf-lib's parser. Its stream
// is inflated natively (detection runs on the request thread: fflate's streaming inflate took ~0.6 s
// for 10 MB) and told to stop one byte past its budget (facturx.attachmentBytes), so a deflate bomb
// inside a PDF is a 413 naming that limit, never a process out of memory.
import { inflateSync } from "node:zlib";
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFString, type PDFObject } from "pdf-lib";
import { FACTURX_FILENAME } from "../../../render/einvoice/facturx.ts";
import { AppError } from "../../domain/errors.ts";
import { DOCUMENT_BUDGETS, overBudget } from "../../domain/document-budgets.ts";
import type { FormatReader } from "../model.ts";
import { decodeText } from "../text.ts";
import { xmlRoot } from "../xml.ts";
import { CII_ROOT, readCii } from "./cii.ts";
import { readUbl } from "./ubl.ts";

/** The names the invoice XML goes by: Factur-X 1.0, ZUGFeRD 2.1, ZUGFeRD 2.0, XRechnung in a PDF. */
const INVOICE_FILENAMES = [FACTURX_FILENAME, "zugferd-invoice.xml", "ZUGFeRD-invoice.xml", "xrechnung.xml"];
/** Name trees nest; a real file needs a level or two, a hostile one could loop. */
const MAX_TREE_DEPTH = 16;

const ATTACHMENT_BYTES = DOCUMENT_BUDGETS.facturx.attachmentBytes;
const refused = (issue: string, message: string): AppError => new AppError("VALIDATION_ERROR", message, { field: "content", issue });

function lookup(dict: PDFDict, key: string): PDFObject | undefined {
  return dict.context.lookup(dict.get(PDFName.of(key)));
}

function dictAt(dict: PDFDict, key: string): PDFDict | null {
  const value = lookup(dict, key);
  return value instanceof PDFDict ? value : null;
}

function arrayAt(dict: PDFDict, key: string): PDFObject[] {
  const value = lookup(dict, key);
  return value instanceof PDFArray ? value.asArray().map((entry) => dict.context.lookup(entry) ?? entry) : [];
}

/** Every file specification of the EmbeddedFiles name tree (Names pairs, Kids below). */
function namedFiles(node: PDFDict | null, depth = 0): PDFDict[] {
  if (!node || depth > MAX_TREE_DEPTH) return [];
  const pairs = arrayAt(node, "Names").filter((_, index) => index % 2 === 1);
  const kids = arrayAt(node, "Kids").flatMap((kid) => (kid instanceof PDFDict ? namedFiles(kid, depth + 1) : []));
  return [...pairs.filter((value): value is PDFDict => value instanceof PDFDict), ...kids];
}

function fileName(spec: PDFDict): string | null {
  const name = lookup(spec, "UF") ?? lookup(spec, "F");
  return name instanceof PDFString || name instanceof PDFHexString ? name.decodeText() : null;
}

/** The embedded file's stream of the first specification named like an invoice XML, in the order of INVOICE_FILENAMES. */
function invoiceStream(document: PDFDocument): PDFRawStream | null {
  const catalog = document.catalog;
  const names = dictAt(catalog, "Names");
  const attached = arrayAt(catalog, "AF").filter((spec): spec is PDFDict => spec instanceof PDFDict);
  const specs = [...namedFiles(names ? dictAt(names, "EmbeddedFiles") : null), ...attached];
  for (const wanted of INVOICE_FILENAMES) {
    const spec = specs.find((candidate) => fileName(candidate)?.toLowerCase() === wanted.toLowerCase());
    const embedded = spec ? dictAt(spec, "EF") : null;
    const stream = embedded ? lookup(embedded, "F") : undefined;
    if (stream instanceof PDFRawStream) return stream;
  }
  return null;
}

function inflateBounded(data: Uint8Array): Uint8Array {
  try {
    return inflateSync(data, { maxOutputLength: ATTACHMENT_BYTES + 1 });
  } catch (error) {
    // Past maxOutputLength zlib stops with ERR_BUFFER_TOO_LARGE; anything else is broken data.
    if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") throw overBudget("facturx", "attachmentBytes", ATTACHMENT_BYTES + 1, "The attached invoice XML inflates past its limit");
    throw refused("unreadable PDF", `The attached invoice XML does not inflate (${error instanceof Error ? error.message : String(error)})`);
  }
}

/** The stream's bytes: unfiltered or FlateDecode (what Factur-X writers use); any other filter is refused by name. */
function decoded(stream: PDFRawStream): Uint8Array {
  const filter = lookup(stream.dict, "Filter");
  const filters = filter instanceof PDFArray ? filter.asArray() : filter ? [filter] : [];
  const names = filters.map((entry) => (entry instanceof PDFName ? entry.decodeText() : String(entry)));
  if (names.length === 0) {
    if (stream.contents.length > ATTACHMENT_BYTES) throw overBudget("facturx", "attachmentBytes", stream.contents.length, "The attached invoice XML");
    return stream.contents;
  }
  if (names.length === 1 && names[0] === "FlateDecode") return inflateBounded(stream.contents);
  throw refused("unsupported PDF", `The attached invoice XML is encoded with ${names.join(", ")}; only FlateDecode is read`);
}

async function loadPdf(bytes: Uint8Array): Promise<PDFDocument> {
  const unreadable = refused("unreadable PDF", "content is not a readable PDF");
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  } catch {
    throw unreadable;
  }
  // pdf-lib loads bytes without a trailer without complaint, and without a catalog.
  if (!(document.catalog instanceof PDFDict)) throw unreadable;
  return document;
}

/**
 * The invoice XML a Factur-X / ZUGFeRD PDF carries, decoded, or null when it carries none (a plain
 * PDF). 422 for a PDF that cannot be read or an attachment that inflates past the limit.
 */
export async function facturXAttachment(bytes: Uint8Array): Promise<Uint8Array | null> {
  const stream = invoiceStream(await loadPdf(bytes));
  return stream ? decoded(stream) : null;
}

export const readFacturX: FormatReader = async (bytes, options) => {
  const xml = await facturXAttachment(bytes);
  if (!xml) throw refused("no attachment", `no Factur-X/ZUGFeRD XML attached: the PDF carries no ${INVOICE_FILENAMES.join(", ")}`);
  return xmlRoot(decodeText(xml) ?? "")?.name === CII_ROOT ? readCii(xml, options) : readUbl(xml, options);
};
