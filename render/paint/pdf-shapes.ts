// Rectangles, rules and images as content-stream operators, converted from the layout's top-left
// origin to the PDF's bottom-left one. A run of plain fills (layout/fill-runs.ts) is one path with
// one fill: the payment QR code's ~450 rects are one `re … re f` (nonzero winding: the union of the
// rects, with no seams where they touch). Images are embedded once per document for each distinct
// content (a logo repeated on every page is one XObject), found by a SHA-256 of the bytes.
import type { PDFDocument, PDFImage, PDFPageLeaf } from "pdf-lib";
import type { ImageBox, LineBox, RectBox } from "../layout/boxes.ts";
import { fillColour, lineWidth, num, strokeColour, type GraphicsState } from "./pdf-operators.ts";

/** The rect's path, its corner measured from (`originX`, `originY`) in PDF space. */
const rectPath = (box: RectBox, pageHeight: number, originX = 0, originY = 0): string =>
  `${num(box.x - originX)} ${num(pageHeight - box.y - box.height - originY)} ${num(box.width)} ${num(box.height)} re`;

/**
 * Plain-fill rects of one colour as one path and one fill. Several are drawn from the first one's
 * corner: a QR code's modules then measure in whole points ("24 58 6 2 re"), a third of the bytes.
 */
export function fillOperators(boxes: readonly RectBox[], pageHeight: number, state: GraphicsState): string[] {
  const [first] = boxes;
  if (!first?.fill) return [];
  if (boxes.length === 1) return [...fillColour(state, first.fill), rectPath(first, pageHeight), "f"];
  const [x, y] = [first.x, pageHeight - first.y - first.height];
  return [...fillColour(state, first.fill), "q", `1 0 0 1 ${num(x)} ${num(y)} cm`, ...boxes.map((box) => rectPath(box, pageHeight, x, y)), "f", "Q"];
}

/** A rect with a stroke (centred on its edge, as PDF strokes are), and its fill if it has one. */
export function rectOperators(box: RectBox, pageHeight: number, state: GraphicsState): string[] {
  if (box.stroke === null || box.strokeWidth <= 0) return box.fill === null ? [] : fillOperators([box], pageHeight, state);
  const fill = box.fill === null ? [] : fillColour(state, box.fill);
  return [...fill, ...strokeColour(state, box.stroke), ...lineWidth(state, box.strokeWidth), rectPath(box, pageHeight), box.fill === null ? "S" : "B"];
}

/** A rule with butt caps, PDF's default. */
export function lineOperators(box: LineBox, pageHeight: number, state: GraphicsState): string[] {
  return [...strokeColour(state, box.color), ...lineWidth(state, box.width), `${num(box.x1)} ${num(pageHeight - box.y1)} m`, `${num(box.x2)} ${num(pageHeight - box.y2)} l`, "S"];
}

/** The document's images by content digest, so identical bytes are embedded once. */
export type ImageCache = { doc: PDFDocument; byDigest: Map<string, Promise<PDFImage>> };

/** An image scaled into its frame, named in the page's resources. */
export async function imageOperators(box: ImageBox, pageHeight: number, page: PDFPageLeaf, cache: ImageCache): Promise<string[]> {
  const image = await embeddedImage(box, cache);
  const name = page.newXObject("Image", image.ref).asString();
  return ["q", `${num(box.width)} 0 0 ${num(box.height)} ${num(box.x)} ${num(pageHeight - box.y - box.height)} cm`, `${name} Do`, "Q"];
}

async function embeddedImage(box: ImageBox, cache: ImageCache): Promise<PDFImage> {
  // A copy: WebCrypto takes no view of a SharedArrayBuffer, and a logo is a few kilobytes.
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new Uint8Array(box.bytes)));
  const key = `${box.format}:${Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
  let image = cache.byDigest.get(key);
  if (!image) {
    image = box.format === "png" ? cache.doc.embedPng(box.bytes) : cache.doc.embedJpg(box.bytes);
    cache.byDigest.set(key, image);
  }
  return image;
}
