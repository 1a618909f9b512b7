// Which of a site's images to try as its logo, in order. Vector first (a logo drawn at any size),
// in the order the page states them: an inline <svg> marked as the logo, a marked <img>, then the
// icons. Without a vector, the largest raster of the logo image and the icons wins (logo.ts
// measures them once fetched); og:image comes last, being a share card more often than a logo.
// ICO files are left out: a template logo is PNG, JPEG or SVG.
import type { ImageLink } from "./manifest.ts";
import type { LogoCandidate, LogoSource } from "./page.ts";

export type RankedLogos = { vectors: LogoCandidate[]; rasters: LogoCandidate[]; lastResort: LogoCandidate[] };

const SOURCE_ORDER: readonly LogoSource[] = ["inline-svg", "logo-image", "apple-touch-icon", "manifest-icon", "icon", "og-image"];
const SVG_TYPE = "image/svg+xml";

const isIco = (candidate: LogoCandidate): boolean => /icon$/.test(candidate.type ?? "") || /\.ico(?:$|[?#])/i.test(candidate.url ?? "");
const isSvg = (candidate: LogoCandidate): boolean => candidate.type === SVG_TYPE || (candidate.url?.startsWith(`data:${SVG_TYPE}`) ?? false);

export function manifestCandidates(icons: readonly ImageLink[]): LogoCandidate[] {
  return icons.map((icon) => ({ source: "manifest-icon", url: icon.url, markup: null, type: icon.type, size: icon.size, inHeader: false }));
}

export function rankLogoCandidates(candidates: readonly LogoCandidate[]): RankedLogos {
  const seen = new Set<string>();
  const unique = candidates.filter((candidate) => {
    const key = candidate.url ?? candidate.markup ?? "";
    if (seen.has(key) || isIco(candidate)) return false;
    seen.add(key);
    return true;
  });
  const order = (candidate: LogoCandidate): number => SOURCE_ORDER.indexOf(candidate.source) * 2 + (candidate.inHeader ? 0 : 1);
  const ranked = unique
    .map((candidate, index) => ({ candidate, index }))
    .sort((a, b) => order(a.candidate) - order(b.candidate) || (b.candidate.size ?? 0) - (a.candidate.size ?? 0) || a.index - b.index)
    .map(({ candidate }) => candidate);
  const lastResort = ranked.filter((candidate) => candidate.source === "og-image");
  const others = ranked.filter((candidate) => candidate.source !== "og-image");
  return { vectors: others.filter(isSvg), rasters: others.filter((candidate) => !isSvg(candidate)), lastResort };
}
