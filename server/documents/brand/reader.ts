// Brand extraction's reading, in a worker of the extraction's own (read-worker.ts) so a hostile
// page never holds the request thread. Its readings, with the worker's start, share one wall-time
// budget (brandPage.wallMs, ADR 0036); a reading that runs past what is left of it is a 422 naming
// brandPage.wallMs and the URL, and its worker is terminated at once (else when the extraction
// ends). Fetching is not counted: BRAND_FETCH_TIMEOUT_MS bounds it apart, so an extraction lasts at
// most the two together.
import { DOCUMENT_BUDGETS, overBudget } from "../../domain/document-budgets.ts";
import { createWorkerPool } from "../render-pool.ts";
import type { BrandFacts, BrandSources } from "./brand.ts";
import type { PageFacts } from "./page.ts";
import type { BrandJob } from "./read-worker.ts";

const BRAND_WORKER = new URL("./read-worker.ts", import.meta.url);

export type BrandReader = {
  page(html: string, pageUrl: string): Promise<PageFacts>;
  /** The @import references of each stylesheet, in order. */
  imports(sheets: string[]): Promise<string[][]>;
  brand(sources: Omit<BrandSources, "stylesheets"> & { stylesheets: string[] }): Promise<BrandFacts>;
  close(): Promise<void>;
};

/** A reader for the extraction of `url`; `wallMs` is its reading budget (the document budget's unless a test says less). */
export function openBrandReader(url: string, wallMs: number = DOCUMENT_BUDGETS.brandPage.wallMs): BrandReader {
  // One worker, no queue; the pool's own job limit is only a backstop behind the budget below.
  const pool = createWorkerPool<BrandJob>(BRAND_WORKER, { size: 1, jobTimeoutMs: wallMs + 1000 });
  let spentMs = 0;

  async function read<T>(job: BrandJob): Promise<T> {
    const started = performance.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const outOfTime = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        // Refused first, so the race settles on the budget and not on the stopped worker's error.
        reject(overBudget("brandPage", "wallMs", Math.round(spentMs + performance.now() - started), url));
        void pool.close();
      }, Math.max(0, wallMs - spentMs));
    });
    try {
      return await Promise.race([pool.run<T>(job), outOfTime]);
    } finally {
      clearTimeout(timer);
      spentMs += performance.now() - started;
    }
  }

  return {
    page: (html, pageUrl) => read<PageFacts>({ kind: "page", html, pageUrl }),
    imports: (sheets) => read<string[][]>({ kind: "imports", sheets }),
    brand: (sources) => read<BrandFacts>({ kind: "brand", sources }),
    close: () => pool.close(),
  };
}
