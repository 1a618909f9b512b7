// OCR: tesseract.js (Tesseract compiled to WebAssembly) with the trained data shipped on npm
// (@tesseract.js-data/eng, deu, fra: the "best_int" LSTM models), so nothing is downloaded at run
// time. A pool of workers, each holding every language configured (languages.ts), is started on the first call and reused
// (starting one costs about a second; reading a page a few); calls beyond the pool wait in its queue.
// Images are read as grey pixels, evened, straightened and enlarged to about 300 dpi first
// (pixels.ts); the boxes handed back are in the caller's pixels. A PDF without text is read through its scanned page images
// (pdf-images.ts).
import { Buffer } from "node:buffer";
import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import Tesseract from "tesseract.js";
import { DEFAULT_OCR_LANGUAGES, type OcrLanguage } from "../../domain/ocr-languages.ts";
import { pdfPageImages } from "./pdf-images.ts";
import { jpegToGrey, pngToGrey, prepareForOcr, toPgm, type GreyImage, type OcrImage } from "./pixels.ts";

export type OcrBox = { x0: number; y0: number; x1: number; y1: number };
export type OcrWord = { text: string; confidence: number; bbox: OcrBox };
export type OcrLine = { text: string; confidence: number; bbox: OcrBox };
export type OcrPage = { number: number; width: number; height: number; text: string; confidence: number; lines: OcrLine[]; words: OcrWord[] };
/** Confidences are Tesseract's, 0..100; boxes are pixels of the image (of the page's scan, for a PDF). */
export type OcrResult = { text: string; confidence: number; pages: OcrPage[] };

export type OcrKind = "png" | "jpeg" | "pdf";

export type OcrEngine = {
  /** The trained languages every call reads with. */
  languages: readonly string[];
  recognize(bytes: Uint8Array, kind: OcrKind): Promise<OcrResult>;
  /** Stops the workers; a later call starts them again. */
  close(): Promise<void>;
};

export type OcrEngineOptions = { workers: number; languages?: readonly OcrLanguage[] };

const require = createRequire(import.meta.url);

/**
 * Tesseract reads every language from one folder (`langPath`), and each npm package keeps its own:
 * the languages are copied into a private temporary folder once per engine start. (Handing the data
 * over in memory, which tesseract.js offers, fails in 7.0.0: it initializes with the bytes as the name.)
 */
async function languageFolder(languages: readonly string[]): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), "invoicing-ocr-"));
  for (const language of languages) {
    const source = join(dirname(require.resolve(`@tesseract.js-data/${language}/package.json`)), "4.0.0_best_int", `${language}.traineddata.gz`);
    await copyFile(source, join(folder, `${language}.traineddata.gz`));
  }
  return folder;
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

export function createOcrEngine(options: OcrEngineOptions): OcrEngine {
  const languages = options.languages ?? DEFAULT_OCR_LANGUAGES;
  let scheduler: Promise<Tesseract.Scheduler> | null = null;

  async function start(): Promise<Tesseract.Scheduler> {
    const langPath = await languageFolder(languages);
    try {
      const pool = Tesseract.createScheduler();
      const workers = await Promise.all(
        // cacheMethod "none": each worker reads the data once and writes no cache beside the process.
        Array.from({ length: options.workers }, () => Tesseract.createWorker([...languages], Tesseract.OEM.LSTM_ONLY, { langPath, cacheMethod: "none", gzip: true })),
      );
      for (const worker of workers) pool.addWorker(worker);
      return pool;
    } finally {
      // Every worker has read its languages by now; the copies are not needed again.
      await rm(langPath, { recursive: true, force: true });
    }
  }

  function pool(): Promise<Tesseract.Scheduler> {
    scheduler ??= start().catch((error: unknown) => {
      scheduler = null;
      throw error;
    });
    return scheduler;
  }

  async function readPage(number: number, image: GreyImage): Promise<OcrPage> {
    const prepared = prepareForOcr(image);
    const { data } = await (await pool()).addJob("recognize", Buffer.from(toPgm(prepared.image).buffer), {}, { text: true, blocks: true });
    return pageOf(number, image, prepared, data);
  }

  return {
    languages,
    async recognize(bytes, kind) {
      const pages =
        kind === "pdf"
          ? await Promise.all((await pdfPageImages(bytes)).map(({ page, image }) => readPage(page, image)))
          : [await readPage(1, kind === "png" ? pngToGrey(bytes) : jpegToGrey(bytes))];
      const words = pages.flatMap((page) => page.words);
      // A page without words is an answer (an empty text), not an error; its confidence is 0.
      const confidence = words.length === 0 ? 0 : words.reduce((sum, word) => sum + word.confidence, 0) / words.length;
      return { text: pages.map((page) => page.text.trimEnd()).join("\n\n"), confidence: round(confidence), pages };
    },
    async close() {
      const running = scheduler;
      scheduler = null;
      if (running) await (await running.catch(() => null))?.terminate();
    },
  };
}
