// Rectangles, rules and images through pdf-lib's drawing calls, converted from the layout's
// top-left origin to the PDF's bottom-left one. Images are embedded once per document for each
// distinct content (a logo repeated on every page is one XObject), found by a SHA-256 of the bytes.
import { rgb, type PDFDocument, type PDFImage, type PDFPage, type RGB } from "pdf-lib";
import type { ImageBox, LineBox, RectBox, Rgb } from "../layout/boxes.ts";

const HEX_COLOUR = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i;

/** #rrggbb as red, green and blue between 0 and 1. */
export function rgbOf(colour: Rgb): [number, number, number] {
  const match = HEX_COLOUR.exec(colour);
  if (!match) throw new Error(`not a #rrggbb colour: ${colour}`);
  return [1, 2, 3].map((group) => Number.parseInt(match[group] as string, 16) / 255) as [number, number, number];
}

function colourOf(colour: Rgb): RGB {
  return rgb(...rgbOf(colour));
}

export function drawRect(page: PDFPage, box: RectBox): void {
  if (box.fill === null && box.stroke === null) return;
  page.drawRectangle({
    x: box.x,
    y: page.getHeight() - box.y - box.height,
    width: box.width,
    height: box.height,
    ...(box.fill === null ? {} : { color: colourOf(box.fill) }),
    ...(box.stroke === null ? {} : { borderColor: colourOf(box.stroke), borderWidth: box.strokeWidth }),
  });
}

export function drawLine(page: PDFPage, box: LineBox): void {
  const height = page.getHeight();
  page.drawLine({
    start: { x: box.x1, y: height - box.y1 },
    end: { x: box.x2, y: height - box.y2 },
    thickness: box.width,
    color: colourOf(box.color),
  });
}

/** The document's images by content digest, so identical bytes are embedded once. */
export type ImageCache = { doc: PDFDocument; byDigest: Map<string, Promise<PDFImage>> };

export async function drawImage(page: PDFPage, box: ImageBox, cache: ImageCache): Promise<void> {
  const image = await embeddedImage(box, cache);
  page.drawImage(image, { x: box.x, y: page.getHeight() - box.y - box.height, width: box.width, height: box.height });
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
