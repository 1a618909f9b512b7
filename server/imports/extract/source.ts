// The document's text with positions, from wherever it is: a PDF's own text layer (text-layer.ts,
// read in the OCR workers), OCR for images and PDFs without text, or plain text as it is. What
// comes out is one Layout (layout.ts) for the rules and the providers.
import type { OcrCall, OcrEngine, OcrResult } from "../ocr/engine.ts";
import { layoutOf, layoutOfText, OCR_GROUPING, PDF_GROUPING, type Fragment, type Layout, type PageStrips } from "./layout.ts";

export type SourceKind = "pdf" | "png" | "jpeg" | "text";

export type SourceDocument = {
  kind: SourceKind;
  layout: Layout;
  /** True when the text came from the PDF's own text layer. */
  text_layer: boolean;
  /** OCR's mean word confidence (0..100) when OCR read the text, else null. */
  ocr_confidence: number | null;
};

/** Fewer characters than this on average per page: a scan (perhaps with a stamped line of text), read by OCR. */
const MIN_TEXT_PER_PAGE = 40;

/** `call`: whose document it is and when to give up (the client went away), for the OCR workers. */
export async function readSource(ocr: OcrEngine, bytes: Uint8Array, kind: SourceKind, call: OcrCall = {}): Promise<SourceDocument> {
  if (kind === "text") return { kind, layout: layoutOfText(decodeText(bytes)), text_layer: false, ocr_confidence: null };
  if (kind === "pdf") {
    const pages = await ocr.textLayer(bytes, call);
    const characters = pages.reduce((sum, page) => sum + page.strips.reduce((count, strip) => count + strip.reduce((n, fragment) => n + fragment.text.trim().length, 0), 0), 0);
    if (pages.length > 0 && characters / pages.length >= MIN_TEXT_PER_PAGE) {
      return { kind, layout: layoutOf(pages, PDF_GROUPING), text_layer: true, ocr_confidence: null };
    }
  }
  const result = await ocr.recognize(bytes, kind, call);
  return { kind, layout: layoutOf(ocrPages(result), OCR_GROUPING), text_layer: false, ocr_confidence: result.confidence };
}

function decodeText(bytes: Uint8Array): string {
  return new TextDecoder("utf-8").decode(bytes).replace(/^\uFEFF/, "");
}

/**
 * OCR lines as strips of words, with the page's skew taken out: a scan turned by a degree moves a
 * line's right end a dozen pixels, enough to drop a row's amount onto the next row, and a column's
 * foot as far sideways, enough to move an amount out of its column. (OCR reads a straightened copy,
 * but its boxes are the caller's, on the page as it lies.) The skew is the median slope of the
 * words' bottoms along the lines, and each box is turned back by it (small angles: a shear along
 * each axis). A fragment's size is its line's font size, from the median height of its words: a
 * line's own box grows with the skew and with whatever OCR joined into it, and would make column
 * gaps look like spaces between words.
 */
function ocrPages(result: OcrResult): PageStrips[] {
  return result.pages.map((page) => {
    const boxes = page.lines.map((line) => line.bbox);
    const slope = skewOf(wordsByLine(page.words, boxes, 0));
    const strips = wordsByLine(page.words, boxes, slope).map((words) => {
      const size = median(words.map((word) => word.bbox.y1 - word.bbox.y0)) / WORD_HEIGHT;
      return words.map((word): Fragment => {
        const down = slope * ((word.bbox.x0 + word.bbox.x1) / 2);
        const across = slope * ((word.bbox.y0 + word.bbox.y1) / 2);
        const { x0, x1, y0, y1 } = word.bbox;
        return { text: word.text, x0: x0 + across, x1: x1 + across, top: y0 - down, bottom: y1 - down, size, confidence: word.confidence / 100 };
      });
    });
    return { page: page.number, strips };
  });
}

/** A word's box is about this share of the font size (capitals and ascenders; descenders add to some). */
const WORD_HEIGHT = 0.75;

type Box = { x0: number; y0: number; x1: number; y1: number };
type Word = { text: string; confidence: number; bbox: Box };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * Each word under the line whose box holds its centre (the OCR result lists words and lines side
 * by side); where the boxes of a skewed page overlap, the line whose middle, followed along the
 * page's `slope` to the word, passes nearest.
 */
function wordsByLine(words: readonly Word[], lines: readonly Box[], slope: number): Word[][] {
  const grouped: Word[][] = lines.map(() => []);
  const offset = (box: Box, x: number, y: number): number => Math.abs((box.y0 + box.y1) / 2 + slope * (x - (box.x0 + box.x1) / 2) - y);
  for (const word of words) {
    if (word.text.trim() === "") continue;
    const x = (word.bbox.x0 + word.bbox.x1) / 2;
    const y = (word.bbox.y0 + word.bbox.y1) / 2;
    let best = -1;
    lines.forEach((box, index) => {
      if (x < box.x0 || x > box.x1 || y < box.y0 || y > box.y1) return;
      const current = lines[best];
      if (!current || offset(box, x, y) < offset(current, x, y)) best = index;
    });
    grouped[best]?.push(word);
  }
  return grouped;
}

function skewOf(lines: Word[][]): number {
  const slopes = lines
    .filter((words) => words.length >= 3)
    .map((words) => {
      const points = words.map((word) => ({ x: (word.bbox.x0 + word.bbox.x1) / 2, y: word.bbox.y1 }));
      const meanX = points.reduce((sum, point) => sum + point.x, 0) / points.length;
      const meanY = points.reduce((sum, point) => sum + point.y, 0) / points.length;
      const spread = points.reduce((sum, point) => sum + (point.x - meanX) ** 2, 0);
      return spread === 0 ? 0 : points.reduce((sum, point) => sum + (point.x - meanX) * (point.y - meanY), 0) / spread;
    });
  return median(slopes);
}
