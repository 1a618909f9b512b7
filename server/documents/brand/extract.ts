// Brand extraction end to end (POST /api/brand-extract): one extraction per normalized URL and day,
// shared by every caller. On a miss: fetch the page (a 422 naming the URL when it cannot be had),
// read it, fetch its stylesheets and manifest together, then its logo; rank colours and fonts;
// store the logo as a file behind a signed link (files/, purged with the link after its day) and
// the extraction beside it, in one transaction. A hit answers from the row, the logo re-signed.
// The reading (page, stylesheets, ranking) runs in the shared brand pool, caller by caller in turn,
// within a wall-time budget (reader.ts), so no page, however hostile, stalls the requests of others.
import { findFile, insertFile, type StoredFile } from "../../../db/queries/files.ts";
import { findBrandExtraction, saveBrandExtraction, type BrandExtractionRow } from "../../../db/queries/brand-extractions.ts";
import { signedPath } from "../../domain/signing.ts";
import type { Services } from "../../services.ts";
import { FILE_LIFETIME_MS, newFile } from "../exports.ts";
import type { BrandFacts } from "./brand.ts";
import { isFontServiceUrl } from "./fonts.ts";
import { findLogo, type FoundLogo } from "./logo.ts";
import { manifestCandidates, rankLogoCandidates } from "./logo-candidates.ts";
import { EMPTY_MANIFEST, readManifest, type SiteManifest } from "./manifest.ts";
import type { LogoCandidate, LogoSource, PageFacts } from "./page.ts";
import type { PaletteEntry } from "./palette.ts";
import type { SiteFonts } from "./fonts.ts";
import { dataUrlOf, fetchPage, fetchResource, siteProblem, textOf, type SiteFetcher, siteFetcher } from "./site.ts";
import { openBrandReader, type BrandReader, type BrandReading } from "./reader.ts";
import { templateOptionsOf, type BrandTemplateOptions } from "./template-options.ts";
import { normalizedSiteUrl, resolvedUrl } from "./urls.ts";

/** Linked and @imported stylesheets fetched per extraction (inline <style> comes with the page). */
const MAX_STYLESHEETS = 8;

type StoredLogoFacts = { content_type: "image/png" | "image/jpeg"; width: number; height: number; size: number; sha256: string; source: LogoSource; source_url: string | null };

/** What the cache row keeps: the extraction without its links (signed anew for each answer). */
type StoredBrand = { final_url: string; brand: BrandFacts; logo: StoredLogoFacts | null };

export type BrandLogo = StoredLogoFacts & { url: string; expires_at: string };

export type BrandExtraction = {
  url: string;
  final_url: string;
  name: string;
  colors: { palette: PaletteEntry[]; primary: string | null; accent: string | null; background: string | null; text: string | null };
  fonts: SiteFonts;
  logo: BrandLogo | null;
  template_options: BrandTemplateOptions;
  fetched_at: string;
  expires_at: string;
  cached: boolean;
};

/** The text of every stylesheet the page uses: inline, linked, and what those @import. */
async function stylesheetsOf(fetcher: SiteFetcher, reader: BrandReader, page: PageFacts, pageUrl: string): Promise<string[]> {
  const linked = await fetchSheets(fetcher, page.stylesheetUrls.slice(0, MAX_STYLESHEETS));
  const sheets = [...page.inlineStyles.map((text) => ({ text, base: pageUrl })), ...linked];
  const references = await reader.imports(sheets.map(({ text }) => text));
  const imported = sheets
    .flatMap(({ base }, index) => references[index]!.map((reference) => resolvedUrl(reference, base)))
    .filter((url): url is string => url !== null && !url.startsWith("data:") && !isFontServiceUrl(url) && !page.stylesheetUrls.includes(url));
  const more = await fetchSheets(fetcher, [...new Set(imported)].slice(0, MAX_STYLESHEETS - linked.length));
  return [...sheets, ...more].map(({ text }) => text);
}

async function fetchSheets(fetcher: SiteFetcher, urls: readonly string[]): Promise<Array<{ text: string; base: string }>> {
  const fetched = await Promise.all(urls.map((url) => fetchResource(fetcher, url, "stylesheet")));
  return fetched.flatMap((sheet) => (sheet ? [{ text: textOf(sheet), base: sheet.url }] : []));
}

async function manifestOf(fetcher: SiteFetcher, page: PageFacts): Promise<SiteManifest> {
  const fetched = page.manifestUrl ? await fetchResource(fetcher, page.manifestUrl, "manifest") : null;
  return fetched ? readManifest(textOf(fetched), fetched.url) : EMPTY_MANIFEST;
}

/** The page read in its own worker, with what it links: the brand, and the logos the page and manifest offer. */
async function readSite(fetcher: SiteFetcher, reader: BrandReader, page: { url: string; html: string }): Promise<{ brand: BrandFacts; logos: LogoCandidate[] }> {
  const facts = await reader.page(page.html, page.url);
  const [stylesheets, manifest] = await Promise.all([stylesheetsOf(fetcher, reader, facts, page.url), manifestOf(fetcher, facts)]);
  const brand = await reader.brand({ pageUrl: page.url, page: facts, stylesheets, manifest });
  return { brand, logos: [...facts.logos, ...manifestCandidates(manifest.icons)] };
}

/** Fetches and reads the site: its brand, where the page really was, and the logo if one passed. */
async function extractFromSite(services: Services, url: string, reading: BrandReading): Promise<{ finalUrl: string; brand: BrandFacts; logo: FoundLogo | null }> {
  const fetcher = siteFetcher(services);
  const page = await fetchPage(fetcher, url);
  const reader = openBrandReader(services.brandReaders, page.url, reading);
  const { brand, logos } = await readSite(fetcher, reader, page).finally(reader.end);
  const logo = await findLogo(services, fetcher, rankLogoCandidates(logos));
  return { finalUrl: page.url, brand, logo };
}

type LogoFile = { file: StoredFile; bytes: Uint8Array };

/** Stores the logo's bytes and file row and the extraction's row, the rows in one transaction. */
async function store(services: Services, url: string, { finalUrl, brand, logo }: Awaited<ReturnType<typeof extractFromSite>>): Promise<{ row: BrandExtractionRow; logoFile: LogoFile | null }> {
  const now = services.clock.now();
  let logoFile: LogoFile | null = null;
  if (logo) {
    const host = new URL(finalUrl).hostname.replace(/[^A-Za-z0-9.-]+/g, "-");
    const extension = logo.accepted.format === "jpeg" ? "jpg" : "png";
    const { bytes, content_type: contentType } = logo.accepted;
    logoFile = { file: await newFile(services, { accountId: null, invoiceId: null, cacheKey: null, format: "logo", contentType, fileName: `${host}-logo.${extension}`, extension, bytes }), bytes };
    await services.blobs.put(logoFile.file.blobKey, bytes);
  }
  const stored: StoredBrand = {
    final_url: finalUrl,
    brand,
    logo: logo && { content_type: logo.accepted.content_type, width: logo.accepted.width, height: logo.accepted.height, size: logo.accepted.size, sha256: logo.accepted.sha256, source: logo.source, source_url: logo.sourceUrl },
  };
  // The cache entry ends with its logo file, so a hit never finds the file purged.
  const expiresAt = logoFile?.file.expiresAt ?? new Date(now.getTime() + FILE_LIFETIME_MS).toISOString();
  const row: BrandExtractionRow = { url, result: stored, logoFileId: logoFile?.file.id ?? null, fetchedAt: now.toISOString(), expiresAt };
  await services.database.write(async (tx) => {
    if (logoFile) await insertFile(tx, logoFile.file);
    await saveBrandExtraction(tx, row, now.toISOString());
  });
  return { row, logoFile };
}

/** The stored logo of a cached extraction, or null when it has none or its file is gone. */
async function storedLogoFile(services: Services, row: BrandExtractionRow): Promise<LogoFile | null> {
  const file = row.logoFileId ? await findFile(services.database.db, row.logoFileId) : undefined;
  const bytes = file ? await services.blobs.get(file.blobKey) : null;
  return file && bytes ? { file, bytes } : null;
}

/** The answer from a row and its logo: the link signed anew, the bytes inlined for template_options. */
async function answer(services: Services, row: BrandExtractionRow, logoFile: LogoFile | null, cached: boolean): Promise<BrandExtraction> {
  const { final_url, brand, logo } = row.result as StoredBrand;
  const signed = logoFile && (await signedPath(services.secretKey, `/files/${logoFile.file.id}`, new Date(logoFile.file.expiresAt)));
  const { entries, ...roles } = brand.colors;
  return {
    url: row.url,
    final_url,
    name: brand.name,
    colors: { palette: entries, ...roles },
    fonts: brand.fonts,
    logo: logo && logoFile && { ...logo, url: `${services.config.publicUrl}${signed}`, expires_at: logoFile.file.expiresAt },
    template_options: templateOptionsOf(brand, logoFile && dataUrlOf(logoFile.file.contentType, logoFile.bytes)),
    fetched_at: row.fetchedAt,
    expires_at: row.expiresAt,
    cached,
  };
}

/** `reading` says whose turn the page's reading waits for, and when its caller went away. */
export async function extractBrand(services: Services, text: string, reading: BrandReading): Promise<BrandExtraction> {
  const url = normalizedSiteUrl(text);
  if (!url) throw siteProblem(text, "not_http", "not an http or https URL");
  const cached = await findBrandExtraction(services.database.db, url, services.clock.now().toISOString());
  if (cached) {
    const logoFile = await storedLogoFile(services, cached);
    // A logo whose file went missing (a restored database, a wiped blob folder) is extracted again.
    if (logoFile || !cached.logoFileId) return answer(services, cached, logoFile, true);
  }
  const { row, logoFile } = await store(services, url, await extractFromSite(services, url, reading));
  return answer(services, row, logoFile, false);
}
