// A web app manifest (W3C Web Application Manifest) as brand extraction reads it: the name, the
// theme and background colours, and the icons with their sizes, URLs resolved against the
// manifest's own URL as the spec says. Anything malformed is left out rather than refused: a broken
// manifest costs the brand its manifest colours, not the extraction.
import { parseColor } from "./colors.ts";
import { resolvedUrl } from "./urls.ts";

export type ImageLink = { url: string; type: string | null; size: number | null };
export type SiteManifest = { name: string | null; themeColor: string | null; backgroundColor: string | null; icons: ImageLink[] };

export const EMPTY_MANIFEST: SiteManifest = { name: null, themeColor: null, backgroundColor: null, icons: [] };

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value.trim() : null);

/** The long side of the largest size in a `sizes` list (`48x48 192x192`); null for `any` or nothing. */
export function largestSize(sizes: string | null | undefined): number | null {
  const sides = (sizes ?? "")
    .toLowerCase()
    .split(/\s+/)
    .map((size) => /^(\d+)x(\d+)$/.exec(size))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => Math.max(Number(match[1]), Number(match[2])));
  return sides.length ? Math.max(...sides) : null;
}

export function readManifest(json: string, manifestUrl: string): SiteManifest {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return EMPTY_MANIFEST;
  }
  if (typeof parsed !== "object" || parsed === null) return EMPTY_MANIFEST;
  const manifest = parsed as Record<string, unknown>;
  const icons = (Array.isArray(manifest.icons) ? manifest.icons : [])
    .filter((icon): icon is Record<string, unknown> => typeof icon === "object" && icon !== null)
    // A monochrome icon is a silhouette for the system to tint, not the brand's colours.
    .filter((icon) => !String(icon.purpose ?? "").includes("monochrome"))
    .map((icon) => ({ url: resolvedUrl(text(icon.src), manifestUrl), type: text(icon.type), size: largestSize(text(icon.sizes)) }))
    .filter((icon): icon is ImageLink => icon.url !== null);
  const color = (value: unknown): string | null => {
    const written = text(value);
    return written ? parseColor(written) : null;
  };
  return { name: text(manifest.name) ?? text(manifest.short_name), themeColor: color(manifest.theme_color), backgroundColor: color(manifest.background_color), icons };
}
