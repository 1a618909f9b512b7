// A scanned PDF is a picture per page: the scanner's JPEG (DCTDecode) or its pixels deflated
// (FlateDecode). Reading them out of the file is enough to OCR it; nothing is rasterized. Each page
// gives its largest image (a scan sometimes carries a small stamp or logo beside it); a page with
// none is skipped. Encodings a scan rarely uses here (CCITT fax, JBIG2, JPEG 2000, indexed colour)
// are named in a clear refusal rather than read wrong.
// The pages are planned before any is decoded: their number, and each page image's pixels and all
// of them together (one image object drawn on every page counts on every page), are held to the
// PDF budget from the images' declared sizes; then one page is decoded at a time, as OCR reads it.
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, type PDFObject, type PDFPage } from "pdf-lib";
import { DOCUMENT_BUDGETS, overBudget } from "../../domain/document-budgets.ts";
import { AppError } from "../../domain/errors.ts";
import { checkImageSize, jpegToGrey, luma, type GreyImage } from "./pixels.ts";

/** A page to read: its number (from 1) and the image that is its scan, not yet decoded. */
export type PlannedPage = { page: number; stream: PDFRawStream };
export type PagePlan = { document: PDFDocument; pages: PlannedPage[] };

const refusal = (issue: string, message: string): AppError => new AppError("VALIDATION_ERROR", message, { field: "content", issue });

/** The PDF parsed (no stream decoded) and its pages counted against the budget. */
async function loadPdf(bytes: Uint8Array): Promise<{ document: PDFDocument; pages: PDFPage[] }> {
  let document: PDFDocument;
  let pages: PDFPage[];
  try {
    document = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    // pdf-lib loads a file with no page tree without complaint and fails on asking for its pages.
    pages = document.getPages();
  } catch {
    throw refusal("unreadable PDF", "content is not a readable PDF");
  }
  if (pages.length > DOCUMENT_BUDGETS.pdf.pages) throw overBudget("pdf", "pages", pages.length, `The PDF has ${pages.length} pages`);
  return { document, pages };
}

/** Every page's largest image, in page order, within the PDF's pixel budgets; nothing decoded yet. */
export async function planPageImages(bytes: Uint8Array): Promise<PagePlan> {
  const { document, pages } = await loadPdf(bytes);
  const planned: PlannedPage[] = [];
  let pixelsInAll = 0;
  pages.forEach((page, index) => {
    const streams = imageStreams(document, page.node.Resources());
    const largest = streams.sort((a, b) => area(b) - area(a))[0];
    if (!largest) return;
    const pixels = area(largest);
    const size = `${numberOf(largest.dict, "Width")}×${numberOf(largest.dict, "Height")}`;
    if (pixels > DOCUMENT_BUDGETS.pdf.pixelsPerPage) throw overBudget("pdf", "pixelsPerPage", pixels, `Page ${index + 1}'s image is ${size} pixels`);
    pixelsInAll += pixels;
    if (pixelsInAll > DOCUMENT_BUDGETS.pdf.pixelsInAll) throw overBudget("pdf", "pixelsInAll", pixelsInAll, `The page images up to page ${index + 1} hold ${pixelsInAll} pixels`);
    planned.push({ page: index + 1, stream: largest });
  });
  if (planned.length === 0) throw refusal("no page images", "The PDF has no text and no scanned page images to read");
  return { document, pages: planned };
}

/** One planned page's image, as grey pixels. */
export function pageImage(plan: PagePlan, page: PlannedPage): GreyImage {
  return greyOf(plan.document, page.stream);
}

function area(stream: PDFRawStream): number {
  return numberOf(stream.dict, "Width") * numberOf(stream.dict, "Height");
}

function numberOf(dict: PDFDict, key: string): number {
  return dict.lookupMaybe(PDFName.of(key), PDFNumber)?.asNumber() ?? 0;
}

/** The page's image XObjects (one level: a scan is drawn straight onto its page). */
function imageStreams(document: PDFDocument, resources: PDFDict | undefined): PDFRawStream[] {
  const xobjects = resources?.lookupMaybe(PDFName.of("XObject"), PDFDict);
  if (!xobjects) return [];
  return xobjects
    .entries()
    .map(([, reference]) => document.context.lookup(reference))
    .filter((object): object is PDFRawStream => object instanceof PDFRawStream && object.dict.get(PDFName.of("Subtype")) === PDFName.of("Image"));
}

function filtersOf(dict: PDFDict): string[] {
  const filter = dict.lookup(PDFName.of("Filter"));
  if (filter instanceof PDFName) return [filter.decodeText()];
  if (filter instanceof PDFArray) return filter.asArray().map((name) => (name instanceof PDFName ? name.decodeText() : String(name)));
  return [];
}

/** Colour components per sample: Gray 1, RGB 3, CMYK 4, ICCBased its N. */
function componentsOf(document: PDFDocument, space: PDFObject | undefined): number {
  const resolved = space === undefined ? undefined : document.context.lookup(space);
  if (resolved instanceof PDFName) {
    const components: Record<string, number> = { DeviceGray: 1, CalGray: 1, DeviceRGB: 3, CalRGB: 3, DeviceCMYK: 4 };
    const count = components[resolved.decodeText()];
    if (count) return count;
  }
  if (resolved instanceof PDFArray && resolved.get(0) === PDFName.of("ICCBased")) {
    const profile = document.context.lookup(resolved.get(1));
    const count = profile instanceof PDFRawStream ? numberOf(profile.dict, "N") : 0;
    if (count) return count;
  }
  throw refusal("unsupported image", "The scanned page's colour space is not one OCR reads here (Gray, RGB, CMYK or ICC-based)");
}

function greyOf(document: PDFDocument, stream: PDFRawStream): GreyImage {
  const width = numberOf(stream.dict, "Width");
  const height = numberOf(stream.dict, "Height");
  checkImageSize(width, height);
  const filters = filtersOf(stream.dict);
  if (filters.length === 1 && filters[0] === "DCTDecode") return jpegToGrey(stream.contents);
  const unsupported = filters.find((filter) => !["FlateDecode", "LZWDecode", "ASCII85Decode", "ASCIIHexDecode", "RunLengthDecode"].includes(filter));
  if (unsupported) throw refusal("unsupported image", `The scanned page's image is encoded with ${unsupported}, which OCR does not read here; send it as PNG or JPEG`);
  const parameters = stream.dict.lookupMaybe(PDFName.of("DecodeParms"), PDFDict);
  if (parameters && numberOf(parameters, "Predictor") > 1) throw refusal("unsupported image", "The scanned page's image uses a prediction filter OCR does not read here; send it as PNG or JPEG");
  const bits = numberOf(stream.dict, "BitsPerComponent") || 8;
  const mask = stream.dict.get(PDFName.of("ImageMask"));
  const components = mask ? 1 : componentsOf(document, stream.dict.get(PDFName.of("ColorSpace")));
  if (bits !== 8 && bits !== 1) throw refusal("unsupported image", `The scanned page's image has ${bits} bits per sample; OCR reads 1 or 8`);
  let samples: Uint8Array;
  try {
    samples = decodePDFRawStream(stream).decode();
  } catch {
    throw refusal("unreadable PDF", "A scanned page's image could not be decoded");
  }
  const rowBytes = Math.ceil((width * components * bits) / 8);
  if (samples.byteLength < rowBytes * height) throw refusal("unreadable PDF", "A scanned page's image is shorter than its size says");
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (bits === 1) {
        // 1-bit samples: 0 is black (an image mask paints its 1s, so its 0s are the paper).
        const bit = (samples[y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1;
        data[y * width + x] = mask ? (bit ? 0 : 255) : bit ? 255 : 0;
        continue;
      }
      const at = y * rowBytes + x * components;
      if (components === 1) data[y * width + x] = samples[at]!;
      else if (components === 3) data[y * width + x] = Math.round(luma(samples[at]!, samples[at + 1]!, samples[at + 2]!));
      else data[y * width + x] = Math.round((255 - Math.min(255, samples[at]! + samples[at + 3]!) + 255 - Math.min(255, samples[at + 1]! + samples[at + 3]!) + 255 - Math.min(255, samples[at + 2]! + samples[at + 3]!)) / 3);
    }
  }
  return { width, height, data };
}
