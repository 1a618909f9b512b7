// OCR and the reading of PDFs, off the request thread: a pool of OCR workers (ocr-worker.ts, a
// Web Worker each holding one Tesseract, page-reader.ts) shared by every account. Images are read
// as grey pixels, evened, straightened and enlarged to about 300 dpi first (pixels.ts); a PDF
// without text is read through its scanned page images (pdf-images.ts); the boxes handed back are in
// the caller's pixels.
// What one document may cost is held to its budget (server/domain/document-budgets.ts, ADR 0036):
// - a PDF is planned first, in a worker: its pages counted and its images' pixels summed from their
//   declared sizes before any is decoded; an image is refused from its header;
// - then each page is a job of its own, decoded and read one at a time, and the pool serves the
//   accounts' waiting jobs in turn (server/documents/render-pool.ts), so another account's one-line
//   OCR waits for one page, never for a whole document;
// - a document has a wall time (pdf.wallMs, image.wallMs) and follows its caller's signal (the
//   client went away, the MCP call was cancelled): either stops the job under way with its worker,
//   which the pool replaces, and queues no further page. Bun ignores worker memory limits
//   (resourceLimits), so memory is bounded by the budgets and by decoding one page at a time.
import { DOCUMENT_BUDGETS, overBudget } from "../../domain/document-budgets.ts";
import { DEFAULT_OCR_LANGUAGES, type OcrLanguage } from "../../domain/ocr-languages.ts";
import type { ProgressReporter } from "../../domain/progress.ts";
import { abandoned, createWorkerPool, type PoolStats } from "../../documents/render-pool.ts";
import { deadline, systemWallClock, type WallClock } from "../../documents/deadline.ts";
import type { PageStrips } from "../extract/layout.ts";
import type { OcrJob } from "./ocr-worker.ts";

export type OcrBox = { x0: number; y0: number; x1: number; y1: number };
export type OcrWord = { text: string; confidence: number; bbox: OcrBox };
export type OcrLine = { text: string; confidence: number; bbox: OcrBox };
export type OcrPage = { number: number; width: number; height: number; text: string; confidence: number; lines: OcrLine[]; words: OcrWord[] };
/** Confidences are Tesseract's, 0..100; boxes are pixels of the image (of the page's scan, for a PDF). */
export type OcrResult = { text: string; confidence: number; pages: OcrPage[] };

export type OcrKind = "png" | "jpeg" | "pdf";

/** Whose document it is (an account id; "" for none), when to give up, and where to say how far it got. */
export type OcrCall = { owner?: string; signal?: AbortSignal; progress?: ProgressReporter };

export type OcrEngine = {
  /** The trained languages every call reads with. */
  languages: readonly string[];
  recognize(bytes: Uint8Array, kind: OcrKind, call?: OcrCall): Promise<OcrResult>;
  /** A PDF's own text layer, every page's text items with positions. */
  textLayer(bytes: Uint8Array, call?: OcrCall): Promise<PageStrips[]>;
  /** The workers' state now: started, busy, and jobs waiting. */
  stats(): PoolStats;
  /** Stops the workers; a later call starts them again. */
  close(): Promise<void>;
};

export type OcrEngineOptions = { workers: number; languages?: readonly OcrLanguage[]; clock?: WallClock };

const OCR_WORKER = new URL("./ocr-worker.ts", import.meta.url);

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

export function createOcrEngine(options: OcrEngineOptions): OcrEngine {
  const languages = options.languages ?? DEFAULT_OCR_LANGUAGES;
  const clock = options.clock ?? systemWallClock;
  // No single job may outlast a whole document's wall time.
  let pool = createWorkerPool<OcrJob>(OCR_WORKER, { size: options.workers, jobTimeoutMs: DOCUMENT_BUDGETS.pdf.wallMs });

  /** Runs the document's jobs under its signal; the first to fail stops the others. */
  async function within<T>(call: OcrCall, reader: "pdf" | "image", work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const document = deadline(clock, DOCUMENT_BUDGETS[reader].wallMs, (spent) => overBudget(reader, "wallMs", spent, "Reading the document took"), call.signal);
    try {
      return await work(document.signal);
    } catch (error) {
      document.fail(error);
      throw error;
    } finally {
      document.end();
    }
  }

  async function recognize(bytes: Uint8Array, kind: OcrKind, call: OcrCall = {}): Promise<OcrResult> {
    const owner = call.owner ?? "";
    const document = crypto.randomUUID();
    const pages = await within(call, kind === "pdf" ? "pdf" : "image", async (signal) => {
      const numbers = kind === "pdf" ? await pool.run<number[]>({ task: "plan", document, bytes }, owner, signal) : [1];
      const read: OcrPage[] = [];
      let next = 0;
      // As many pages at once as there are workers; each waits its turn among the accounts.
      const reader = async (): Promise<void> => {
        while (next < numbers.length) {
          if (signal.aborted) throw abandoned(signal);
          const index = next++;
          read[index] = await pool.run<OcrPage>({ task: "page", document, bytes, kind, page: numbers[index]!, languages }, owner, signal);
          call.progress?.(read.filter(Boolean).length, numbers.length, `read page ${numbers[index]}`);
        }
      };
      await Promise.all(Array.from({ length: Math.min(pool.size, numbers.length) }, reader));
      return read;
    });
    const words = pages.flatMap((page) => page.words);
    // A page without words is an answer (an empty text), not an error; its confidence is 0.
    const confidence = words.length === 0 ? 0 : words.reduce((sum, word) => sum + word.confidence, 0) / words.length;
    return { text: pages.map((page) => page.text.trimEnd()).join("\n\n"), confidence: round(confidence), pages };
  }

  return {
    languages,
    recognize,
    textLayer: (bytes, call = {}) => within(call, "pdf", (signal) => pool.run<PageStrips[]>({ task: "text", bytes }, call.owner ?? "", signal)),
    stats: () => pool.stats(),
    async close() {
      const closing = pool;
      pool = createWorkerPool<OcrJob>(OCR_WORKER, { size: options.workers, jobTimeoutMs: DOCUMENT_BUDGETS.pdf.wallMs });
      await closing.close();
    },
  };
}
