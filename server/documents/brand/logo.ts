// The logo of a site, found and stored as a template stores one: candidates fetched (a few at once,
// within the extraction's time budget), each checked by render/logo.ts in the render workers (PNG
// and JPEG by their bytes, SVG sanitized and drawn to PNG), so only what a template would accept
// is kept. A vector wins; else the largest raster by its real pixels; og:image last.
import type { AcceptedLogo } from "../../../render/logo.ts";
import { AppError } from "../../domain/errors.ts";
import type { Services } from "../../services.ts";
import type { RankedLogos } from "./logo-candidates.ts";
import type { LogoCandidate, LogoSource } from "./page.ts";
import { dataUrlOf, fetchResource, type SiteFetcher } from "./site.ts";

export type FoundLogo = { accepted: AcceptedLogo; source: LogoSource; sourceUrl: string | null };

/** Images fetched in all, so a page listing a hundred icons costs a handful of requests. */
const MAX_LOGO_FETCHES = 6;
const SVG_TYPE = "image/svg+xml";

type Loaded = { candidate: LogoCandidate; dataUrl: string; vector: boolean };

/** The candidate as a data: URL, by what it really is (a served file's Content-Type, not its name). */
async function load(fetcher: SiteFetcher, candidate: LogoCandidate): Promise<Loaded | null> {
  if (candidate.markup !== null) return { candidate, dataUrl: dataUrlOf(SVG_TYPE, new TextEncoder().encode(candidate.markup)), vector: true };
  const url = candidate.url!;
  if (url.startsWith("data:")) return { candidate, dataUrl: url, vector: url.toLowerCase().startsWith(`data:${SVG_TYPE}`) };
  const fetched = await fetchResource(fetcher, url, "image");
  return fetched && { candidate, dataUrl: dataUrlOf(fetched.type, fetched.bytes), vector: fetched.type === SVG_TYPE };
}

/** What render/logo.ts makes of it, or null when it refuses (a 422 on a template's logo is a skipped candidate here). */
async function accept(services: Services, loaded: Loaded): Promise<FoundLogo | null> {
  try {
    // A site's brand is cached for every account that asks: its logo is nobody's in the render queue.
    const accepted = await services.renderer.acceptLogo(loaded.dataUrl, null);
    return { accepted, source: loaded.candidate.source, sourceUrl: loaded.candidate.url?.startsWith("data:") ? null : loaded.candidate.url };
  } catch (error) {
    if (error instanceof AppError && error.code === "VALIDATION_ERROR") return null;
    throw error;
  }
}

export async function findLogo(services: Services, fetcher: SiteFetcher, ranked: RankedLogos): Promise<FoundLogo | null> {
  const tries = [...ranked.vectors, ...ranked.rasters].slice(0, MAX_LOGO_FETCHES);
  const loaded = (await Promise.all(tries.map((candidate) => load(fetcher, candidate)))).filter((item): item is Loaded => item !== null);
  for (const item of loaded.filter((candidate) => candidate.vector)) {
    const found = await accept(services, item);
    if (found) return found;
  }
  const rasters = (await Promise.all(loaded.filter((item) => !item.vector).map((item) => accept(services, item)))).filter((found): found is FoundLogo => found !== null);
  const area = (found: FoundLogo): number => found.accepted.width * found.accepted.height;
  const largest = rasters.reduce<FoundLogo | null>((best, found) => (!best || area(found) > area(best) ? found : best), null);
  if (largest) return largest;
  for (const candidate of ranked.lastResort) {
    const item = await load(fetcher, candidate);
    const found = item && (await accept(services, item));
    if (found) return found;
  }
  return null;
}
