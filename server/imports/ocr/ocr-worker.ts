// The OCR workers' entry: a scanned PDF's planning (its pages counted and their images' pixels
// summed before any is decoded), one page's decoding and reading, and a PDF's text layer, each a
// job of its own, so the pool (engine.ts) serves accounts page by page in turn and can stop a
// document's work, worker and all, when its caller goes away or it runs past its wall time.
import { serveJobs } from "../../../render/worker-protocol.ts";
import { pdfTextLayer } from "../extract/text-layer.ts";
import type { OcrKind } from "./engine.ts";
import { readPage } from "./page-reader.ts";
import { pageImage, planPageImages, type PagePlan } from "./pdf-images.ts";
import { jpegToGrey, pngToGrey, type GreyImage } from "./pixels.ts";

/**
 * `document` names one call's document, so a worker plans a PDF once for all the pages it reads of
 * it. Import this module only as a type.
 */
export type OcrJob =
  | { task: "plan"; document: string; bytes: Uint8Array }
  | { task: "page"; document: string; bytes: Uint8Array; kind: OcrKind; page: number; languages: readonly string[] }
  | { task: "text"; bytes: Uint8Array };

/** The last PDF planned here: the pages of one document are read one after another. */
let planned: { document: string; plan: PagePlan } | null = null;

async function planOf(document: string, bytes: Uint8Array): Promise<PagePlan> {
  if (planned?.document !== document) planned = { document, plan: await planPageImages(bytes) };
  return planned.plan;
}

async function imageOf(job: Extract<OcrJob, { task: "page" }>): Promise<GreyImage> {
  if (job.kind === "png") return pngToGrey(job.bytes);
  if (job.kind === "jpeg") return jpegToGrey(job.bytes);
  const plan = await planOf(job.document, job.bytes);
  const page = plan.pages.find((candidate) => candidate.page === job.page);
  if (!page) throw new RangeError(`page ${job.page} was not planned`);
  return pageImage(plan, page);
}

async function run(job: OcrJob): Promise<unknown> {
  if (job.task === "plan") return (await planOf(job.document, job.bytes)).pages.map((page) => page.page);
  if (job.task === "text") return pdfTextLayer(job.bytes);
  return readPage(job.page, await imageOf(job), job.languages);
}

serveJobs(run);
