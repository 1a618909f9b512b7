// The hostile corpus of issue 22 made at test time, a few KB each, so the import and OCR tests, the
// fuzz suite and the red-team run replay the same files: a PDF of thousands of pages drawing one
// image; XML, HTML and JSON nested 1,000 and 100,000 levels; a DOCX whose document.xml inflates to
// 150 MB, an XLSX holding one 150 MB cell, packages whose declared sizes lie, a cell longer than a
// cell may be. Each of HOSTILE_DOCUMENTS names the budget it must be refused by (details.limit) and
// the status (422, or 413 for a byte size).
import { Buffer } from "node:buffer";
import { constants, deflateRawSync, deflateSync } from "node:zlib";
import { PDFDocument, PDFName, type PDFRef } from "pdf-lib";
import { CII_NAMESPACES } from "../../render/einvoice/cii.ts";
import { ublNamespace } from "../../render/einvoice/ubl.ts";

const MB = 1_000_000;

/**
 * A PDF of `pages` pages all drawing one image (and one content stream): `png` when given, else a
 * grey image of the `declared` size (default 60 × 30), its pixels deflated so it decodes as it says.
 * A few hundred KB for thousands of pages: the page bomb.
 */
export async function pdfReusingOneImage({ pages, png, declared }: { pages: number; png?: Uint8Array; declared?: { width: number; height: number } }): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const { context } = document;
  let image: PDFRef;
  if (png) image = (await document.embedPng(png)).ref;
  else {
    const { width, height } = declared ?? { width: 60, height: 30 };
    const pixels = deflateSync(new Uint8Array(width * height).fill(200));
    image = context.register(context.stream(pixels, { Type: "XObject", Subtype: "Image", Width: width, Height: height, ColorSpace: "DeviceGray", BitsPerComponent: 8, Filter: "FlateDecode" }));
  }
  const resources = context.register(context.obj({ XObject: { Im0: image } }));
  const contents = context.register(context.flateStream("q 595 0 0 842 0 0 cm /Im0 Do Q"));
  for (let page = 0; page < pages; page++) {
    const node = document.addPage([595, 842]).node;
    node.set(PDFName.of("Resources"), resources);
    node.set(PDFName.of("Contents"), contents);
  }
  return document.save();
}
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

/** `depth` elements named `name`, each inside the last: one letter keeps 100,000 levels under the 1 MiB body of tRPC and MCP. */
const nestedTags = (name: string, depth: number): string => `<${name}>`.repeat(depth) + `</${name}>`.repeat(depth);

export const nestedUbl = (depth: number): Uint8Array => utf8(`<?xml version="1.0"?><Invoice xmlns="${ublNamespace("Invoice")}">${nestedTags("a", depth)}</Invoice>`);

export const nestedCii = (depth: number): Uint8Array => utf8(`<?xml version="1.0"?><rsm:CrossIndustryInvoice xmlns:rsm="${CII_NAMESPACES.rsm}">${nestedTags("a", depth)}</rsm:CrossIndustryInvoice>`);

export const nestedHtml = (depth: number): Uint8Array => utf8(`<!doctype html><html><body>${nestedTags("i", depth)}<table><tr><td>x</td></tr></table></body></html>`);

export const nestedJson = (depth: number): Uint8Array => utf8(`${"[".repeat(depth)}${"]".repeat(depth)}`);

/**
 * Raw DEFLATE data inflating to `chunk` repeated `times`, made without compressing the whole: the
 * chunk is compressed once with a sync flush (its blocks refer only to themselves, so copies of them
 * follow each other as they are), then a final empty block ends the stream.
 */
function repeatedDeflate(chunk: Uint8Array, times: number): Uint8Array {
  const once = deflateRawSync(chunk, { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  return Buffer.concat([...Array.from({ length: times }, () => once), Buffer.from([0x03, 0x00])]);
}

/** A part of a package: its DEFLATE data and the size it says it unpacks to (a lie, when asked). */
export type Part = { name: string; data: Uint8Array; declared: number };

export const packagePart = (name: string, text: string, declared?: number): Part => {
  const bytes = utf8(text);
  return { name, data: deflateRawSync(bytes), declared: declared ?? bytes.length };
};

/** A part whose text is `head`, then `filler` repeated to about `bytes`, then `tail`; declaring `declared` (its real size by default). */
export function repeatedPart(name: string, head: string, filler: string, bytes: number, tail: string, declared?: number): Part {
  if (bytes < 1 << 20) return packagePart(name, `${head}${filler.repeat(Math.ceil(bytes / filler.length))}${tail}`, declared);
  const chunk = utf8(filler.repeat(Math.ceil((1 << 20) / filler.length)));
  const times = Math.ceil(bytes / chunk.length);
  const data = Buffer.concat([deflateRawSync(utf8(head), { finishFlush: constants.Z_SYNC_FLUSH }), repeatedDeflate(chunk, times).subarray(0, -2), deflateRawSync(utf8(tail))]);
  return { name, data, declared: declared ?? head.length + chunk.length * times + tail.length };
}

/** A ZIP package of DEFLATE parts, its central directory saying what each part declares (CRCs left 0: no reader here checks them). */
export function zipPackage(parts: readonly Part[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data, declared } of parts) {
    const fileName = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, Buffer.from(data));
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

const WORKBOOK = '<workbook xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>';
const WORKBOOK_RELS = '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>';
const SHEET_OF_ONE_SHARED_STRING = '<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>';

/** A workbook around the given sheet and shared strings parts. */
const xlsx = (sheet: Part, strings?: Part): Uint8Array => zipPackage([packagePart("xl/workbook.xml", WORKBOOK), packagePart("xl/_rels/workbook.xml.rels", WORKBOOK_RELS), sheet, ...(strings ? [strings] : [])]);

/** An XLSX whose one shared string, A1's text, is `bytes` long; `declared` what its part says it unpacks to. */
export const xlsxWithCell = (bytes: number, declared?: number): Uint8Array =>
  xlsx(packagePart("xl/worksheets/sheet1.xml", SHEET_OF_ONE_SHARED_STRING), repeatedPart("xl/sharedStrings.xml", "<sst><si><t>", "A", bytes, "</t></si></sst>", declared));

/** An XLSX whose sheet nests `depth` levels inside its sheetData. */
export const nestedXlsx = (depth: number): Uint8Array => xlsx(packagePart("xl/worksheets/sheet1.xml", `<worksheet><sheetData>${nestedTags("row", depth)}</sheetData></worksheet>`));

const DOCX_HEAD = '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>';
const DOCX_TAIL = "</w:body></w:document>";

/** A DOCX whose document.xml is `bytes` of paragraphs; `declared` what the part says it unpacks to. */
export const docxOfSize = (bytes: number, declared?: number): Uint8Array =>
  zipPackage([repeatedPart("word/document.xml", DOCX_HEAD, "<w:p><w:r><w:t>Consulting, 10 hours</w:t></w:r></w:p>", bytes, DOCX_TAIL, declared)]);

/** A DOCX whose body nests `depth` levels. */
export const nestedDocx = (depth: number): Uint8Array => zipPackage([packagePart("word/document.xml", `${DOCX_HEAD}${nestedTags("w:sdt", depth)}${DOCX_TAIL}`)]);

/** One file of the corpus: what it is, how it is sent, and the refusal it must get. */
export type HostileDocument = { name: string; bytes: () => Uint8Array; status: 413 | 422; limit: string };

/** The corpus, each file made when asked (the largest are ~200 KB). */
export const HOSTILE_DOCUMENTS: readonly HostileDocument[] = [
  ...[1_000, 100_000].flatMap((depth): HostileDocument[] => [
    { name: `UBL nested ${depth} levels`, bytes: () => nestedUbl(depth), status: 422, limit: "xml.depth" },
    { name: `CII nested ${depth} levels`, bytes: () => nestedCii(depth), status: 422, limit: "xml.depth" },
    { name: `HTML nested ${depth} levels`, bytes: () => nestedHtml(depth), status: 422, limit: "html.depth" },
    { name: `JSON nested ${depth} levels`, bytes: () => nestedJson(depth), status: 422, limit: "json.depth" },
    { name: `XLSX nested ${depth} levels`, bytes: () => nestedXlsx(depth), status: 422, limit: "xml.depth" },
    { name: `DOCX nested ${depth} levels`, bytes: () => nestedDocx(depth), status: 422, limit: "xml.depth" },
  ]),
  { name: "DOCX whose document.xml inflates to 150 MB", bytes: () => docxOfSize(150 * MB), status: 413, limit: "zip.entryBytes" },
  { name: "XLSX holding one 150 MB cell", bytes: () => xlsxWithCell(150 * MB), status: 413, limit: "zip.entryBytes" },
  { name: "DOCX declaring 1 KB, inflating to 150 MB", bytes: () => docxOfSize(150 * MB, 1_000), status: 413, limit: "zip.entryBytes" },
  { name: "XLSX declaring a 1 KB cell, inflating to 150 MB", bytes: () => xlsxWithCell(150 * MB, 1_000), status: 413, limit: "zip.entryBytes" },
  { name: "XLSX holding one 40,000-character cell", bytes: () => xlsxWithCell(40_000), status: 422, limit: "spreadsheet.cellChars" },
];
