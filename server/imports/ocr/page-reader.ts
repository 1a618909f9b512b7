// Reading one page image with tesseract.js (Tesseract compiled to WebAssembly), inside an OCR worker
// (ocr-worker.ts): the trained data shipped on npm (@tesseract.js-data/eng, deu, fra: the "best_int"
// LSTM models), so nothing is downloaded at run time. Each OCR worker holds one Tesseract, started
// on its first page (about a second) and kept; it runs in a thread of the OCR worker's own, which
// ends with it when the pool stops that worker. The page is evened, straightened and enlarged to
// about 300 dpi first (pixels.ts); the boxes handed back are in the caller's pixels.
import { Buffer } from "node:buffer";
import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import Tesseract from "tesseract.js";
import type { OcrBox, OcrLine, OcrPage, OcrWord } from "./engine.ts";
import { prepareForOcr, toPgm, type GreyImage, type OcrImage } from "./pixels.ts";

const require = createRequire(import.meta.url);

/**
 * Tesseract reads every language from one folder (`langPath`), and each npm package keeps its own:
 * the languages are copied into a private temporary folder once per start. (Handing the data over
 * in memory, which tesseract.js offers, fails in 7.0.0: it initializes with the bytes as the name.)
 */
async function languageFolder(languages: readonly string[]): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), "invoicing-ocr-"));
  for (const language of languages) {
    const source = join(dirname(require.resolve(`@tesseract.js-data/${language}/package.json`)), "4.0.0_best_int", `${language}.traineddata.gz`);
    await copyFile(source, join(folder, `${language}.traineddata.gz`));
  }
  return folder;
}

async function startTesseract(languages: readonly string[]): Promise<Tesseract.Worker> {
  const langPath = await languageFolder(languages);
  try {
    // cacheMethod "none": the worker reads the data once and writes no cache beside the process.
    return await Tesseract.createWorker([...languages], Tesseract.OEM.LSTM_ONLY, { langPath, cacheMethod: "none", gzip: true });
  } finally {
    // The worker has read its languages by now; the copies are not needed again.
    await rm(langPath, { recursive: true, force: true });
  }
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

function callerBox(box: OcrBox, prepared: OcrImage): OcrBox {
  const { x0, y0, x1, y1 } = prepared.toCaller(box);
  return { x0: round(x0), y0: round(y0), x1: round(x1), y1: round(y1) };
}

/** Tesseract's blocks → paragraphs → lines → words, flattened to lines and words in the caller's pixels. */
function pageOf(number: number, image: GreyImage, prepared: OcrImage, data: Tesseract.Page): OcrPage {
  const lines: OcrLine[] = [];
  const words: OcrWord[] = [];
  for (const block of data.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const text = line.text.trim();
        if (text === "") continue;
        lines.push({ text, confidence: round(line.confidence), bbox: callerBox(line.bbox, prepared) });
        for (const word of line.words) {
          if (word.text.trim() === "") continue;
          words.push({ text: word.text, confidence: round(word.confidence), bbox: callerBox(word.bbox, prepared) });
        }
      }
    }
  }
  return { number, width: image.width, height: image.height, text: data.text, confidence: round(data.confidence), lines, words };
}

let tesseract: Promise<Tesseract.Worker> | null = null;

/** Page `number`'s text, lines and words, read from its image with the worker's Tesseract. */
export async function readPage(number: number, image: GreyImage, languages: readonly string[]): Promise<OcrPage> {
  tesseract ??= startTesseract(languages).catch((error: unknown) => {
    tesseract = null;
    throw error;
  });
  const prepared = prepareForOcr(image);
  const { data } = await (await tesseract).recognize(Buffer.from(toPgm(prepared.image).buffer), {}, { text: true, blocks: true });
  return pageOf(number, image, prepared, data);
}
