// Brand extraction's worker entry: reading a fetched page (up to 2 MiB of HTML) and its stylesheets
// (up to 8 MiB of CSS) into the brand is synchronous CPU that grows with what a stranger's site
// serves, so it runs here, off the request thread; reader.ts starts one of these per extraction and
// stops it when the extraction ends or runs out of time (ADR 0036).
import { serveJobs } from "../../../render/worker-protocol.ts";
import { brandOf, type BrandSources } from "./brand.ts";
import { readStylesheet } from "./css.ts";
import { readPage } from "./page.ts";

/** A reading by kind: a page's facts, the @imports of stylesheets, a brand from the sheets' text. Import this module only as a type. */
export type BrandJob =
  | { kind: "page"; html: string; pageUrl: string }
  | { kind: "imports"; sheets: string[] }
  | { kind: "brand"; sources: Omit<BrandSources, "stylesheets"> & { stylesheets: string[] } };

async function runBrandJob(job: BrandJob): Promise<unknown> {
  switch (job.kind) {
    case "page":
      return readPage(job.html, job.pageUrl);
    case "imports":
      return job.sheets.map((sheet) => readStylesheet(sheet).imports);
    case "brand":
      return brandOf({ ...job.sources, stylesheets: job.sources.stylesheets.map(readStylesheet) });
  }
}

serveJobs(runBrandJob);
