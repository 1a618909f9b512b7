// Brand extraction's reading, in the brand pool's workers (read-worker.ts) so a hostile page never
// holds the request thread. The pool is shared and fair: waiting readings are served caller by
// caller in turn (render-pool.ts), so one caller's extractions never queue another's. An
// extraction's readings, queueing included, share one wall-time budget (brandPage.wallMs, ADR 0036);
// a reading that runs past what is left of it is a 422 naming brandPage.wallMs and the URL, and its
// worker is stopped and replaced at once. The caller going away stops it the same way. Fetching is
// not counted: BRAND_FETCH_TIMEOUT_MS bounds it apart, so an extraction lasts at most the two together.
import { DOCUMENT_BUDGETS, overBudget } from "../../domain/document-budgets.ts";
import { deadline, systemWallClock } from "../deadline.ts";
import { abandoned, createWorkerPool, type WorkerPool } from "../render-pool.ts";
import type { BrandFacts, BrandSources } from "./brand.ts";
import type { PageFacts } from "./page.ts";
import type { BrandJob } from "./read-worker.ts";

const BRAND_WORKER = new URL("./read-worker.ts", import.meta.url);

export type BrandPool = WorkerPool<BrandJob>;

/** The brand pool: `size` workers; a job's own limit is only a backstop behind each extraction's budget. */
export function createBrandPool(size: number): BrandPool {
  return createWorkerPool<BrandJob>(BRAND_WORKER, { size, jobTimeoutMs: DOCUMENT_BUDGETS.brandPage.wallMs + 1000 });
}

export type BrandReader = {
  page(html: string, pageUrl: string): Promise<PageFacts>;
  /** The @import references of each stylesheet, in order. */
  imports(sheets: string[]): Promise<string[][]>;
  brand(sources: Omit<BrandSources, "stylesheets"> & { stylesheets: string[] }): Promise<BrandFacts>;
  /** The extraction is done: its budget's timer goes. */
  end(): void;
};

export type BrandReading = {
  /** Whose turn the readings wait for: the account, or a keyless caller's address. */
  owner: string;
  /** The caller's: when it aborts, the reading under way stops. */
  signal?: AbortSignal | undefined;
  /** The reading budget: the document budget's unless a test says less. */
  wallMs?: number;
};

/** A reader for the extraction of `url`; `end` it when the extraction is done. */
export function openBrandReader(pool: BrandPool, url: string, { owner, signal, wallMs = DOCUMENT_BUDGETS.brandPage.wallMs }: BrandReading): BrandReader {
  const budget = deadline(systemWallClock, wallMs, (spent) => overBudget("brandPage", "wallMs", spent, url), signal);
  // Out of time (or stopped): refused at once, nothing queued for the pool to drop.
  const read = <T>(job: BrandJob): Promise<T> => (budget.signal.aborted ? Promise.reject(abandoned(budget.signal)) : pool.run<T>(job, owner, budget.signal));
  return {
    page: (html, pageUrl) => read<PageFacts>({ kind: "page", html, pageUrl }),
    imports: (sheets) => read<string[][]>({ kind: "imports", sheets }),
    brand: (sources) => read<BrandFacts>({ kind: "brand", sources }),
    end: budget.end,
  };
}
